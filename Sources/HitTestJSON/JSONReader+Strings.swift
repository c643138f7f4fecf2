// Strings: a fast scan for strings without escapes (made straight from the input's bytes),
// and a slower decoder, into a reused buffer, for strings with escapes. Both validate UTF-8.

extension JSONReader.Parser {
    /// Reads the string whose opening quote is at `pos`, leaving `pos` after its closing
    /// quote. `isKey` only decides the error path (a key's errors name its object).
    mutating func readString(isKey: Bool) throws(JSONParseError) -> String {
        let open = pos
        let start = pos + 1
        var i = start
        while i < bytes.count {
            let byte = bytes[i]
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"")
                && byte != UInt8(ascii: "\\")
            {
                i += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                pos = i + 1
                return String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            case UInt8(ascii: "\\"):
                return try readEscapedString(open: open, firstEscape: i, isKey: isKey)
            case ..<0x20:
                throw controlCharacterError(byte, at: i, isKey: isKey)
            default:
                i = try skipUTF8Sequence(at: i, isKey: isKey)
            }
        }
        throw error("unterminated string", at: open, inValue: !isKey)
    }

    /// Continues `readString` from the first backslash, decoding into `scratch`.
    private mutating func readEscapedString(
        open: Int,
        firstEscape: Int,
        isKey: Bool
    ) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[(open + 1)..<firstEscape])
        var i = firstEscape
        scan: while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                pos = i + 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else { break scan }
                i = try decodeEscape(at: i, isKey: isKey)
            case ..<0x20:
                throw controlCharacterError(byte, at: i, isKey: isKey)
            case ..<0x80:
                scratch.append(byte)
                i += 1
            default:
                let next = try skipUTF8Sequence(at: i, isKey: isKey)
                scratch.append(contentsOf: bytes[i..<next])
                i = next
            }
        }
        throw error("unterminated string", at: open, inValue: !isKey)
    }

    /// Decodes the escape whose backslash is at `i` into `scratch`; returns the offset after
    /// it. A `\u` high surrogate must be followed by a `\u` low surrogate. The byte after
    /// the backslash must exist.
    private mutating func decodeEscape(at i: Int, isKey: Bool) throws(JSONParseError) -> Int {
        let simple: UInt8? =
            switch bytes[i + 1] {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            scratch.append(simple)
            return i + 2
        }
        guard bytes[i + 1] == UInt8(ascii: "u") else {
            let shown =
                bytes[i + 1] > 0x20 && bytes[i + 1] < 0x7F
                ? "'\\\(Character(Unicode.Scalar(bytes[i + 1])))'" : describe(bytes[i + 1])
            throw error("invalid escape sequence \(shown) in string", at: i, inValue: !isKey)
        }
        let unit = try hexQuad(at: i, isKey: isKey)
        var scalar = UInt32(unit)
        var next = i + 6
        switch unit {
        case 0xD800...0xDBFF:
            let low: UInt16? =
                next + 1 < bytes.count && bytes[next] == UInt8(ascii: "\\")
                    && bytes[next + 1] == UInt8(ascii: "u")
                ? try hexQuad(at: next, isKey: isKey) : nil
            guard let low, (0xDC00...0xDFFF).contains(low) else {
                throw error(
                    "lone surrogate \\u\(hex(UInt32(unit), digits: 4)) in string "
                        + "(a high surrogate must be followed by a \\u low surrogate)",
                    at: i, inValue: !isKey)
            }
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw error(
                "lone surrogate \\u\(hex(UInt32(unit), digits: 4)) in string "
                    + "(a low surrogate without a high surrogate before it)",
                at: i, inValue: !isKey)
        default:
            break
        }
        appendUTF8(scalar)
        return next
    }

    /// The 16-bit value of the `\uXXXX` escape whose backslash is at `i`.
    private func hexQuad(at i: Int, isKey: Bool) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for k in 0..<4 {
            let digit = i + 2 + k < bytes.count ? hexDigitValue(bytes[i + 2 + k]) : nil
            guard let digit else {
                throw error(
                    "invalid \\u escape in string: expected 4 hexadecimal digits after \\u",
                    at: i, inValue: !isKey)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Appends `scalar` (a Unicode scalar value, not a surrogate) to `scratch` as UTF-8.
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private func controlCharacterError(
        _ byte: UInt8,
        at i: Int,
        isKey: Bool
    ) -> JSONParseError {
        error(
            "unescaped control character U+\(hex(UInt32(byte), digits: 4)) in string",
            at: i, inValue: !isKey)
    }

    /// Validates the multi-byte UTF-8 sequence whose lead byte (≥ 0x80) is at `i` and
    /// returns the offset after it. Refuses stray continuation bytes, overlong forms,
    /// encoded surrogates, code points above U+10FFFF and truncated sequences.
    private func skipUTF8Sequence(at i: Int, isKey: Bool) throws(JSONParseError) -> Int {
        let lead = bytes[i]
        // The sequence length, and the allowed range of the second byte (RFC 3629 §4).
        let (length, secondRange): (Int, ClosedRange<UInt8>)
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        default:
            let why =
                switch lead {
                case 0x80...0xBF: "unexpected continuation byte 0x\(hex(UInt32(lead), digits: 2))"
                case 0xC0, 0xC1: "overlong encoding (byte 0x\(hex(UInt32(lead), digits: 2)))"
                default: "byte 0x\(hex(UInt32(lead), digits: 2)) never appears in UTF-8"
                }
            throw error("invalid UTF-8 in string: \(why)", at: i, inValue: !isKey)
        }
        for k in 1..<length {
            let range = k == 1 ? secondRange : 0x80...0xBF
            guard i + k < bytes.count, range.contains(bytes[i + k]) else {
                var why = "truncated sequence"
                if k == 1 && (0x80...0xBF).contains(bytes[safe: i + 1]) {
                    switch lead {
                    case 0xE0, 0xF0: why = "overlong encoding"
                    case 0xED: why = "encoded surrogate"
                    default: why = "code point above U+10FFFF"
                    }
                }
                throw error(
                    "invalid UTF-8 in string: \(why) starting with byte "
                        + "0x\(hex(UInt32(lead), digits: 2))",
                    at: i, inValue: !isKey)
            }
        }
        return i + length
    }
}

/// The value of an ASCII hexadecimal digit, or nil.
@inline(__always)
func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The byte at `i`, or 0 past the end.
    subscript(safe i: Int) -> UInt8 {
        i < count ? self[i] : 0
    }
}
