// Bare words: `true`, `false`, `null`, and messages for everything else that can start
// a value but is not JSON (NaN, Infinity, comments, single quotes...).

extension JSONReader.Parser {
    /// Reads `true`, `false` or `null`, or explains what else is at `pos`.
    mutating func readLiteral() throws(JSONParseError) -> JSONValue {
        let start = pos
        let byte = bytes[pos]
        guard isWordByte(byte) else {
            let message =
                switch byte {
                case UInt8(ascii: "'"): "strings must use double quotes, not single quotes"
                case UInt8(ascii: "/"): "comments are not valid JSON"
                case UInt8(ascii: "+"): "a number cannot start with '+'"
                case UInt8(ascii: "."): "a number must have a digit before the decimal point"
                default: "unexpected \(describe(byte)); expected a value"
                }
            throw error(message, at: start, inValue: true)
        }
        var wordEnd = pos
        while wordEnd < end && isWordByte(bytes[wordEnd]) {
            wordEnd += 1
        }
        let word = bytes[start..<wordEnd]
        pos = wordEnd
        switch (word.count, byte) {
        case (4, UInt8(ascii: "t")) where matches(word, "true"): return .bool(true)
        case (5, UInt8(ascii: "f")) where matches(word, "false"): return .bool(false)
        case (4, UInt8(ascii: "n")) where matches(word, "null"): return .null
        default: throw error(Self.badWordMessage(word), at: start, inValue: true)
        }
    }

    /// Whether `word` spells `literal` (ASCII).
    @inline(__always)
    private func matches(
        _ word: Slice<UnsafeBufferPointer<UInt8>>,
        _ literal: StaticString
    ) -> Bool {
        guard word.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for (k, byte) in word.enumerated() where byte != expected[k] {
            return false
        }
        return true
    }

    /// The message for a bare word that is not `true`, `false` or `null`.
    static func badWordMessage(_ word: some Collection<UInt8>) -> String {
        let text = String(decoding: word.prefix(40), as: UTF8.self)
        switch text.lowercased() {
        case "nan": return "NaN is not valid JSON"
        case "infinity", "inf": return "Infinity is not valid JSON"
        default: return "invalid literal '\(text)'; expected a value"
        }
    }
}

/// Letters, digits and `_`: bytes that continue a bare word such as `true` or `NaN`.
@inline(__always)
func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
        true
    default:
        false
    }
}
