import HitTestJSON
import Testing

/// One input the reader must refuse, and the exact error description it must give.
struct Rejection: Sendable, CustomTestStringConvertible {
    var bytes: [UInt8]
    var expected: String

    init(_ text: String, _ expected: String) {
        bytes = Array(text.utf8)
        self.expected = expected
    }

    init(bytes: [UInt8], _ expected: String) {
        self.bytes = bytes
        self.expected = expected
    }

    var testDescription: String {
        String(decoding: bytes, as: UTF8.self).debugDescription
    }
}

@Suite("JSONReader rejects invalid input with message, line, column and path")
struct ReaderRejectionTests {
    static let numbersCases: [Rejection] = [
        Rejection("NaN", "line 1, column 1 (at $): NaN is not valid JSON"),
        Rejection("[1, NaN]", "line 1, column 5 (at $[1]): NaN is not valid JSON"),
        Rejection("[-NaN]", "line 1, column 2 (at $[0]): NaN is not valid JSON"),
        Rejection("Infinity", "line 1, column 1 (at $): Infinity is not valid JSON"),
        Rejection(
            "{\"x\": -Infinity}", "line 1, column 7 (at $.x): -Infinity is not valid JSON"),
        Rejection("1e400", "line 1, column 1 (at $): number 1e400 overflows to infinity"),
        Rejection("[-1e309]", "line 1, column 2 (at $[0]): number -1e309 overflows to -infinity"),
        Rejection(
            "[1.7976931348623159e308]",
            "line 1, column 2 (at $[0]): number 1.7976931348623159e308 overflows to infinity"),
        Rejection("01", "line 1, column 1 (at $): leading zeros are not allowed in numbers"),
        Rejection("[-007]", "line 1, column 3 (at $[0]): leading zeros are not allowed in numbers"),
        Rejection("+1", "line 1, column 1 (at $): a number cannot start with '+'"),
        Rejection(
            ".5", "line 1, column 1 (at $): a number must have a digit before the decimal point"),
        Rejection("1.", "line 1, column 3 (at $): expected a digit after the decimal point"),
        Rejection("[1.e5]", "line 1, column 4 (at $[0]): expected a digit after the decimal point"),
        Rejection("1e", "line 1, column 3 (at $): expected a digit in the exponent"),
        Rejection("1e+", "line 1, column 4 (at $): expected a digit in the exponent"),
        Rejection("-", "line 1, column 2 (at $): expected a digit after '-'"),
        Rejection("[- 1]", "line 1, column 3 (at $[0]): expected a digit after '-'"),
        Rejection("0x1F", "line 1, column 1 (at $): hexadecimal numbers are not valid JSON"),
        Rejection("1.5.3", "line 1, column 4 (at $): unexpected '.' in number"),
        Rejection("[12abc]", "line 1, column 4 (at $[0]): unexpected 'a' in number"),
    ]

    static let structureCases: [Rejection] = [
        Rejection("", "line 1, column 1 (at $): empty input"),
        Rejection(" \n ", "line 2, column 2 (at $): input holds only whitespace, no value"),
        Rejection("[1,2,]", "line 1, column 5 (at $): trailing comma before ']'"),
        Rejection("{\"a\":1,}", "line 1, column 7 (at $): trailing comma before '}'"),
        Rejection("{\"a\": [1,\n  ]}", "line 1, column 9 (at $.a): trailing comma before ']'"),
        Rejection("[,1]", "line 1, column 2 (at $[0]): unexpected ','; expected a value"),
        Rejection("[1, // one\n2]", "line 1, column 5 (at $[1]): comments are not valid JSON"),
        Rejection("/* c */ 1", "line 1, column 1 (at $): comments are not valid JSON"),
        Rejection(
            "['a']",
            "line 1, column 2 (at $[0]): strings must use double quotes, not single quotes"),
        Rejection(
            "{'a': 1}",
            "line 1, column 2 (at $): object keys must use double quotes, not single quotes"),
        Rejection("{a: 1}", "line 1, column 2 (at $): object keys must be double-quoted strings"),
        Rejection(
            "{\"a\": {b: 1}}",
            "line 1, column 8 (at $.a): object keys must be double-quoted strings"),
        Rejection("{1: 2}", "line 1, column 2 (at $): object keys must be double-quoted strings"),
        Rejection("{\"a\" 1}", "line 1, column 6 (at $): expected ':' after key \"a\", found '1'"),
        Rejection(
            "[1 2]", "line 1, column 4 (at $): expected ',' or ']' after array element, found '2'"),
        Rejection(
            "{\"a\": 1 \"b\": 2}",
            "line 1, column 9 (at $): expected ',' or '}' after object member, found '\"'"),
        Rejection("[", "line 1, column 2 (at $[0]): unexpected end of input; expected a value"),
        Rejection(
            "[1",
            "line 1, column 3 (at $): unexpected end of input; expected ',' or ']' after "
                + "array element"),
        Rejection(
            "{\"a\":", "line 1, column 6 (at $.a): unexpected end of input; expected a value"),
        Rejection("{", "line 1, column 2 (at $): unexpected end of input; expected a key"),
        Rejection(
            "{\"a\"", "line 1, column 5 (at $): expected ':' after key \"a\", found end of input"),
        Rejection("[1] x", "line 1, column 5 (at $): unexpected 'x' after the JSON value"),
        Rejection("{} {}", "line 1, column 4 (at $): unexpected '{' after the JSON value"),
        Rejection("1 2", "line 1, column 3 (at $): unexpected '2' after the JSON value"),
        Rejection("tru", "line 1, column 1 (at $): invalid literal 'tru'; expected a value"),
        Rejection(
            "[truex]", "line 1, column 2 (at $[0]): invalid literal 'truex'; expected a value"),
        Rejection("None", "line 1, column 1 (at $): invalid literal 'None'; expected a value"),
        Rejection("]", "line 1, column 1 (at $): unexpected ']'; expected a value"),
        Rejection(
            "[1,\u{FEFF}2]", "line 1, column 4 (at $[1]): unexpected byte 0xEF; expected a value"),
        Rejection(
            "{\"a b\": {\"c\": [1, 2, x]}}",
            "line 1, column 22 (at $[\"a b\"].c[2]): invalid literal 'x'; expected a value"),
        Rejection(
            "{\n  \"windows\": [\n    {\"frame\": [0, 0, 1e999, 1]}\n  ]\n}",
            "line 3, column 22 (at $.windows[0].frame[2]): number 1e999 overflows to infinity"),
    ]

