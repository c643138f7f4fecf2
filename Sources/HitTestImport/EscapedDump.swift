/// A dump printed as a Swift string literal, read back as the text it holds
/// (`rule-import-escaped`).
///
/// lldb prints a `String` as a literal: `po view.value(forKey: "recursiveDescription") as! String`
/// gives one line, `"<UIView: 0x...; frame = ...>\n   | <UIButton: 0x...>..."`, and without
/// the cast `Optional("...")` or `Optional(<UIView ...>\n   | ...)`. Read as it stands, such a
/// line is one record whose tail holds every other view. A line is read as a literal when it
/// has a description and, after it, a `\n` escape followed by blanks and a `|` or by another
/// description: a plain dump never holds that, since its records are on lines of their own.
/// The line's `Optional(...)` and quotes are removed and its escapes (`\n`, `\r`, `\t`, `\0`,
/// `\"`, `\'`, `\\`, `\u{...}`) replaced by what they stand for; other lines stay as they are.
struct EscapedDump {
    /// The text with its literal lines unescaped.
    let bytes: [UInt8]
    /// For each line of `bytes` (as `DumpText` cuts them), the 0-based line of the original
    /// text it comes from.
    let originalLine: [Int]
    /// For each line of `bytes`, whether it comes from a literal line that holds several.
    let isExpanded: [Bool]

    /// The dump with its literal lines unescaped, or nil when no line is one.
    static func reading(_ text: DumpText) -> EscapedDump? {
        var literalLines: [Int: Range<Int>] = [:]
        for index in text.lines.indices {
            if let content = text.literalContent(ofLine: index) { literalLines[index] = content }
        }
        guard !literalLines.isEmpty else { return nil }
        var bytes: [UInt8] = []
        var originalLine: [Int] = []
        var isExpanded: [Bool] = []
        for index in text.lines.indices {
            let line = text.lines[index]
            var piece: [UInt8]
            if let content = literalLines[index] {
                // What comes before the literal (a comment prefix, blanks) stays.
                piece = Array(text.bytes[line.lowerBound..<content.lowerBound])
                piece += unescaped(text.bytes[content])
            } else {
                piece = Array(text.bytes[line])
            }
            piece.append(Byte.newline)
            // Cut the piece as the whole text will be cut: the newline that ends it cannot
            // join the next piece's first byte, so the counts add up.
            let count = DumpText(bytes: piece).lines.count
            originalLine += repeatElement(index, count: count)
            isExpanded += repeatElement(count > 1, count: count)
            bytes += piece
        }
        return EscapedDump(bytes: bytes, originalLine: originalLine, isExpanded: isExpanded)
    }

    /// The 1-based line of the original text for a 1-based line of `bytes`, and a note
    /// naming the unescaped line when the original line holds several.
    func original(_ line: Int) -> (line: Int, note: String) {
        guard line >= 1 && line <= originalLine.count else { return (line, "") }
        let note =
            isExpanded[line - 1]
            ? " (line \(line) of the dump with its `\\n` escapes read as line breaks)" : ""
        return (originalLine[line - 1] + 1, note)
    }

    /// `error` with its line in the original text.
    func mapped(_ error: ImportError) -> ImportError {
        var e = error
        let (line, note) = original(error.line)
        e.line = line
        e.message += note
        return e
    }

    /// `result` with its lines in the original text.
    func mapped(_ result: ImportResult) -> ImportResult {
        var r = result
        r.warnings = r.warnings.map {
            var w = $0
            let (line, note) = original(w.line)
            w.line = line
            w.message += note
            return w
        }
        r.views = r.views.map {
            var v = $0
            v.line = original(v.line).line
            return v
        }
        return r
    }

