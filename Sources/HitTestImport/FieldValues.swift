import HitTestGeometry

/// Parsers for the values of the keys that matter (`rule-import-keys`). Each returns nil when the
/// value does not have the expected shape; the caller turns that into an error that names
/// the line.
enum FieldValue {
    enum Token: Equatable {
        /// One of `( ) { } [ ] ; ,`.
        case punctuation(UInt8)
        case number(Double)
    }

    private static func isPunctuation(_ b: UInt8) -> Bool {
        switch b {
        case Byte.openParen, Byte.closeParen, Byte.openBrace, Byte.closeBrace, Byte.openBracket,
            Byte.closeBracket, Byte.semicolon, Byte.comma:
            return true
        default:
            return false
        }
    }

    /// The value cut into punctuation and numbers; nil when a word is not a number.
    static func tokens(_ value: ArraySlice<UInt8>) -> [Token]? {
        var out: [Token] = []
        var i = value.startIndex
        while i < value.endIndex {
            let b = value[i]
            if Byte.isSpace(b) {
                i += 1
            } else if isPunctuation(b) {
                out.append(.punctuation(b))
                i += 1
            } else {
                let start = i
                while i < value.endIndex && !Byte.isSpace(value[i]) && !isPunctuation(value[i]) {
                    i += 1
                }
                guard let x = number(value[start..<i]) else { return nil }
                out.append(.number(x))
            }
        }
        return out
    }

    /// A `%g` or full-precision number: an optional sign, digits with an optional point
    /// and exponent, or `nan` / `inf` / `infinity` in any case.
    static func number(_ word: ArraySlice<UInt8>) -> Double? {
        guard !word.isEmpty, word.count <= 400 else { return nil }
        var w = word
        var negative = false
        if w[w.startIndex] == UInt8(ascii: "+") || w[w.startIndex] == UInt8(ascii: "-") {
            negative = w[w.startIndex] == UInt8(ascii: "-")
            w = w.dropFirst()
        }
        let lower = String(decoding: w.map { Byte.isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        switch lower {
        case "nan": return .nan
        case "inf", "infinity": return negative ? -.infinity : .infinity
        default: break
        }
        // digits [. digits] | . digits, then [e [sign] digits]
        var i = w.startIndex
        var mantissaDigits = 0
        while i < w.endIndex && Byte.isDigit(w[i]) {
            i += 1
            mantissaDigits += 1
        }
        if i < w.endIndex && w[i] == Byte.dot {
            i += 1
            while i < w.endIndex && Byte.isDigit(w[i]) {
                i += 1
                mantissaDigits += 1
            }
        }
        guard mantissaDigits > 0 else { return nil }
        if i < w.endIndex && (w[i] == UInt8(ascii: "e") || w[i] == UInt8(ascii: "E")) {
            i += 1
            if i < w.endIndex && (w[i] == UInt8(ascii: "+") || w[i] == UInt8(ascii: "-")) { i += 1 }
            let exponentStart = i
            while i < w.endIndex && Byte.isDigit(w[i]) { i += 1 }
            guard i > exponentStart else { return nil }
        }
        guard i == w.endIndex, let x = Double(String(decoding: w, as: UTF8.self)) else {
            return nil
        }
        return negative ? -x : x
    }

    /// The numbers of `tokens` when they have exactly the shape `pattern`, in which `n`
    /// stands for a number and every other character for that punctuation.
    static func match(_ tokens: [Token], _ pattern: String) -> [Double]? {
        let shape = Array(pattern.utf8)
        guard tokens.count == shape.count else { return nil }
        var numbers: [Double] = []
        for (t, s) in zip(tokens, shape) {
            switch t {
            case .number(let x):
                guard s == UInt8(ascii: "n") else { return nil }
                numbers.append(x)
            case .punctuation(let p):
                guard s == p else { return nil }
            }
        }
        return numbers
    }

    /// `(x y; w h)` as `frame` prints it, or `{{x, y}, {w, h}}` (NSStringFromCGRect).
    static func rect(_ value: ArraySlice<UInt8>) -> Rect? {
        guard let t = tokens(value), let n = match(t, "(nn;nn)") ?? match(t, "{{n,n},{n,n}}") else {
            return nil
        }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// `{x, y}` (NSStringFromCGPoint).
    static func point(_ value: ArraySlice<UInt8>) -> Point? {
        guard let t = tokens(value), let n = match(t, "{n,n}") else { return nil }
        return Point(x: n[0], y: n[1])
    }

    /// `[a, b, c, d, tx, ty]`.
    static func transform(_ value: ArraySlice<UInt8>) -> AffineTransform? {
        guard let t = tokens(value), let n = match(t, "[n,n,n,n,n,n]") else { return nil }
        return AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// A single number.
    static func scalar(_ value: ArraySlice<UInt8>) -> Double? {
        guard let t = tokens(value), let n = match(t, "n") else { return nil }
        return n[0]
    }

    /// `YES` / `NO` as UIKit prints them (also `true` / `false`, any case).
    static func bool(_ value: ArraySlice<UInt8>) -> Bool? {
        let lower = String(
            decoding: value.map { Byte.isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        switch lower {
        case "yes", "true": return true
        case "no", "false": return false
        default: return nil
        }
    }

    /// How many gesture recognizers a `gestureRecognizers` value lists, when it says:
    /// the recognizers it prints (classes whose name holds `GestureRecognizer`), or 1 for
    /// Foundation's one-object array. Nil when it does not say, as UIKit's
    /// `<NSArray: 0x...>` does not (`rule-import-gestures`).
    static func recognizerCount(_ value: ArraySlice<UInt8>) -> Int? {
        let text = DumpText(bytes: Array(value))
        var recognizers = 0
        var singleObjectArray = false
        var i = 0
        while i < text.bytes.count, let h = text.firstHeader(in: i..<text.bytes.count) {
            let name = text.string(h.className)
            if name.contains("GestureRecognizer") {
                recognizers += 1
            } else if name == "__NSSingleObjectArrayI" {
                singleObjectArray = true
            }
            i = h.address.upperBound
        }
        if recognizers > 0 { return recognizers }
        return singleObjectArray ? 1 : nil
    }

    /// The value as it is printed, shortened for an error message.
    static func quoted(_ value: ArraySlice<UInt8>) -> String {
        let limit = 60
        if value.count <= limit { return "`" + String(decoding: value, as: UTF8.self) + "`" }
        return "`" + String(decoding: value.prefix(limit), as: UTF8.self) + "...`"
    }
}
