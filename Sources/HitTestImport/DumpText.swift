/// The text of a dump as UTF-8 bytes cut into physical lines.
///
/// Everything works on bytes, not `Character`s: a quote followed by a combining mark, or a
/// `\r\n` pair, is one `Character` in Swift but two separate things in a dump.
struct DumpText {
    let bytes: [UInt8]
    /// Byte ranges of the physical lines, without their line terminators. Lines end at
    /// `\n`, `\r\n` or a lone `\r`.
    let lines: [Range<Int>]

    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var lines: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == Byte.newline || b == Byte.carriageReturn {
                lines.append(start..<i)
                if b == Byte.carriageReturn && i + 1 < bytes.count && bytes[i + 1] == Byte.newline {
                    i += 1
                }
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        self.lines = lines
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Where the indentation of a line ends and what it holds.
    struct Indentation {
        /// `|` characters before the first other non-blank character (`rule-import-records`).
        var bars: Int
        /// Columns of blanks and bars, a tab advancing to the next multiple of 8. Used only
        /// when no line of the dump has a bar.
        var width: Int
        /// The first byte after the indentation.
        var contentStart: Int
    }

    /// Where a comment marker that starts line `index` (after blanks) ends: `//` (any
    /// number of `/`) as in a source comment, or `#` (any number) followed by a blank or
    /// the line's end, as in a shell or Python comment; the line's start when there is
    /// none. Dumps pasted with such a prefix on every line import as the same tree.
    func commentPrefixEnd(ofLine index: Int) -> Int {
        let line = lines[index]
        var i = line.lowerBound
        while i < line.upperBound && Byte.isBlank(bytes[i]) { i += 1 }
        if i + 1 < line.upperBound && bytes[i] == Byte.slash && bytes[i + 1] == Byte.slash {
            while i < line.upperBound && bytes[i] == Byte.slash { i += 1 }
            return i
        }
        if i < line.upperBound && bytes[i] == Byte.hash {
            var j = i
            while j < line.upperBound && bytes[j] == Byte.hash { j += 1 }
            if j == line.upperBound || Byte.isBlank(bytes[j]) {
                // The one blank that separates the marker from the text belongs to it.
                return j < line.upperBound ? j + 1 : j
            }
        }
        return line.lowerBound
    }

    /// The indentation of line `index`, after a comment marker (`commentPrefixEnd`) that
    /// starts the line, if there is one.
    func indentation(ofLine index: Int) -> Indentation {
        let line = lines[index]
        var i = commentPrefixEnd(ofLine: index)
        var bars = 0
        var width = 0
        while i < line.upperBound {
            let b = bytes[i]
            if b == Byte.bar {
                bars += 1
                width += 1
            } else if b == Byte.tab {
                width = (width / 8 + 1) * 8
            } else if b == Byte.space {
                width += 1
            } else {
                break
            }
            i += 1
        }
        return Indentation(bars: bars, width: width, contentStart: i)
    }

    /// The longest class name the importer reads. Longer names could not become ids
    /// anyway (`Scene.Limits.maxIDLength`), and the bound keeps the search for a
    /// description linear on lines full of `<`.
    static let maxClassNameLength = 2_048

    /// The deepest nesting of generic arguments in a class name the importer reads.
    static let maxGenericNesting = 8

    /// A description header: `<` class `: 0x` hex digits.
    struct Header {
        /// The position of the opening `<`.
        var start: Int
        var className: Range<Int>
        /// `0x` and the hex digits, as printed.
        var address: Range<Int>
    }

    /// The first `<` in `range` that is followed by a class name and `: 0x` (`rule-import-prefix-tail`).
    /// Linear in the length of the range: a failed attempt tells where the next one may
    /// start.
    func firstHeader(in range: Range<Int>) -> Header? {
        var i = range.lowerBound
        while i < range.upperBound {
            guard bytes[i] == Byte.lessThan else {
                i += 1
                continue
            }
            let (h, resume) = scanHeader(at: i, end: range.upperBound)
            if let h { return h }
            i = max(i + 1, resume)
        }
        return nil
    }

    /// The header that starts at the `<` at `start`, if there is one. A class name starts
    /// with a letter, `_` or a non-ASCII byte and goes on with those, digits, `.` and `$`;
    /// it may carry generic arguments in balanced `<...>`, which may also hold `,` and
    /// spaces.
    func header(at start: Int, end: Int) -> Header? {
        scanHeader(at: start, end: end).header
    }

    /// `header(at:end:)`, and when there is none, the first position after `start` where
    /// a header may still begin. When the class name ends with its generic arguments
    /// balanced and no `: 0x` follows, no `<` inside it can begin a header either: such a
    /// scan stops at the same place or earlier, at a `,`, space or `>`.
    private func scanHeader(at start: Int, end: Int) -> (header: Header?, resume: Int) {
        var i = start + 1
        guard i < end, Byte.isIdentifierStart(bytes[i]) else { return (nil, start + 1) }
        let limit = min(end, start + 1 + DumpText.maxClassNameLength)
        var generics = 0
        while i < limit {
            let b = bytes[i]
            if Byte.isIdentifierStart(b) || Byte.isDigit(b) || b == Byte.dot || b == Byte.dollar {
                i += 1
            } else if b == Byte.lessThan {
                // Deeper generic nesting than any class name has: give up, so that a line
                // of `<A<A<A...` stays linear.
                guard generics < DumpText.maxGenericNesting else { return (nil, start + 1) }
                generics += 1
                i += 1
            } else if b == Byte.greaterThan && generics > 0 {
                generics -= 1
                i += 1
            } else if generics > 0 && (b == Byte.comma || b == Byte.space) {
                i += 1
            } else {
                break
            }
        }
        // A class name longer than the limit is not read; neither is one that starts
        // inside it before the limit.
        if i == limit && limit < end { return (nil, limit) }
        guard generics == 0 else { return (nil, start + 1) }
        let classEnd = i
        // ": 0x" and at least one hex digit.
        guard i + 4 < end, bytes[i] == Byte.colon, bytes[i + 1] == Byte.space,
            bytes[i + 2] == Byte.zero, bytes[i + 3] == Byte.lowerX || bytes[i + 3] == Byte.upperX,
            Byte.isHexDigit(bytes[i + 4])
        else { return (nil, classEnd) }
        let addressStart = i + 2
        i += 4
        while i < end && Byte.isHexDigit(bytes[i]) { i += 1 }
        return (
            Header(start: start, className: (start + 1)..<classEnd, address: addressStart..<i), i
        )
    }
}

/// The bytes the dump grammar is made of.
enum Byte {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let bar = UInt8(ascii: "|")
    static let slash = UInt8(ascii: "/")
    static let hash = UInt8(ascii: "#")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let semicolon = UInt8(ascii: ";")
    static let colon = UInt8(ascii: ":")
    static let equals = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "'")
    static let doubleQuote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let comma = UInt8(ascii: ",")
    static let dot = UInt8(ascii: ".")
    static let dollar = UInt8(ascii: "$")
    static let underscore = UInt8(ascii: "_")
    static let zero = UInt8(ascii: "0")
    static let lowerX = UInt8(ascii: "x")
    static let upperX = UInt8(ascii: "X")

    static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }

    /// A blank or a line break.
    static func isSpace(_ b: UInt8) -> Bool {
        b == space || b == tab || b == newline || b == carriageReturn
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    static func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
            || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }

    static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"))
            || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"))
    }

    /// A letter, `_`, or a byte of a non-ASCII character.
    static func isIdentifierStart(_ b: UInt8) -> Bool {
        isLetter(b) || b == underscore || b >= 0x80
    }

    /// A character of a field key: a letter, a digit, `_` or `.`.
    static func isKeyCharacter(_ b: UInt8) -> Bool {
        isLetter(b) || isDigit(b) || b == underscore || b == dot
    }
}
