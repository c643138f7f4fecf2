/// One field of a description: `key = value` or `key: value`.
struct RawField {
    /// The key, or nil when the field has no `=`/`:`, or its key is not a short name
    /// (such a field is ignored, like an unknown key).
    var key: String?
    /// The value in the description's `body`, without the blanks around it; a quoted
    /// text that spans lines holds its newlines.
    var value: Range<Int>
    /// The 0-based index of the line the field starts on.
    var line: Int
}

/// A description read from its `<` to its matching `>` (`rule-import-description`).
struct ScannedDescription {
    var header: DumpText.Header
    /// The bytes after the address up to the closing `>`, lines joined with `\n`.
    var body: [UInt8]
    /// The fields after the address, in order. Text between the address and the first
    /// `;` is not a field and is dropped.
    var fields: [RawField]
    /// The bytes after the closing `>` on the record's last line (`rule-import-prefix-tail`).
    var tail: Range<Int>
    /// The 0-based index of the record's last physical line: later than the first when a
    /// quoted text holds newlines or a hard-wrapped line was joined.
    var lastLine: Int
    /// Lines joined to the one before with a space because the description went on there
    /// (a line hard-wrapped by a mail program or a book), 0-based.
    var joinedLines: [Int] = []

    func value(_ field: RawField) -> ArraySlice<UInt8> { body[field.value] }
}

extension DumpText {
    /// Reads the description whose header starts on line `startLine`, splitting it into
    /// fields at `;` outside brackets and quotes. `(`, `{`, `[` and `<` (when a name
    /// follows it) nest; a closer that does not match the innermost opener is data. A
    /// quote opens after `= ` and closes at a `'` followed by `>` or by `; key = ` /
    /// `; key: `; only quoted text may run onto the next line.
    func scanDescription(_ header: Header, startLine: Int) throws(ImportError) -> ScannedDescription
    {
        var lineIndex = startLine
        var end = lines[lineIndex].upperBound
        var i = header.address.upperBound
        var closers: [UInt8] = [Byte.greaterThan]
        var fields: [RawField] = []
        var body: [UInt8] = []
        var fieldStart = 0
        var currentLine = startLine
        var afterAddress = true
        var quoteLine: Int?

        func finishField() {
            if afterAddress {
                afterAddress = false
            } else {
                fields.append(DumpText.field(in: body, fieldStart..<body.count, line: currentLine))
            }
        }

        var joinedLines: [Int] = []

        while true {
            if i >= end {
                // A description still open at the end of its line, outside a quote: the
                // line was hard-wrapped when the next line is not blank and not the next
                // view; join it with a space (a wrap replaced a space).
                if quoteLine == nil, lineIndex + 1 < lines.count, joinedLines.count < 16,
                    !looksLikeViewLine(lineIndex + 1), !isBlank(line: lineIndex + 1)
                {
                    lineIndex += 1
                    joinedLines.append(lineIndex)
                    i = continuationStart(ofLine: lineIndex)
                    end = lines[lineIndex].upperBound
                    body.append(Byte.space)
                    continue
                }
                guard let q = quoteLine else {
                    var missing = String(decoding: closers.reversed().prefix(12), as: UTF8.self)
                    if closers.count > 12 { missing += "... (\(closers.count) closers)" }
                    var message =
                        "the description of \(string(header.className)) \(string(header.address)) "
                        + "does not end on this line: `\(missing)` is missing (only quoted text may "
                        + "continue on the next line)"
                    if lineIndex != startLine {
                        message += " (the description starts on line \(startLine + 1))"
                    }
                    var error = ImportError(line: lineIndex + 1, message: message)
                    error.isCutOff =
                        !((lineIndex + 1)..<lines.count).contains { looksLikeViewLine($0) }
                    throw error
                }
                guard lineIndex + 1 < lines.count else {
                    throw ImportError(
                        line: q + 1,
                        message:
                            "the quoted text that opens on this line never closes: a `'` followed by "
                            + "`>` or by `; key = ` is missing")
                }
                lineIndex += 1
                if looksLikeViewLine(lineIndex) {
                    throw ImportError(
                        line: q + 1,
                        message: "the quoted text that opens on this line is still open at line "
                            + "\(lineIndex + 1), which looks like the next view: a closing `'` is missing"
                    )
                }
                i = lines[lineIndex].lowerBound
                end = lines[lineIndex].upperBound
                body.append(Byte.newline)
                continue
            }
            let b = bytes[i]
            if quoteLine != nil {
                if b == Byte.quote && quoteCloses(at: i, end: end) { quoteLine = nil }
                body.append(b)
                i += 1
                continue
            }
            switch b {
            case Byte.quote:
                let n = body.count
                if n - fieldStart >= 2 && body[n - 1] == Byte.space && body[n - 2] == Byte.equals {
                    quoteLine = lineIndex
                }
            case Byte.openParen: closers.append(Byte.closeParen)
            case Byte.openBrace: closers.append(Byte.closeBrace)
            case Byte.openBracket: closers.append(Byte.closeBracket)
            case Byte.lessThan:
                if i + 1 < end
                    && (Byte.isIdentifierStart(bytes[i + 1]) || bytes[i + 1] == Byte.lessThan)
                {
                    closers.append(Byte.greaterThan)
                }
            case Byte.closeParen, Byte.closeBrace, Byte.closeBracket, Byte.greaterThan:
                if closers.last == b {
                    closers.removeLast()
                    if closers.isEmpty {
                        finishField()
                        return ScannedDescription(
                            header: header, body: body, fields: fields, tail: (i + 1)..<end,
                            lastLine: lineIndex, joinedLines: joinedLines)
                    }
                }
            case Byte.semicolon:
                if closers.count == 1 {
                    finishField()
                    body.append(b)
                    fieldStart = body.count
                    currentLine = lineIndex
                    i += 1
                    continue
                }
            default:
                break
            }
            body.append(b)
            i += 1
        }
    }