    static let keysCases: [Rejection] = [
        Rejection("{\"id\": 1, \"id\": 2}", "line 1, column 11 (at $): duplicate key \"id\""),
        Rejection(
            "{\n  \"windows\": [\n    {\"id\": 1, \"id\": 2}\n  ]\n}",
            "line 3, column 15 (at $.windows[0]): duplicate key \"id\""),
        // Escapes are decoded before keys are compared.
        Rejection("{\"a\": 1, \"\\u0061\": 2}", "line 1, column 10 (at $): duplicate key \"a\""),
        // Past the linear-scan limit, duplicates are found through a hash set.
        Rejection(
            "{" + (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + ",\"k5\": 0}",
            "line 1, column 182 (at $): duplicate key \"k5\""),
    ]

    static let stringsCases: [Rejection] = [
        Rejection("\"abc", "line 1, column 1 (at $): unterminated string"),
        Rejection("[\"a\\", "line 1, column 2 (at $[0]): unterminated string"),
        Rejection(
            "\"a\tb\"", "line 1, column 3 (at $): unescaped control character U+0009 in string"),
        Rejection(
            "[\"a\nb\"]",
            "line 1, column 4 (at $[0]): unescaped control character U+000A in string"),
        Rejection(
            "{\"a\u{0}\": 1}",
            "line 1, column 4 (at $): unescaped control character U+0000 in string"
        ),
        Rejection("\"\\x\"", "line 1, column 2 (at $): invalid escape sequence '\\x' in string"),
        Rejection("\"\\'\"", "line 1, column 2 (at $): invalid escape sequence '\\'' in string"),
        Rejection(
            "\"\\u12G4\"",
            "line 1, column 2 (at $): invalid \\u escape in string: expected 4 hexadecimal "
                + "digits after \\u"),
        Rejection(
            "\"\\u12\"",
            "line 1, column 2 (at $): invalid \\u escape in string: expected 4 hexadecimal "
                + "digits after \\u"),
        Rejection(
            "\"\\ud800\"",
            "line 1, column 2 (at $): lone surrogate \\uD800 in string (a high surrogate must "
                + "be followed by a \\u low surrogate)"),
        Rejection(
            "[\"ab\\uD83D\\u0041\"]",
            "line 1, column 5 (at $[0]): lone surrogate \\uD83D in string (a high surrogate "
                + "must be followed by a \\u low surrogate)"),
        Rejection(
            "\"\\udc00\"",
            "line 1, column 2 (at $): lone surrogate \\uDC00 in string (a low surrogate "
                + "without a high surrogate before it)"),
        Rejection(
            "\"\\ud800\\ud800\"",
            "line 1, column 2 (at $): lone surrogate \\uD800 in string (a high surrogate must "
                + "be followed by a \\u low surrogate)"),
    ]

    static let utf8Cases: [Rejection] = [
        Rejection(
            bytes: [0x22, 0xFF, 0x22],
            "line 1, column 2 (at $): invalid UTF-8 in string: byte 0xFF never appears in UTF-8"),
        Rejection(
            bytes: [0x22, 0x61, 0xC3, 0x28, 0x22],
            "line 1, column 3 (at $): invalid UTF-8 in string: truncated sequence starting "
                + "with byte 0xC3"),
        Rejection(
            bytes: [0x22, 0x80, 0x22],
            "line 1, column 2 (at $): invalid UTF-8 in string: unexpected continuation byte 0x80"
        ),
        Rejection(
            bytes: [0x22, 0xC0, 0xAF, 0x22],
            "line 1, column 2 (at $): invalid UTF-8 in string: overlong encoding (byte 0xC0)"),
        Rejection(
            bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22],
            "line 1, column 2 (at $): invalid UTF-8 in string: overlong encoding starting with "
                + "byte 0xE0"),
        Rejection(
            bytes: [0x22, 0xED, 0xA0, 0x80, 0x22],
            "line 1, column 2 (at $): invalid UTF-8 in string: encoded surrogate starting with "
                + "byte 0xED"),
        Rejection(
            bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            "line 1, column 2 (at $): invalid UTF-8 in string: code point above U+10FFFF "
                + "starting with byte 0xF4"),
        Rejection(
            bytes: [0x22, 0xE2, 0x82],
            "line 1, column 2 (at $): invalid UTF-8 in string: truncated sequence starting "
                + "with byte 0xE2"),
        // Escaped strings are validated too.
        Rejection(
            bytes: [0x5B, 0x22, 0x5C, 0x6E, 0xFE, 0x22, 0x5D],
            "line 1, column 5 (at $[0]): invalid UTF-8 in string: byte 0xFE never appears in "
                + "UTF-8"),
        // Outside strings, any non-ASCII byte is unexpected.
        Rejection(
            bytes: [0xC3, 0xA9], "line 1, column 1 (at $): unexpected byte 0xC3; expected a value"
        ),
    ]

