import HitTestJSON
import Testing

@Suite("JSONValue and JSONObject")
struct ValueTests {
    @Test func typeNames() {
        let values: [JSONValue] = [.null, true, 1, "s", [], [:]]
        #expect(
            values.map(\.typeName) == ["null", "boolean", "number", "string", "array", "object"])
    }

    @Test func accessors() {
        let value: JSONValue = ["n": 2.5, "s": "x", "b": true, "a": [1, .null], "o": ["k": 1]]
        #expect(value["n"]?.asNumber == 2.5)
        #expect(value["s"]?.asString == "x")
        #expect(value["b"]?.asBool == true)
        #expect(value["a"]?.asArray == [1, .null])
        #expect(value["a"]?[1]?.isNull == true)
        #expect(value["a"]?[2] == nil)
        #expect(value["a"]?[-1] == nil)
        #expect(value["o"]?.asObject?.keys == ["k"])
        #expect(value["n"]?.asString == nil)
        #expect(value["s"]?.asNumber == nil)
        #expect(value["b"]?.asArray == nil)
        #expect(value.asBool == nil)
        #expect(JSONValue.number(1)["k"] == nil)
        #expect(JSONValue.string("x")[0] == nil)
    }

    @Test func objectMembersAndSubscript() {
        var object = JSONObject()
        #expect(object.isEmpty)
        object.append("x", 1)
        object.append("y", "two")
        object.append("x", 3)
        #expect(object.keys == ["x", "y", "x"])
        #expect(object["x"] == 1)
        #expect(object["z"] == nil)
        #expect(object.members[2] == JSONMember(key: "x", value: 3))
        let literal: JSONObject = ["x": 1, "y": "two", "x": 3]
        #expect(literal == object)
    }

    @Test func equalitySemantics() {
        // Member order matters.
        #expect(JSONValue(dictionaryLiteral: ("a", 1), ("b", 2)) != ["b": 2, "a": 1])
        #expect(["a": [1, "x"]] as JSONValue == ["a": [1, "x"]])
        #expect([1, 2] as JSONValue != [1, 2, 3])
        #expect(JSONValue.number(1) != .string("1"))
        #expect(JSONValue.null != .bool(false))
        // Numbers compare as Doubles.
        #expect(JSONValue.number(-0.0) == .number(0))
        #expect(JSONValue.number(.nan) != .number(.nan))
        #expect(JSONMember(key: "k", value: 1) != JSONMember(key: "K", value: 1))
    }
}