    /// A `'` at `i` inside quoted text closes it when `>` follows, or `; ` and a key and
    /// ` = ` or `: ` (`rule-import-description`).
    private func quoteCloses(at i: Int, end: Int) -> Bool {
        var j = i + 1
        guard j < end else { return false }
        if bytes[j] == Byte.greaterThan { return true }
        guard bytes[j] == Byte.semicolon, j + 1 < end, bytes[j + 1] == Byte.space else {
            return false
        }
        j += 1
        while j < end && bytes[j] == Byte.space { j += 1 }
        let keyStart = j
        while j < end && Byte.isKeyCharacter(bytes[j]) { j += 1 }
        guard j > keyStart, Byte.isLetter(bytes[keyStart]) || bytes[keyStart] == Byte.underscore
        else {
            return false
        }
        if j + 2 < end && bytes[j] == Byte.space && bytes[j + 1] == Byte.equals
            && bytes[j + 2] == Byte.space
        {
            return true
        }
        return j + 1 < end && bytes[j] == Byte.colon && bytes[j + 1] == Byte.space
    }

    /// True for a line that has bars and then, right after them, a description: the line
    /// of a nested view, which a quoted text is not expected to hold.
    /// True when line `index` holds only blanks (and a comment prefix).
    func isBlank(line index: Int) -> Bool {
        continuationStart(ofLine: index) == lines[index].upperBound
    }

    /// Where the text of a continuation line starts: after blanks and a comment prefix
    /// (`//` or `#`, each with the blanks after it).
    func continuationStart(ofLine index: Int) -> Int {
        let line = lines[index]
        var i = commentPrefixEnd(ofLine: index)
        while i < line.upperBound && Byte.isBlank(bytes[i]) { i += 1 }
        return i
    }

    private func looksLikeViewLine(_ index: Int) -> Bool {
        let ind = indentation(ofLine: index)
        let end = lines[index].upperBound
        guard ind.bars > 0, ind.contentStart < end, bytes[ind.contentStart] == Byte.lessThan else {
            return false
        }
        return header(at: ind.contentStart, end: end) != nil
    }

    /// The longest key kept; longer ones cannot be a key that matters.
    static let maxKeyLength = 40

    /// Splits the field in `range` of `body` at its first `=` or `:`. The key is what
    /// comes before, without the blanks around it.
    static func field(in body: [UInt8], _ range: Range<Int>, line: Int) -> RawField {
        var sep = range.lowerBound
        while sep < range.upperBound && body[sep] != Byte.equals && body[sep] != Byte.colon {
            sep += 1
        }
        guard sep < range.upperBound else {
            return RawField(key: nil, value: trimmed(body, range), line: line)
        }
        let key = trimmed(body, range.lowerBound..<sep)
        let value = trimmed(body, (sep + 1)..<range.upperBound)
        let isName =
            !key.isEmpty && key.count <= maxKeyLength
            && (Byte.isLetter(body[key.lowerBound]) || body[key.lowerBound] == Byte.underscore)
        return RawField(
            key: isName ? String(decoding: body[key], as: UTF8.self) : nil, value: value, line: line
        )
    }

    /// `range` without leading and trailing blanks and line breaks.
    static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && Byte.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower && Byte.isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
