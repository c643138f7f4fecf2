import HitTestGeometry
import HitTestJSON

/// Collects the issues found while decoding, up to a limit.
final class IssueLog {
    private(set) var issues: [SceneIssue] = []
    /// Each issue's place in the document (``key`` when it was added), so that the
    /// decoder's and the validator's issues can be merged in document order.
    private(set) var keys: [Int] = []
    /// The place of what is being read or checked now: the number of views (kept by the
    /// decoder) before it in pre-order; `Int.max` for checks made after the whole tree.
    var key = 0
    let limit: Int

    /// At least one issue is always kept, so that a `maxIssues` of 0 cannot turn a
    /// rejection into a (half-)loaded scene.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var isFull: Bool { issues.count >= limit }

    func add(_ issue: SceneIssue) {
        if issues.count < limit {
            issues.append(issue)
            keys.append(key)
        }
    }
}

/// Reads the fields of one JSON object, reporting type errors with the object's path,
/// the view id and the field name, and remembering which fields were read so that
/// `finish()` can reject the unknown ones.
struct FieldReader {
    let object: JSONObject
    let path: String
    var viewID: String?
    let log: IssueLog
    /// The fields read, in order (repeats allowed): a view reads about twenty, and an
    /// array searched in place cost far less than a hashed set made for each object
    /// (which was a third of loading a 1M-view scene).
    private var known: [String] = []

    init(_ object: JSONObject, path: String, viewID: String? = nil, log: IssueLog) {
        self.object = object
        self.path = path
        self.viewID = viewID
        self.log = log
    }

    func fail(_ field: String?, _ message: String) {
        log.add(SceneIssue(path: path, viewID: viewID, field: field, message: message))
    }

    /// The value of `key`, marking the field as known; nil when absent.
    mutating func raw(_ key: String) -> JSONValue? {
        known.append(key)
        return object[key]
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    mutating func string(_ key: String) -> String? {
        guard let v = raw(key) else { return nil }
        guard case .string(let s) = v else {
            fail(key, "must be a string, got \(v.typeName)")
            return nil
        }
        return s
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let v = raw(key) else { return nil }
        guard case .bool(let b) = v else {
            fail(key, "must be true or false, got \(v.typeName)")
            return nil
        }
        return b
    }

    mutating func number(_ key: String) -> Double? {
        guard let v = raw(key) else { return nil }
        guard case .number(let x) = v else {
            fail(key, "must be a number, got \(v.typeName)")
            return nil
        }
        return x
    }

    /// A whole number in `Int`'s range written as a JSON number (`2`, `2.0`).
    mutating func integer(_ key: String) -> Int? {
        guard let x = number(key) else { return nil }
        guard x == x.rounded(), let i = Int(exactly: x) else {
            fail(key, "must be a whole number, got \(JSONWriter.formatNumber(x))")
            return nil
        }
        return i
    }

    /// An array of exactly `count` numbers; `shape` names them for the message, as
    /// `[x, y, w, h]`.
    mutating func numbers(_ key: String, count: Int, shape: String) -> [Double]? {
        guard let v = raw(key) else { return nil }
        guard case .array(let items) = v, items.count == count else {
            fail(key, "must be an array of \(count) numbers \(shape), got \(v.shortDescription)")
            return nil
        }
        var out: [Double] = []
        out.reserveCapacity(count)
        for (i, item) in items.enumerated() {
            guard case .number(let x) = item else {
                fail(key, "element \(i) of \(shape) must be a number, got \(item.typeName)")
                return nil
            }
            out.append(x)
        }
        return out
    }

    mutating func point(_ key: String) -> Point? {
        numbers(key, count: 2, shape: "[x, y]").map { Point(x: $0[0], y: $0[1]) }
    }

    mutating func enumValue<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type) -> E?
    where E.RawValue == String {
        guard let s = string(key) else { return nil }
        guard let e = E(rawValue: s) else {
            let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
            fail(key, "unknown value \"\(s)\": expected one of \(allowed)")
            return nil
        }
        return e
    }

    mutating func array(_ key: String) -> [JSONValue]? {
        guard let v = raw(key) else { return nil }
        guard case .array(let items) = v else {
            fail(key, "must be an array, got \(v.typeName)")
            return nil
        }
        return items
    }

    mutating func objectValue(_ key: String) -> JSONObject? {
        guard let v = raw(key) else { return nil }
        guard case .object(let o) = v else {
            fail(key, "must be an object, got \(v.typeName)")
            return nil
        }
        return o
    }

    mutating func strings(_ key: String) -> [String]? {
        guard let items = array(key) else { return nil }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            guard case .string(let s) = item else {
                fail(key, "element \(i) must be a string, got \(item.typeName)")
                return nil
            }
            out.append(s)
        }
        return out
    }

    /// Rejects every field that was not read, naming it (and a near miss, if any), and
    /// every field given twice (the JSON reader refuses those, but a `JSONValue` built in
    /// code may hold them).
    func finish(allowedHint: [String] = []) {
        let keys = object.keys
        // Repeats compare the keys' bytes (as JSON text gives them); a view has a handful
        // of keys, so pairwise, without a set; past 16 keys, hashed.
        var seen: Set<[UInt8]> = []
        for (k, key) in keys.enumerated() {
            let repeated =
                keys.count <= 16
                ? keys[..<k].contains { $0.utf8.elementsEqual(key.utf8) }
                : !seen.insert(Array(key.utf8)).inserted
            if repeated {
                fail(key, "given more than once")
                continue
            }
            if known.contains(key) { continue }
            var message = "unknown field"
            // Sorted, so that a tie between two names always suggests the same one.
            if let near = Self.nearestName(to: key, in: Set(known).sorted() + allowedHint) {
                message += "; did you mean \"\(near)\"?"
            }
            fail(key, message)
        }
    }

    /// The closest name within two edits (case-insensitive), if any.
    static func nearestName(to key: String, in names: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for name in names {
            let d = editDistance(key.lowercased(), name.lowercased())
            if d <= 2 && d < (best?.distance ?? .max) { best = (name, d) }
        }
        return best?.name
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        if abs(a.count - b.count) > 2 { return 3 }
        var prev = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                cur[j] = min(
                    prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
}

extension JSONValue {
    /// A short rendering for messages: the value itself when it is short, else its type.
    var shortDescription: String {
        let text = JSONWriter.write(self)
        return text.utf8.count <= 40 ? text : typeName
    }
}
