/// A JSON value, as read by ``JSONReader`` and written by ``JSONWriter``.
///
/// Numbers are stored as `Double`; the reader refuses numbers that overflow to infinity, so a
/// parsed value never holds a non-finite number (a value built in code may, and the writer
/// prints those as `null`).
///
/// Equality is structural and never recursive, so comparing 1,000,000-deep values is safe.
/// Strings and keys compare by their exact Unicode scalars (not by canonical equivalence, as
/// `String.==` does), objects compare member by member in order, and numbers compare as
/// `Double` (so `-0 == 0` and `NaN != NaN`).
///
/// Releasing a value is recursive (Swift's own enum release, which this type cannot
/// override): it costs about 150–200 bytes of stack per nesting level, so releasing a
/// value of the reader's default maximum depth (10,000) takes about 2 MB of stack. That fits
/// the 8 MB stacks of Linux threads (main, `pthread` default and Swift concurrency), but
/// not a 512 KiB stack (Darwin's default for secondary threads), where values deeper than
/// about 2,500 levels should be parsed with a lower ``JSONReader/Limits/maxDepth``.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; finite when read, as the reader refuses overflow.
    case number(Double)
    /// A string, exactly as its Unicode scalars were written.
    case string(String)
    /// An array, its elements in order.
    case array([JSONValue])
    /// An object, its members in the order they were written (duplicates kept).
    case object(JSONObject)
}

extension JSONValue {
    /// The JSON type's name: "null", "boolean", "number", "string", "array" or "object",
    /// for error messages such as "expected a number, found a string".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The number, or nil if this is not a number.
    public var asNumber: Double? {
        if case .number(let x) = self { x } else { nil }
    }

    /// The string, or nil if this is not a string.
    public var asString: String? {
        if case .string(let s) = self { s } else { nil }
    }

    /// The Boolean, or nil if this is not a Boolean.
    public var asBool: Bool? {
        if case .bool(let b) = self { b } else { nil }
    }

    /// The elements, or nil if this is not an array.
    public var asArray: [JSONValue]? {
        if case .array(let a) = self { a } else { nil }
    }

    /// The object, or nil if this is not an object.
    public var asObject: JSONObject? {
        if case .object(let o) = self { o } else { nil }
    }

    /// The first member named `key` if this is an object (O(n) in the member count);
    /// nil if there is no such member or this is not an object.
    public subscript(key: String) -> JSONValue? {
        asObject?[key]
    }

    /// The element at `index` if this is an array and `index` is in range, else nil.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let a) = self, a.indices.contains(index) else { return nil }
        return a[index]
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON (``JSONWriter/write(_:pretty:)``).
    public var description: String {
        JSONWriter.write(self)
    }
}

extension JSONValue {
    /// Structural equality without recursion; see the type's documentation.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = []
        var pair = (lhs, rhs)
        while true {
            switch pair {
            case (.null, .null):
                break
            case (.bool(let a), .bool(let b)):
                guard a == b else { return false }
            case (.number(let a), .number(let b)):
                guard a == b else { return false }
            case (.string(let a), .string(let b)):
                guard sameText(a, b) else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                for i in a.indices {
                    pending.append((a[i], b[i]))
                }
            case (.object(let a), .object(let b)):
                guard a.members.count == b.members.count else { return false }
                for (m, n) in zip(a.members, b.members) {
                    guard sameText(m.key, n.key) else { return false }
                    pending.append((m.value, n.value))
                }
            default:
                return false
            }
            guard let next = pending.popLast() else { return true }
            pair = next
        }
    }
}

/// Whether two strings hold the same Unicode scalars (UTF-8 bytes), unlike `String.==`,
/// which treats canonically equivalent strings ("é" and "e\u{301}") as equal.
@inline(__always)
func sameText(_ a: String, _ b: String) -> Bool {
    let (a, b) = (a.utf8, b.utf8)
    guard a.count == b.count else { return false }
    let result = a.withContiguousStorageIfAvailable { a in
        b.withContiguousStorageIfAvailable { b in a.elementsEqual(b) }
    }
    if let result, let result {
        return result
    }
    return a.elementsEqual(b)
}