    /// The bytes a literal's escapes stand for. An unknown escape, or a `\u{...}` that is
    /// not a scalar, is kept as printed.
    static func unescaped(_ literal: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(literal.count)
        var i = literal.startIndex
        let end = literal.endIndex
        while i < end {
            let b = literal[i]
            guard b == Byte.backslash, i + 1 < end else {
                out.append(b)
                i += 1
                continue
            }
            let next = literal[i + 1]
            switch next {
            case UInt8(ascii: "n"): out.append(Byte.newline)
            case UInt8(ascii: "r"): out.append(Byte.carriageReturn)
            case UInt8(ascii: "t"): out.append(Byte.tab)
            case UInt8(ascii: "0"): out.append(0)
            case Byte.doubleQuote, Byte.quote, Byte.backslash: out.append(next)
            case UInt8(ascii: "u"):
                if let (scalar, after) = scalarEscape(literal, at: i + 2) {
                    out += Array(String(Character(scalar)).utf8)
                    i = after
                    continue
                }
                out += [b, next]
            default:
                out += [b, next]
            }
            i += 2
        }
        return out
    }

    /// The scalar of `{hex}` at `start` (one to eight hex digits) and the position after
    /// the `}`.
    private static func scalarEscape(_ literal: ArraySlice<UInt8>, at start: Int) -> (
        Unicode.Scalar, Int
    )? {
        guard start < literal.endIndex, literal[start] == Byte.openBrace else { return nil }
        var i = start + 1
        var value: UInt32 = 0
        while i < literal.endIndex && i - start <= 8 && Byte.isHexDigit(literal[i]) {
            value = value * 16 + UInt32(hexValue(literal[i]))
            i += 1
        }
        guard i > start + 1, i < literal.endIndex, literal[i] == Byte.closeBrace,
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, i + 1)
    }

    private static func hexValue(_ b: UInt8) -> UInt8 {
        if Byte.isDigit(b) { return b - UInt8(ascii: "0") }
        return (b | 0x20) - UInt8(ascii: "a") + 10
    }
}

extension DumpText {
    /// The part of line `index` to unescape when the line is a string literal holding a
    /// dump (`EscapedDump`): after a comment prefix and blanks, without an enclosing
    /// `Optional(...)` and quotes; nil when the line is not one.
    func literalContent(ofLine index: Int) -> Range<Int>? {
        let line = lines[index]
        guard let header = firstHeader(in: line),
            escapedLineBreakIsFollowedByRecord(in: header.start..<line.upperBound)
        else { return nil }
        var start = commentPrefixEnd(ofLine: index)
        while start < line.upperBound && Byte.isBlank(bytes[start]) { start += 1 }
        var end = line.upperBound
        while end > start && Byte.isBlank(bytes[end - 1]) { end -= 1 }
        let optional = Array("Optional(".utf8)
        if end - start > optional.count + 1
            && Array(bytes[start..<(start + optional.count)]) == optional
            && bytes[end - 1] == Byte.closeParen
        {
            start += optional.count
            end -= 1
        }
        if end - start >= 2 && bytes[start] == Byte.doubleQuote
            && bytes[end - 1] == Byte.doubleQuote
            && !isEscaped(end - 1, from: start)
        {
            start += 1
            end -= 1
        }
        return start..<end
    }

    /// True when `range` holds a `\n` escape followed by blanks and then a `|` or a
    /// description header: the start of the next record of a dump printed as a literal.
    private func escapedLineBreakIsFollowedByRecord(in range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            guard bytes[i] == Byte.backslash else {
                i += 1
                continue
            }
            // `\\` is an escaped backslash, not the start of `\n`.
            if bytes[i + 1] != UInt8(ascii: "n") {
                i += 2
                continue
            }
            var j = i + 2
            while j < range.upperBound && Byte.isBlank(bytes[j]) { j += 1 }
            if j < range.upperBound
                && (bytes[j] == Byte.bar
                    || (bytes[j] == Byte.lessThan && header(at: j, end: range.upperBound) != nil))
            {
                return true
            }
            i += 2
        }
        return false
    }

    /// True when the byte at `position` follows an odd number of backslashes (after `start`).
    private func isEscaped(_ position: Int, from start: Int) -> Bool {
        var count = 0
        var i = position - 1
        while i >= start && bytes[i] == Byte.backslash {
            count += 1
            i -= 1
        }
        return count % 2 == 1
    }
}
