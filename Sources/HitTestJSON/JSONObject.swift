/// A JSON object: its members in document order.
///
/// The reader rejects duplicate keys, so a parsed object never has two members with the
/// same key; an object built with ``append(_:_:)`` may, and then ``subscript(_:)`` finds the
/// first. Keys match by their exact Unicode scalars, not by canonical equivalence.
///
/// Equality compares members in order: `{"a":1,"b":2}` is not equal to `{"b":2,"a":1}`.
public struct JSONObject: Equatable, Sendable {
    /// The members, in document (or insertion) order.
    public var members: [JSONMember]

    /// An object with these members, in this order (duplicates are kept).
    public init(_ members: [JSONMember] = []) {
        self.members = members
    }

    /// The value of the first member named `key`, or nil. O(n) in the member count.
    public subscript(key: String) -> JSONValue? {
        // By index over the buffer: a `for member in members` loop copied each member (its
        // key and value retained and released) to compare one key.
        members.withUnsafeBufferPointer { buffer in
            for i in buffer.indices where sameText(buffer[i].key, key) {
                return buffer[i].value
            }
            return nil
        }
    }

    /// The keys, in member order.
    public var keys: [String] {
        members.map(\.key)
    }

    /// Whether the object has no members.
    public var isEmpty: Bool {
        members.isEmpty
    }

    /// Adds a member at the end, without checking for an existing member with that key.
    public mutating func append(_ key: String, _ value: JSONValue) {
        members.append(JSONMember(key: key, value: value))
    }

    /// Compares member by member, in order, without recursion.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        JSONValue.object(lhs) == JSONValue.object(rhs)
    }
}

/// One `"key": value` member of a ``JSONObject``.
public struct JSONMember: Equatable, Sendable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member named `key` holding `value`.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    /// Same key (exact Unicode scalars) and equal values, compared without recursion.
    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        sameText(lhs.key, rhs.key) && lhs.value == rhs.value
    }
}
