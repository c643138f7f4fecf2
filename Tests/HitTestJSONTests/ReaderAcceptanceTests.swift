import HitTestJSON
import Testing

@Suite("JSONReader accepts valid JSON")
struct ReaderAcceptanceTests {
    @Test func scalarsAtTheRoot() throws {
        #expect(try JSONReader.parse("null") == .null)
        #expect(try JSONReader.parse(" true ") == .bool(true))
        #expect(try JSONReader.parse("\tfalse\r\n") == .bool(false))
        #expect(try JSONReader.parse("-12.5e1") == .number(-125))
        #expect(try JSONReader.parse("\"hi\"") == .string("hi"))
    }

    @Test func objectKeepsDocumentOrder() throws {
        let value = try JSONReader.parse(#"{"z": 1, "a": [true, null], "m": {"": "empty key"}}"#)
        let object = try #require(value.asObject)
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["a"] == .array([.bool(true), .null]))
        #expect(value["m"]?[""] == .string("empty key"))
        #expect(object["missing"] == nil)
    }

    @Test func emptyContainersAndWhitespace() throws {
        #expect(try JSONReader.parse(" [ ] ") == .array([]))
        #expect(try JSONReader.parse("{ \n }") == .object(JSONObject()))
        #expect(try JSONReader.parse("[[],{},[[]]]") == [[], [:], [[]]])
    }

    @Test func escapesDecode() throws {
        let value = try JSONReader.parse(
            #""q\" b\\ s\/ \b\f\n\r\t \u0041\u00e9\u20AC \ud83d\ude00""#)
        #expect(value == .string("q\" b\\ s/ \u{8}\u{C}\n\r\t Aé€ 😀"))
        #expect(try JSONReader.parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func rawUTF8IsKeptAsIs() throws {
        let value = try JSONReader.parse("[\"héllo wörld 😀 \u{FEFF}\", \"a\u{7F}b\"]")
        #expect(value == ["héllo wörld 😀 \u{FEFF}", "a\u{7F}b"])
    }

    @Test func keysCompareByScalarsNotCanonicalEquivalence() throws {
        // "é" precomposed and "e" + combining acute are different keys in JSON.
        let value = try JSONReader.parse("{\"\u{E9}\": 1, \"e\u{301}\": 2}")
        #expect(value.asObject?.members.count == 2)
        #expect(value["e\u{301}"] == .number(2))
        #expect(JSONValue.string("\u{E9}") != JSONValue.string("e\u{301}"))
    }

    @Test func leadingBOMIsSkipped() throws {
        #expect(try JSONReader.parse("\u{FEFF}[1]") == [1])
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF, 0x31]) == 1)
    }

    @Test func anyCollectionOfBytesParses() throws {
        let bytes = Array("{\"a\": [1, 2]}".utf8)
        let expected: JSONValue = ["a": [1, 2]]
        #expect(try JSONReader.parse(bytes) == expected)
        #expect(try JSONReader.parse(bytes[...]) == expected)
        // Not contiguous: copied first.
        #expect(try JSONReader.parse(bytes.lazy.map { $0 }) == expected)
        #expect(try JSONReader.parse(Substring("x{\"a\": [1, 2]}").dropFirst().utf8) == expected)
    }

    @Test func largeObjectWithoutDuplicates() throws {
        let count = 1_000
        let text = "{" + (0..<count).map { "\"key\($0)\": \($0)" }.joined(separator: ", ") + "}"
        let object = try #require(try JSONReader.parse(text).asObject)
        #expect(object.members.count == count)
        #expect(object["key999"] == .number(999))
        #expect(object.keys.first == "key0")
    }

    @Test func maxDepthCustomLimit() throws {
        let limits = JSONReader.Limits(maxDepth: 3)
        #expect(try JSONReader.parse("[[{\"a\": 1}]]", limits: limits) == [[["a": 1]]])
        #expect(
            parseError("[[[[1]]]]", limits: limits)?.description
                == "line 1, column 4 (at $[0][0][0]): nesting deeper than 3 levels")
        #expect(
            parseError("{\"a\": [{\"b\": {}}]}", limits: limits)?.description
                == "line 1, column 14 (at $.a[0].b): nesting deeper than 3 levels")
        #expect(try JSONReader.parse("7", limits: .init(maxDepth: 0)) == 7)
        #expect(
            parseError("[]", limits: .init(maxDepth: 0))?.message
                == "nesting deeper than 0 levels")
    }

    @Test func pathIndexesCountSiblingsAtEveryLevel() {
        // Elements before the error in each enclosing array must be counted, not the
        // elements of inner arrays that are already closed.
        let text = "[[1, 2, 3], [4, [5, 6], {\"k\": [7, 8, 9, x]}]]"
        #expect(parseError(text)?.path == "$[1][2].k[3]")
    }
}
