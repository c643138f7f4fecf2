import CHitTestShim
import HitTestCAPI

/// Sequences of C API calls decoded from arbitrary bytes: worlds created and destroyed,
/// views added, removed, moved and changed with any values (NaN, infinities, huge,
/// negative, unknown enum values), queries, reads, dispatchers fed hostile frames (touches
/// that never began, repeated ids, unknown phases, NaN times and points), recognizers,
/// controls and callbacks attached and removed, and ids that are null, stale (removed
/// views and recognizers, destroyed worlds and dispatchers) or foreign (another world's).
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
        var dispatchers: [htDispatcherId] = [htDispatcherId()]
        var gestures: [htGestureId] = [htGestureId()]
        var time = 0.0
        func result(_ r: htResult, _ what: String) {
            report.check(r >= HT_OK && r <= HT_ERROR_BUFFER_TOO_SMALL, "\(what) returned \(r)")
        }
        func world() -> htWorldId { worlds[input.index(worlds.count)] }
        func view() -> htViewId { views[input.index(views.count)] }
        func dispatcher() -> htDispatcherId { dispatchers[input.index(dispatchers.count)] }
        func gesture() -> htGestureId { gestures[input.index(gestures.count)] }
        /// Mostly later times, sometimes any value.
        func nextTime() -> Double {
            if input.byte() % 4 == 0 { return input.double() }
            time += Double(input.byte() % 8) * 0.05
            return time
        }
        func checkEvents(_ d: htDispatcherId) {
            let e = HitTestCAPI.htDispatcher_GetEvents(d)
            report.check(e.count >= 0 && (e.count == 0 || e.events != nil), "events \(e.count)")
            for i in 0..<Int(max(e.count, 0)) {
                let x = e.events![i]
                report.check(x.type >= HT_EVENT_DELIVERY && x.type <= HT_EVENT_SCROLL_DECISION, "event type \(x.type)")
                report.check(x.name != nil, "an event without a name")
                report.check(x.time.isFinite, "an event at time \(x.time)")
            }
        }
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
            switch input.byte() % 24 {
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
                var center = htVec2()
                var rules = htHitRules()
                var alpha: Float = 0
                var flag = false
                var data: UInt = 0
                result(HitTestCAPI.htView_GetCenter(v, &center), "htView_GetCenter")
                result(HitTestCAPI.htView_GetBounds(v, &frame), "htView_GetBounds")
                result(HitTestCAPI.htView_GetHitRules(v, &rules), "htView_GetHitRules")
                result(HitTestCAPI.htView_GetAlpha(v, &alpha), "htView_GetAlpha")
                result(HitTestCAPI.htView_GetHidden(v, &flag), "htView_GetHidden")
                result(HitTestCAPI.htView_GetRedirect(v, &parent), "htView_GetRedirect")
                result(HitTestCAPI.htView_SetUserData(v, UInt(input.byte())), "htView_SetUserData")
                result(
                    input.bit()
                        ? HitTestCAPI.htView_GetUserData(v, &data) : HitTestCAPI.htView_GetUserData(v, nil),
                    "htView_GetUserData")
                var ids = [htViewId](repeating: htViewId(), count: Int(input.byte() % 4))
                var n: Int32 = 0
                result(HitTestCAPI.htView_GetChildren(v, &ids, Int32(ids.count), &n), "htView_GetChildren")
                result(HitTestCAPI.htWorld_GetWindows(world(), &ids, Int32(ids.count), &n), "htWorld_GetWindows")
            case 14:
                result(input.bit() ? HitTestCAPI.htView_BringToFront(view()) : HitTestCAPI.htView_SendToBack(view()), "reorder")
            case 15:
                result(HitTestCAPI.htView_SetRedirect(view(), view()), "htView_SetRedirect")
            case 16:
                var def = HitTestCAPI.htDefaultDispatcherDef()
                if input.bit() { def.multiTapInterval = input.double() }
                if input.bit() { def.tapSlop = input.double() }
                if input.byte() % 8 == 0 { def.internalValue = 0 }
                dispatchers.append(HitTestCAPI.htCreateDispatcher(world(), &def))
            case 17: result(HitTestCAPI.htDestroyDispatcher(dispatcher()), "htDestroyDispatcher")
            case 18:
                var def = HitTestCAPI.htDefaultGestureDef()
                def.kind = Int32(input.byte() % 10) - 1  // -1 ... 8: every kind and two bad ones
                def.taps = Int32(input.byte() % 4)
                def.touches = Int32(input.byte() % 4)
                def.minimumTouches = Int32(input.byte() % 4)
                def.maximumTouches = Int32(input.byte() % 4)
                if input.bit() { def.minimumPressDuration = input.double() }
                if input.bit() { def.hysteresis = input.double() }
                def.cancelsTouchesInView = input.bit()
                def.delaysTouchesBegan = input.bit()
                def.delaysTouchesEnded = input.bit()
                def.swipeDirections = UInt32(input.byte() % 18)  // 0 and 16, 17 are refused
                def.edges = UInt32(input.byte() % 18)
                let names = ["a", "b", "c", ""]
                let pick = input.index(names.count + 1)
                let g: htGestureId
                if pick == names.count {
                    g = HitTestCAPI.htDispatcher_AddGesture(dispatcher(), view(), &def)
                } else {
                    let (d, v) = (dispatcher(), view())
                    g = names[pick].withCString { n in
                        def.name = n
                        return HitTestCAPI.htDispatcher_AddGesture(d, v, &def)
                    }
                }
                gestures.append(g)
            case 19:
                let (g, other) = (gesture(), gesture())
                switch input.byte() % 9 {
                case 0: result(HitTestCAPI.htGesture_Remove(g), "htGesture_Remove")
                case 5:
                    result(HitTestCAPI.htGesture_ShouldRequireFailureOf(g, other), "shouldRequireFailureOf")
                case 6:
                    result(HitTestCAPI.htGesture_ShouldBeRequiredToFailBy(g, other), "shouldBeRequiredToFailBy")
                case 7:
                    var rotation = 0.0
                    var angular = 0.0
                    result(HitTestCAPI.htGesture_GetRotation(g, &rotation, &angular), "htGesture_GetRotation")
                case 1: result(HitTestCAPI.htGesture_RequireToFail(g, other), "requireToFail")
                case 2:
                    result(HitTestCAPI.htGesture_RecognizeSimultaneouslyWith(g, other), "simultaneous")
                case 3: result(HitTestCAPI.htGesture_SetEnabled(g, input.bit()), "htGesture_SetEnabled")
                case 4:
                    var state: Int32 = -1
                    let r = HitTestCAPI.htGesture_GetState(g, &state)
                    result(r, "htGesture_GetState")
                    if r == HT_OK { report.check(state >= 0 && state <= HT_STATE_RECOGNIZED, "state \(state)") }
                    if g.index1 == 0 { report.check(r == HT_ERROR_NULL_ID, "a null gesture answered \(r)") }
                default:
                    var t = htVec2()
                    var v = htVec2()
                    var scale = 0.0
                    result(HitTestCAPI.htGesture_GetReport(g, &t, &v, &scale), "htGesture_GetReport")
                }
            case 20:
                let (d, v) = (dispatcher(), view())
                let value = Int32(input.byte() % 12) - 2
                switch input.byte() % 7 {
                case 0: result(HitTestCAPI.htDispatcher_SetTouchHandling(d, v, value), "touch handling")
                case 5:
                    result(
                        input.bit()
                            ? HitTestCAPI.htDispatcher_SetNextResponder(d, v, view())
                            : HitTestCAPI.htDispatcher_SetViewControllerNextResponder(d, v, view()),
                        "next responder")
                case 1:
                    result(
                        HitTestCAPI.htDispatcher_SetViewControllerTouchHandling(d, v, value),
                        "view controller touch handling")
                case 2: result(HitTestCAPI.htDispatcher_SetMultipleTouchEnabled(d, v, input.bit()), "multiple")
                case 3: result(HitTestCAPI.htDispatcher_SetExclusiveTouch(d, v, input.bit()), "exclusive")
                case 4:
                    var def = HitTestCAPI.htDefaultControlDef()
                    def.enabled = input.bit()
                    if input.bit() { def.trackingSlop = input.double() }
                    result(HitTestCAPI.htDispatcher_SetControl(d, v, &def), "htDispatcher_SetControl")
                default:
                    result(
                        input.bit()
                            ? HitTestCAPI.htDispatcher_AddControlAction(d, v, value, "act")
                            : HitTestCAPI.htDispatcher_AddControlAction(d, v, value, nil),
                        "htDispatcher_AddControlAction")
                }
            case 21:
                let d = dispatcher()
                let touches = (0..<Int(input.byte() % 4)).map { _ in
                    htTouchInput(
                        id: Int64(input.byte() % 4), phase: Int32(input.byte() % 7) - 1,
                        point: htVec2(x: input.double(), y: input.double()))
                }
                let t = nextTime()
                let r =
                    input.byte() % 8 == 0
                    ? HitTestCAPI.htDispatcher_Feed(d, t, nil, Int32(touches.count))
                    : HitTestCAPI.htDispatcher_Feed(d, t, touches, Int32(touches.count))
                result(r, "htDispatcher_Feed")
                if d.index1 == 0 { report.check(r == HT_ERROR_NULL_ID, "a null dispatcher answered \(r)") }
                checkEvents(d)
            case 22:
                let d = dispatcher()
                switch input.byte() % 5 {
                case 0: result(HitTestCAPI.htDispatcher_AdvanceTime(d, nextTime()), "htDispatcher_AdvanceTime")
                case 3:
                    var p = htVec2(x: input.double(), y: input.double())
                    let t = nextTime()
                    result(
                        input.bit() ? HitTestCAPI.htDispatcher_MovePointer(d, t, &p)
                            : HitTestCAPI.htDispatcher_MovePointer(d, t, nil),
                        "htDispatcher_MovePointer")
                case 1:
                    result(HitTestCAPI.htDispatcher_CancelAllTouches(d, nextTime()), "cancel all touches")
                case 2: result(HitTestCAPI.htDispatcher_Reset(d), "htDispatcher_Reset")
                default:
                    var count: Int32 = -1
                    result(HitTestCAPI.htDispatcher_GetActiveTouchCount(d, &count), "active touches")
                }
                checkEvents(d)
            default:
                let d = dispatcher()
                if input.bit() {
                    result(HitTestCAPI.htDispatcher_SetCallbacks(d, nil), "htDispatcher_SetCallbacks")
                } else {
                    var c = htDispatchCallbacks()
                    let answer = input.byte()
                    if answer & 1 != 0 { c.shouldBegin = { _, _ in false } }
                    if answer & 2 != 0 { c.shouldReceiveTouch = { _, t, _ in t!.pointee.id % 2 == 0 } }
                    if answer & 4 != 0 { c.shouldRecognizeSimultaneously = { _, _, _ in true } }
                    if answer & 8 != 0 { c.shouldRequireFailureOf = { a, b, _ in a.index1 < b.index1 } }
                    if answer & 16 != 0 { c.touchHandling = { _, m, _, _ in m % 4 - 1 } }
                    if answer & 32 != 0 { c.touchHandling = { _, _, _, _ in 77 } }
                    if answer & 64 != 0 { c.shouldBeRequiredToFailBy = { a, b, _ in a.index1 > b.index1 } }
                    if answer & 128 != 0 { c.nextResponder = { r, _ in r!.pointee.view } }
                    result(HitTestCAPI.htDispatcher_SetCallbacks(d, &c), "htDispatcher_SetCallbacks")
                }
            }
        }
        for d in dispatchers where d.index1 != 0 { _ = HitTestCAPI.htDestroyDispatcher(d) }
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
