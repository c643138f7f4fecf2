import HitTestJSON
import Testing

@Suite("JSONWriter output shape")
struct WriterTests {
    static let sample: JSONValue = [
        "name": "root",
        "frame": [0, 0, 390, 844],
        "hidden": false,
        "alpha": 0.5,
        "tags": [],
        "meta": [:],
        "subviews": [
            ["id": "a\"b", "frame": [1.5, -2, 3, 4], "flags": [true, "x", .null]]
        ],
        "nothing": .null,
    ]

    @Test func compact() {
        #expect(
            JSONWriter.write(Self.sample)
                == #"{"name":"root","frame":[0,0,390,844],"hidden":false,"alpha":0.5,"tags":[],"#
                + #""meta":{},"subviews":[{"id":"a\"b","frame":[1.5,-2,3,4],"#
                + #""flags":[true,"x",null]}],"nothing":null}"#)
    }

    @Test func pretty() {
        let expected = """
            {
              "name": "root",
              "frame": [0, 0, 390, 844],
              "hidden": false,
              "alpha": 0.5,
              "tags": [],
              "meta": {},
              "subviews": [
                {
                  "id": "a\\"b",
                  "frame": [1.5, -2, 3, 4],
                  "flags": [true, "x", null]
                }
              ],
              "nothing": null
            }
            """
        #expect(JSONWriter.write(Self.sample, pretty: true) == expected)
    }

    @Test func prettyScalarsAndLongArrays() {
        #expect(JSONWriter.write(.number(3), pretty: true) == "3")
        #expect(JSONWriter.write([], pretty: true) == "[]")
        // 26 four-digit numbers take 26 * 4 + 25 * 2 + 2 = 156 bytes on one line: too wide.
        let long = JSONValue.array((1000..<1026).map { .number(Double($0)) })
        let text = JSONWriter.write(long, pretty: true)
        #expect(text.hasPrefix("[\n  1000,\n  1001,\n"))
        #expect(text.hasSuffix("\n  1025\n]"))
        // Exactly 80 bytes stays inline; 81 does not.
        let fits = JSONValue.array([.string(String(repeating: "a", count: 76))])
        #expect(
            JSONWriter.write(fits, pretty: true) == "[\"" + String(repeating: "a", count: 76)
                + "\"]")
        let tooWide = JSONValue.array([.string(String(repeating: "a", count: 77))])
        #expect(JSONWriter.write(tooWide, pretty: true).hasPrefix("[\n  \"aaa"))
        // Arrays holding containers are never inline.
        #expect(JSONWriter.write([[1]], pretty: true) == "[\n  [1]\n]")
    }

    @Test func stringEscapes() {
        let text = JSONWriter.write(.string("a\"b\\c/\n\t\r\u{8}\u{C}\u{1}\u{1F}\u{7F}é😀"))
        #expect(text == "\"a\\\"b\\\\c/\\n\\t\\r\\b\\f\\u0001\\u001F\u{7F}é😀\"")
        #expect(JSONWriter.write(["k\n": "v"]) == "{\"k\\n\":\"v\"}")
    }

    @Test func nonFiniteNumbersAreNamedStrings() {
        #expect(
            JSONWriter.write([.number(.nan), .number(.infinity), .number(-.infinity)])
                == #"["NaN","Infinity","-Infinity"]"#)
        #expect(JSONWriter.formatText(.nan) == "NaN")
        #expect(JSONWriter.formatText(-.infinity) == "-Infinity")
        #expect(JSONWriter.formatText(1.5) == "1.5")
    }

    @Test func duplicateKeysBuiltInCodeAreWrittenInOrder() {
        var object = JSONObject()
        object.append("b", 1)
        object.append("a", 2)
        object.append("b", 3)
        #expect(JSONWriter.write(.object(object)) == #"{"b":1,"a":2,"b":3}"#)
        #expect(object["b"] == 1)
        #expect(parseError(JSONWriter.write(.object(object)))?.message == "duplicate key \"b\"")
    }

    @Test func descriptionIsCompactJSON() {
        #expect(Self.sample.description == JSONWriter.write(Self.sample))
        #expect("\(JSONValue.string("x"))" == "\"x\"")
    }
}
