// Building a JSONParseError: line, column and path are worked out only when one is thrown.

extension JSONReader.Parser {
    /// An error at byte `offset`. `inValue` says whether the error lies inside the value
    /// being read (the path names that value: `$.a[3]`) or in its container's punctuation
    /// (the path names the container: `$.a`).
    func error(_ message: String, at offset: Int, inValue: Bool) -> JSONParseError {
        let (line, column) = lineAndColumn(of: offset)
        return JSONParseError(
            message: message, line: line, column: column, path: path(inValue: inValue),
            byteOffset: offset)
    }

    /// 1-based line and byte column of `offset`. O(offset), so only for errors.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = contentStart
        var i = contentStart
        let stop = min(offset, bytes.count)
        while i < stop {
            if bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The JSON path of the innermost container, plus its pending child if `inValue`.
    func path(inValue: Bool) -> String {
        // An array's child count is the distance from its start to the start of the next
        // deeper array (or the top of `values`), so walk from the innermost frame out.
        var components: [String] = []
        var valuesAbove = values.count
        for (depth, frame) in stack.enumerated().reversed() {
            if frame.isObject {
                components.append(pathComponent(forKey: frame.key))
            } else {
                components.append("[\(valuesAbove - frame.start)]")
                valuesAbove = frame.start
            }
            if depth == stack.count - 1 && !inValue {
                components.removeLast()
            }
        }
        return "$" + components.reversed().joined()
    }
}

/// `.key` for keys that look like identifiers, `["key"]` (JSON-escaped) for the rest.
func pathComponent(forKey key: String) -> String {
    var isIdentifier = !key.isEmpty
    for (i, byte) in key.utf8.enumerated() {
        let isLetter =
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        if !(isLetter || (i > 0 && isDigit)) {
            isIdentifier = false
            break
        }
    }
    return isIdentifier ? "." + key : "[" + quoted(key) + "]"
}

/// `text` as a JSON string literal, quotes included; long text is cut to 60 characters
/// followed by "…" (inside the quotes).
func quoted(_ text: String) -> String {
    let limit = 60
    if text.count <= limit {
        return JSONWriter.write(.string(text))
    }
    return JSONWriter.write(.string(String(text.prefix(limit)) + "…"))
}

/// A byte for an error message: `'x'` for visible ASCII, `U+000A` for other ASCII, and
/// `byte 0xC3` for the rest.
func describe(_ byte: UInt8) -> String {
    if byte > 0x20 && byte < 0x7F {
        return "'\(Character(Unicode.Scalar(byte)))'"
    }
    if byte < 0x80 {
        return "U+" + hex(UInt32(byte), digits: 4)
    }
    return "byte 0x" + hex(UInt32(byte), digits: 2)
}

/// `value` in upper-case hexadecimal, zero-padded to at least `digits` digits.
func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