    @Test(arguments: numbersCases)
    func number(_ rejection: Rejection) {
        #expect(parseError(rejection.bytes)?.description == rejection.expected)
    }

    @Test(arguments: structureCases)
    func structure(_ rejection: Rejection) {
        #expect(parseError(rejection.bytes)?.description == rejection.expected)
    }

    @Test(arguments: keysCases)
    func key(_ rejection: Rejection) {
        #expect(parseError(rejection.bytes)?.description == rejection.expected)
    }

    @Test(arguments: stringsCases)
    func string(_ rejection: Rejection) {
        #expect(parseError(rejection.bytes)?.description == rejection.expected)
    }

    @Test(arguments: utf8Cases)
    func invalidUTF8(_ rejection: Rejection) {
        #expect(parseError(rejection.bytes)?.description == rejection.expected)
    }

    @Test func errorFieldsMatchDescription() throws {
        let error = try #require(parseError("{\n  \"a\": [\n    tru\n  ]\n}"))
        #expect(error.message == "invalid literal 'tru'; expected a value")
        #expect(error.line == 3)
        #expect(error.column == 5)
        #expect(error.path == "$.a[0]")
        #expect(error.byteOffset == 15)
        #expect(error.description == "line 3, column 5 (at $.a[0]): " + error.message)
    }

    @Test func columnsCountBytesAndSkipALeadingBOM() {
        // "é" is two bytes, so the 'x' is at byte column 8, not character column 7.
        #expect(parseError("[\"é\", x]")?.column == 8)
        #expect(
            parseError("\u{FEFF}[x]")?.description
                == "line 1, column 2 (at $[0]): invalid literal 'x'; expected a value")
        #expect(parseError("\u{FEFF}")?.message == "empty input")
        #expect(
            parseError("\u{FEFF}\u{FEFF}1")?.message == "unexpected byte 0xEF; expected a value")
        // "\r\n" is one line break.
        #expect(
            parseError("[1,\r\n x]")?.description
                == "line 2, column 2 (at $[1]): invalid literal 'x'; expected a value")
    }

    @Test func inputLargerThanMaxBytesIsRefusedUpFront() {
        let limits = JSONReader.Limits(maxDepth: 10, maxBytes: 4)
        #expect(
            parseError("[1,2]", limits: limits)?.description
                == "line 1, column 1 (at $): input is 5 bytes, more than the limit of 4")
        #expect(parseError("[12]", limits: limits) == nil)
    }

    @Test func longKeysAreCutInMessages() throws {
        let key = String(repeating: "k", count: 100)
        let error = try #require(parseError("{\"\(key)\": 1, \"\(key)\": 2}"))
        #expect(error.message == "duplicate key \"\(String(repeating: "k", count: 60))…\"")
    }
}
