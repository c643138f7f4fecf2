import HitTestGeometry
import HitTestJSON

/// Reads a `hittest-scene/1` document straight from its bytes into ``SceneColumns``: one
/// pass, no JSON tree, no `SceneView` for a plain view, no path strings.
///
/// The reader is the fast path of loading, not a second definition of the format: it
/// accepts only documents that it can prove valid by every rule `Scene.load` checks, in
/// the subset of the format it knows, and returns nil for anything else:
/// any error, and any document it leaves to the full decoder. The caller then runs
/// `Scene.load`, which reports every issue with its path, view id and field, or loads
/// what this reader does not. So a rejection always has the full decoder's words, and an
/// accepted document is exactly the scene `Scene.load` gives (the parity tests and the
/// scene-loader fuzzer compare the two).
///
/// It reads the view fields of geometry and hit-testing itself. A view's view-controller
/// and event-dispatch fields (gestures, control, scroll view, touches, `next`...) are
/// rarer and richer: each is parsed by the JSON reader and decoded by the full decoder's
/// own functions (`SceneDecoder.decodeControllerAndEvents`), and the views with any of
/// them are checked by the validator once read, for the rules across views.
///
/// Strings are taken as they are written when they hold printable ASCII only; an escape
/// or any other byte in a string sends the document to the full decoder (ids compare
/// there as `String`s, by canonical equivalence). Numbers follow the JSON reader's
/// grammar and conversion exactly.
package enum SceneStreamReader {
    /// The scene in `bytes`, or nil when the document has an error or needs the full
    /// decoder (see the type's documentation). Never traps, whatever the bytes.
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, limits: Scene.Limits = .default)
        -> SceneColumns?
    {
        guard bytes.count <= limits.maxJSONBytes, let base = bytes.baseAddress, bytes.count > 0
        else { return nil }
        var parser = _SceneStreamParser(base: base, end: bytes.count, limits: limits)
        defer { parser.open.deallocate() }
        do {
            try parser.readDocument()
            guard parser.ids.sortAndCheck(parser.out) else { return nil }
            try parser.resolveRedirects()
        } catch {
            return nil
        }
        // View controllers and event settings have rules across views (names used once,
        // gesture and `next` references, `presentedBy` chains), checked by the validator.
        if parser.hasControllerOrEvents && !parser.controllerAndEventRulesHold() { return nil }
        return parser.out
    }

    /// `read` on an array's bytes.
    package static func read(_ bytes: [UInt8], limits: Scene.Limits = .default) -> SceneColumns? {
        bytes.withUnsafeBufferPointer { read($0, limits: limits) }
    }
}

/// Thrown inside the reader to leave the document to the full decoder.
struct _LeaveToDecoder: Error {}

/// The view fields the reader knows, as bits of `_OpenView.seen`.
enum _ViewField: UInt32 {
    case id = 0
    case className, frame, center, size, boundsOrigin, transform, anchorPoint, hidden
    case alpha, userInteractionEnabled, clipsToBounds, hitInsets, hitShape, pointInside
    case hitTestRule, redirectTo, level, subviews

    var bit: UInt32 { 1 << rawValue }

    /// The field named by the key bytes `k`, or nil for a key this reader does not know.
    static func named(_ k: UnsafeBufferPointer<UInt8>) -> _ViewField? {
        switch k.count {
        case 2: return _same(k, "id") ? .id : nil
        case 4: return _same(k, "size") ? .size : nil
        case 5:
            if _same(k, "class") { return .className }
            if _same(k, "frame") { return .frame }
            if _same(k, "alpha") { return .alpha }
            if _same(k, "level") { return .level }
            return nil
        case 6:
            if _same(k, "center") { return .center }
            if _same(k, "hidden") { return .hidden }
            return nil
        case 8:
            if _same(k, "subviews") { return .subviews }
            if _same(k, "hitShape") { return .hitShape }
            return nil
        case 9:
            if _same(k, "transform") { return .transform }
            if _same(k, "hitInsets") { return .hitInsets }
            return nil
        case 10: return _same(k, "redirectTo") ? .redirectTo : nil
        case 11:
            if _same(k, "anchorPoint") { return .anchorPoint }
            if _same(k, "pointInside") { return .pointInside }
            if _same(k, "hitTestRule") { return .hitTestRule }
            return nil
        case 12: return _same(k, "boundsOrigin") ? .boundsOrigin : nil
        case 13: return _same(k, "clipsToBounds") ? .clipsToBounds : nil
        case 22: return _same(k, "userInteractionEnabled") ? .userInteractionEnabled : nil
        default: return nil
        }
    }
}

