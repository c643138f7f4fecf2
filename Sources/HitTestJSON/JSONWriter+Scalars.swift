// Numbers and strings as JSON text.

extension JSONWriter {
    /// A Double as a JSON number that reads back as exactly the same Double.
    ///
    /// - Integral values with magnitude below 1e15 have no fraction or exponent: `150`, `-3`.
    /// - Zero is `0`, negative zero `-0` (so the sign survives a round trip).
    /// - Anything else is the shortest text that round-trips (Swift's `description`),
    ///   made valid JSON: `0.1`, `1e-05` becomes `1e-5`, `1e+16` becomes `1e16`,
    ///   `1.2345678901234568e+17` stays in that form but without the `+`.
    /// - NaN and the infinities, which JSON numbers cannot express, are the strings
    ///   `"NaN"`, `"Infinity"` and `"-Infinity"` (the names JavaScript and the Protocol
    ///   Buffers JSON mapping use), so that output says what the value was; `null` would
    ///   read as "no value". ``nonFiniteName(_:)`` gives the same names without quotes for
    ///   text output.
    public static func formatNumber(_ x: Double) -> String {
        var out: [UInt8] = []
        appendNumber(x, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `NaN`, `Infinity` or `-Infinity` for a non-finite `x`, else nil: the one spelling
    /// of non-finite numbers in every output of the project, text and JSON alike.
    public static func nonFiniteName(_ x: Double) -> String? {
        if x.isNaN { return "NaN" }
        if x.isInfinite { return x < 0 ? "-Infinity" : "Infinity" }
        return nil
    }

    /// ``formatNumber(_:)``'s text for people: the same for finite numbers, the bare
    /// ``nonFiniteName(_:)`` (no quotes) otherwise.
    public static func formatText(_ x: Double) -> String {
        nonFiniteName(x) ?? formatNumber(x)
    }
}

/// Appends ``JSONWriter/formatNumber(_:)``'s text for `x` to `out`, without making a String
/// for integral values.
func appendNumber(_ x: Double, to out: inout [UInt8]) {
    if let name = JSONWriter.nonFiniteName(x) {
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: "\""))
        return
    }
    if x.magnitude < 1e15 && x == x.rounded(.towardZero) {
        if x.sign == .minus {
            out.append(UInt8(ascii: "-"))
        }
        appendDigits(of: UInt64(x.magnitude), to: &out)
        return
    }
    // Swift's shortest round-trip text is "d.ddd", "d.0", "d.ddde-XX" or "d.ddde+XX";
    // drop a ".0" before the exponent or end, the exponent's "+" and its leading zeros.
    var text = x.description
    text.withUTF8 { bytes in
        let e = bytes.firstIndex(of: UInt8(ascii: "e")) ?? bytes.count
        var mantissaEnd = e
        if e >= 2 && bytes[e - 2] == UInt8(ascii: ".") && bytes[e - 1] == UInt8(ascii: "0") {
            mantissaEnd = e - 2
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<mantissaEnd]))
        guard e < bytes.count else { return }
        out.append(UInt8(ascii: "e"))
        var i = e + 1
        if bytes[i] == UInt8(ascii: "-") {
            out.append(UInt8(ascii: "-"))
            i += 1
        } else if bytes[i] == UInt8(ascii: "+") {
            i += 1
        }
        while i < bytes.count - 1 && bytes[i] == UInt8(ascii: "0") {
            i += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i...]))
    }
}

/// Appends the decimal digits of `value` (no sign, no leading zeros; "0" for zero).
func appendDigits(of value: UInt64, to out: inout [UInt8]) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
        repeat {
            count += 1
            buffer[24 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
    }
}

/// Appends `text` as a JSON string literal: `"` and `\` are escaped, control characters
/// become `\n`, `\t`, `\r`, `\b`, `\f` or `\u00XX`; all else is copied as UTF-8.
func appendString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
        var runStart = 0
        for (i, byte) in bytes.enumerated() {
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            runStart = i + 1
            out.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x09: out.append(UInt8(ascii: "t"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            default: out.append(contentsOf: "u00\(hex(UInt32(byte), digits: 2))".utf8)
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    out.append(UInt8(ascii: "\""))
}
