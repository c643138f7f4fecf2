import CHitTestShim
import HitTestCAPI

/// Sequences of C API calls decoded from arbitrary bytes: worlds created and destroyed,
/// views added, removed, moved and changed with any values (NaN, infinities, huge,
/// negative, unknown enum values), queries, reads, and ids that are null, stale (removed
/// views, destroyed worlds) or foreign (another world's).
public enum CAPISequenceTarget {
    /// Every call must return `HT_OK` or a documented error code (never crash); a hit
    /// names live views; every call on a null id fails with `HT_ERROR_NULL_ID`; and once
    /// every world is destroyed, the library holds no bytes.
    /// `countBytes`: compare the library's live bytes before and after; only meaningful
    /// when nothing else in the process builds stores meanwhile (the fuzzer, not the
    /// parallel test suite).
    public static func check(_ bytes: [UInt8], countBytes: Bool = true) -> FuzzReport {
        var report = FuzzReport()
        var input = _Bytes(bytes)
        let bytesBefore = htGetByteCount()
        var worlds: [htWorldId] = [htWorldId()]
        var views: [htViewId] = [htViewId()]
        func result(_ r: htResult, _ what: String) {
            report.check(r >= HT_OK && r <= HT_ERROR_BUFFER_TOO_SMALL, "\(what) returned \(r)")
        }
        func world() -> htWorldId { worlds[input.index(worlds.count)] }
        func view() -> htViewId { views[input.index(views.count)] }
        func viewDef() -> htViewDef {
            var d = HitTestCAPI.htDefaultViewDef()
            d.frame = htRect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
            if input.bit() { d.alpha = Float(input.double()) }
            d.hidden = input.bit()
            if input.bit() {
                d.transform = htTransform(
                    a: input.double(), b: input.double(), c: input.double(), d: input.double(),
                    tx: input.double(), ty: input.double())
            }
            d.hitRules.shape = Int32(input.byte() % 4)
            d.hitRules.pointInside = Int32(input.byte() % 4)
            return d
        }
        var steps = 0
        while !input.isEmpty, steps < 200 {
            steps += 1
            switch input.byte() % 16 {
            case 0:
                var def = HitTestCAPI.htDefaultWorldDef()
                if input.bit() {
                    def.screenWidth = input.double()
                    def.screenHeight = input.double()
                }
                def.indexThreshold = Int32(input.byte() % 40) - 2
                worlds.append(HitTestCAPI.htCreateWorld(&def))
            case 1: result(HitTestCAPI.htDestroyWorld(world()), "htDestroyWorld")
            case 2:
                var def = viewDef()
                views.append(HitTestCAPI.htWorld_AddWindow(world(), &def))
            case 3:
                var def = viewDef()
                views.append(HitTestCAPI.htWorld_AddView(world(), view(), &def))
            case 4: result(HitTestCAPI.htView_Remove(view()), "htView_Remove")
            case 5:
                result(HitTestCAPI.htView_Move(view(), view(), Int32(input.byte()) - 8), "htView_Move")
            case 6:
                let r = htRect(x: input.double(), y: input.double(), width: input.double(), height: input.double())
                result(input.bit() ? HitTestCAPI.htView_SetFrame(view(), r) : HitTestCAPI.htView_SetBounds(view(), r), "set frame or bounds")
            case 7:
                result(HitTestCAPI.htView_SetCenter(view(), htVec2(x: input.double(), y: input.double())), "htView_SetCenter")
            case 8:
                let t = htTransform(
                    a: input.double(), b: input.double(), c: input.double(), d: input.double(),
                    tx: input.double(), ty: input.double())
                result(HitTestCAPI.htView_SetTransform(view(), t), "htView_SetTransform")
            case 9:
                let v = view()
                result(HitTestCAPI.htView_SetHidden(v, input.bit()), "htView_SetHidden")
                result(HitTestCAPI.htView_SetAlpha(v, Float(input.double())), "htView_SetAlpha")
                result(HitTestCAPI.htView_SetUserInteractionEnabled(v, input.bit()), "interaction")
            case 10:
                var rules = htHitRules()
                rules.shape = Int32(input.byte()) - 2
                rules.pointInside = Int32(input.byte() % 5)
                rules.hitTest = Int32(input.byte() % 5)
                rules.insets = htInsets(top: input.double(), left: input.double(), bottom: input.double(), right: input.double())
                result(HitTestCAPI.htView_SetHitRules(view(), &rules), "htView_SetHitRules")
            case 11:
                var hit = htHit()
                let w = world()
                let r = HitTestCAPI.htWorld_HitTest(w, htVec2(x: input.double(), y: input.double()), &hit)
                result(r, "htWorld_HitTest")
                if r == HT_OK, hit.view.index1 != 0 {
                    report.check(HitTestCAPI.htView_IsValid(hit.view) && HitTestCAPI.htView_IsValid(hit.window), "a hit names a dead view")
                }
                if w.index1 == 0 { report.check(r == HT_ERROR_NULL_ID, "a null world answered \(r)") }
            case 12:
                let points = (0..<Int(input.byte() % 8)).map { _ in htVec2(x: input.double(), y: input.double()) }
                var hits = [htHit](repeating: htHit(), count: points.count)
                result(
                    HitTestCAPI.htWorld_HitTestBatch(world(), points, Int32(points.count), &hits, Int32(input.byte() % 3)),
                    "htWorld_HitTestBatch")
            case 13:
                let v = view()
                var buffer = [CChar](repeating: 0, count: Int(input.byte() % 64))
                var length: UInt = 0
                var count: Int32 = 0
                let capacity = UInt(buffer.count)
                result(HitTestCAPI.htView_GetName(v, &buffer, capacity, &length), "htView_GetName")
                result(HitTestCAPI.htView_GetResponderChain(v, &buffer, capacity, &length, &count), "chain")
                var parent = htViewId()
                result(HitTestCAPI.htView_GetParent(v, &parent), "htView_GetParent")
                var frame = htRect()
                let r = HitTestCAPI.htView_GetFrame(v, &frame)
                result(r, "htView_GetFrame")
                if v.index1 == 0 { report.check(r == HT_ERROR_NULL_ID, "a null view answered \(r)") }
            case 14:
                result(input.bit() ? HitTestCAPI.htView_BringToFront(view()) : HitTestCAPI.htView_SendToBack(view()), "reorder")
            default:
                result(HitTestCAPI.htView_SetRedirect(view(), view()), "htView_SetRedirect")
            }
        }
        for w in worlds where HitTestCAPI.htWorld_IsValid(w) { _ = HitTestCAPI.htDestroyWorld(w) }
        report.check(
            !countBytes || htGetByteCount() == bytesBefore,
            "\(htGetByteCount() - bytesBefore) bytes held after every world was destroyed")
        return report
    }
}

/// Reads the fuzz input as a stream of choices; past its end every read is 0.
struct _Bytes {
    var bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isEmpty: Bool { at >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }

    mutating func bit() -> Bool { byte() & 1 == 1 }

    mutating func index(_ n: Int) -> Int { Int(byte()) % n }

    /// Mostly ordinary coordinates, sometimes the values that break arithmetic.
    mutating func double() -> Double {
        let b = byte()
        switch b % 16 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return .greatestFiniteMagnitude
        case 4: return -0.0
        case 5: return .leastNonzeroMagnitude
        case 6: return Double(Int8(bitPattern: byte())) * 1e6
        default: return Double(Int8(bitPattern: byte())) * 4 + Double(b) / 16
        }
    }
}