@inline(__always)
func _same(_ k: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    k.count == name.utf8CodeUnitCount
        && _bytesEqual(k.baseAddress!, name.utf8Start, k.count)
}

@inline(__always)
func _bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    for i in 0..<n where a[i] != b[i] { return false }
    return true
}

/// The ids of a document, for duplicates and redirect targets, found by sorting rather
/// than hashing into a table: each view adds one key, a 33-bit hash of its id above its
/// index (24 bits), written in order; at the end the keys are radix sorted (3 passes of
/// 11 bits over the hash) and equal neighbours compared by their bytes. On a million ids a
/// table's random probes missed the cache once an insert; the sort streams.
struct _IDKeys {
    /// Views a document may hold here (the index's bits); more leave it to the decoder.
    static let maxViews = 1 << 24
    private(set) var keys: [UInt64] = []

    /// The key's hash bits: the top 33 bits of a 64-bit hash of the id, above the index.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in 0..<n { h = (h ^ UInt64(p[i])) &* 0x100_0000_01b3 }
        h ^= h >> 32
        h &*= 0xd6e8_feb8_6659_fd93
        return ((h ^ (h >> 29)) >> 31) << 24
    }

    mutating func reserve(_ n: Int) { keys.reserveCapacity(n) }

    /// Adds view `i` (below `maxViews`) with the id `key`.
    @inline(__always)
    mutating func add(_ i: Int, _ key: UnsafeBufferPointer<UInt8>) {
        keys.append(_IDKeys.hash(key.baseAddress!, key.count) | UInt64(i))
    }

    /// Sorts the keys; false when two views have the same id.
    mutating func sortAndCheck(_ out: SceneColumns) -> Bool {
        let n = keys.count
        guard n > 1 else { return true }
        // Every element is written by the first pass.
        var other = [UInt64](unsafeUninitializedCapacity: n) { _, count in count = n }
        // The three passes' counts, taken in one read of the keys.
        var counts = [Int](repeating: 0, count: 3 * 2048)
        keys.withUnsafeMutableBufferPointer { a in
            other.withUnsafeMutableBufferPointer { b in
                counts.withUnsafeMutableBufferPointer { c in
                    let counts = c.baseAddress!
                    for k in 0..<n {
                        let key = a[k] >> 24
                        counts[Int(key & 0x7FF)] += 1
                        counts[2048 + Int((key >> 11) & 0x7FF)] += 1
                        counts[4096 + Int((key >> 22) & 0x7FF)] += 1
                    }
                    var from = a.baseAddress!
                    var to = b.baseAddress!
                    for pass in 0..<3 {
                        let shift = UInt64(24 + 11 * pass)
                        let start = counts + 2048 * pass
                        var sum = 0
                        for d in 0..<2048 {
                            let c = start[d]
                            start[d] = sum
                            sum += c
                        }
                        for k in 0..<n {
                            let d = Int((from[k] >> shift) & 0x7FF)
                            to[start[d]] = from[k]
                            start[d] += 1
                        }
                        swap(&from, &to)
                    }
                }
            }
        }
        // Three passes: the sorted keys are in `other`.
        swap(&keys, &other)
        return out.idBytes.withUnsafeBufferPointer { bytes in
            for k in 1..<n where keys[k] & ~0xFF_FFFF == keys[k - 1] & ~0xFF_FFFF {
                let (i, j) = (Int(keys[k] & 0xFF_FFFF), Int(keys[k - 1] & 0xFF_FFFF))
                if out.idLength[i] == out.idLength[j]
                    && _bytesEqual(
                        bytes.baseAddress! + Int(out.idStart[i]),
                        bytes.baseAddress! + Int(out.idStart[j]),
                        Int(out.idLength[i]))
                {
                    return false
                }
            }
            return true
        }
    }

    /// The view whose id is `key`, or -1 (after `sortAndCheck`).
    func find(_ key: UnsafeBufferPointer<UInt8>, in out: SceneColumns) -> Int {
        guard !key.isEmpty, !keys.isEmpty else { return -1 }
        let h = _IDKeys.hash(key.baseAddress!, key.count)
        var lo = 0
        var hi = keys.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keys[mid] < h { lo = mid + 1 } else { hi = mid }
        }
        return out.idBytes.withUnsafeBufferPointer { bytes in
            var k = lo
            while k < keys.count && keys[k] & ~0xFF_FFFF == h {
                let i = Int(keys[k] & 0xFF_FFFF)
                if Int(out.idLength[i]) == key.count
                    && _bytesEqual(
                        bytes.baseAddress! + Int(out.idStart[i]), key.baseAddress!, key.count)
                {
                    return i
                }
                k += 1
            }
            return -1
        }
    }
}
