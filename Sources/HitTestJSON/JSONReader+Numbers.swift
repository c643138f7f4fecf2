// Numbers: the RFC 8259 grammar is checked byte by byte here; only grammar-valid text is
// converted. Conversion is exact: a fast path that is correctly rounded by construction
// (Clinger's: an integer below 2^53 times or divided by an exact power of ten, one rounding),
// otherwise the standard library's correctly rounded `Double(String)`.

/// 10^0 ... 10^22: every one is exactly representable as a Double.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

@inline(__always)
private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
}

extension JSONReader.Parser {
    /// Reads the number starting at `pos` (a '-' or a digit) and leaves `pos` after it.
    mutating func readNumber() throws(JSONParseError) -> Double {
        let start = pos
        var i = pos
        let isNegative = bytes[i] == UInt8(ascii: "-")
        if isNegative {
            i += 1
        }
        // Significant digits: up to 19 are kept exactly in `mantissa`; more force the
        // slow path. Leading zeros are not significant.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0

        guard i < bytes.count else {
            throw error("expected a digit after '-'", at: i, inValue: true)
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count && isDigit(bytes[i]) {
                throw error("leading zeros are not allowed in numbers", at: i - 1, inValue: true)
            }
            if i < bytes.count && (bytes[i] | 0x20) == UInt8(ascii: "x") {
                throw error("hexadecimal numbers are not valid JSON", at: start, inValue: true)
            }
        } else if isDigit(bytes[i]) {
            while i < bytes.count && isDigit(bytes[i]) {
                significantDigits += 1
                if significantDigits <= 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
                }
                i += 1
            }
        } else if isWordByte(bytes[i]) {
            var wordEnd = i
            while wordEnd < bytes.count && isWordByte(bytes[wordEnd]) {
                wordEnd += 1
            }
            let message = Self.badWordMessage(bytes[i..<wordEnd])
            if message.hasPrefix("Infinity") {
                throw error("-" + message, at: start, inValue: true)
            }
            if message.hasPrefix("NaN") {
                throw error(message, at: start, inValue: true)
            }
            throw error("expected a digit after '-'", at: i, inValue: true)
        } else {
            throw error("expected a digit after '-'", at: i, inValue: true)
        }

        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count && isDigit(bytes[i]) else {
                throw error("expected a digit after the decimal point", at: i, inValue: true)
            }
            while i < bytes.count && isDigit(bytes[i]) {
                let digit = bytes[i] &- UInt8(ascii: "0")
                if significantDigits > 0 || digit != 0 {
                    significantDigits += 1
                    if significantDigits <= 19 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                    }
                }
                fractionDigits += 1
                i += 1
            }
        }

        var exponent = 0
        if i < bytes.count && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            var exponentIsNegative = false
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
                exponentIsNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < bytes.count && isDigit(bytes[i]) else {
                throw error("expected a digit in the exponent", at: i, inValue: true)
            }
            while i < bytes.count && isDigit(bytes[i]) {
                // Saturate: any exponent this large overflows or underflows anyway.
                exponent = min(exponent * 10 + Int(bytes[i] &- UInt8(ascii: "0")), 1_000_000_000)
                i += 1
            }
            if exponentIsNegative {
                exponent = -exponent
            }
        }

        if i < bytes.count {
            let next = bytes[i]
            if isWordByte(next) || next == UInt8(ascii: ".") || next == UInt8(ascii: "+")
                || next == UInt8(ascii: "-")
            {
                throw error("unexpected \(describe(next)) in number", at: i, inValue: true)
            }
        }
        pos = i

        // Fast path (exact operands, one correctly rounded operation).
        if mantissa == 0 {
            return isNegative ? -0.0 : 0.0
        }
        let scale = exponent - fractionDigits
        if significantDigits <= 19 && mantissa <= 1 << 53 && (-22...22).contains(scale) {
            let value =
                scale >= 0
                ? Double(mantissa) * exactPowersOfTen[scale]
                : Double(mantissa) / exactPowersOfTen[-scale]
            return isNegative ? -value : value
        }
        return try convertSlowly(start..<i, isNegative: isNegative)
    }

    /// Converts grammar-valid number text with the standard library; refuses overflow.
    private func convertSlowly(
        _ range: Range<Int>,
        isNegative: Bool
    ) throws(JSONParseError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        if let value = Double(text), value.isFinite {
            return value
        }
        let shown = text.utf8.count <= 40 ? text : String(text.prefix(40)) + "…"
        throw error(
            "number \(shown) overflows to \(isNegative ? "-" : "")infinity",
            at: range.lowerBound, inValue: true)
    }
}
