import HitTestGeometry
import HitTestJSON

/// The tokens of a document for ``SceneStreamReader``: space, punctuation, strings, keys,
/// literals, numbers, and any value handed to the JSON reader. Every `throw` leaves the
/// document to the full decoder.
extension _SceneStreamParser {
    @inline(__always)
    func byte(_ i: Int) -> UInt8 { i < end ? base[i] : 0 }

    @inline(__always)
    mutating func skipSpace() {
        while pos < end {
            switch base[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    @inline(__always)
    mutating func expect(_ b: UInt8) throws(_LeaveToDecoder) {
        skipSpace()
        guard pos < end, base[pos] == b else { throw _LeaveToDecoder() }
        pos += 1
    }

    /// After a member or an element: true when `,` (another follows), false at `close`.
    @inline(__always)
    mutating func another(_ close: UInt8) throws(_LeaveToDecoder) -> Bool {
        skipSpace()
        guard pos < end else { throw _LeaveToDecoder() }
        let b = base[pos]
        pos += 1
        if b == UInt8(ascii: ",") { return true }
        if b == close { return false }
        throw _LeaveToDecoder()
    }

    /// True (and consumed) when the next byte is `close`: an empty object or array.
    @inline(__always)
    mutating func closesAtOnce(_ close: UInt8) -> Bool {
        skipSpace()
        if pos < end && base[pos] == close {
            pos += 1
            return true
        }
        return false
    }

    /// A string of printable ASCII without escapes: its bytes' start and length.
    @inline(__always)
    mutating func string() throws(_LeaveToDecoder) -> (start: Int, length: Int) {
        try expect(UInt8(ascii: "\""))
        let start = pos
        var i = pos
        // Eight bytes at a time while they are all plain: the lowest byte that is not
        // stops the scan (the borrows of the tests below only ever mark bytes above a
        // byte they rightly mark), and the byte loop decides on it.
        while end - i >= 8 {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let stop = _SWAR.zeroByte(w ^ _SWAR.quotes) | _SWAR.zeroByte(w ^ _SWAR.backslashes)
                | _SWAR.zeroByte(w ^ _SWAR.deletes) | _SWAR.belowSpace(w) | (w & _SWAR.highBits)
            if stop != 0 {
                i += stop.trailingZeroBitCount >> 3
                break
            }
            i += 8
        }
        while i < end {
            let b = base[i]
            if b == UInt8(ascii: "\"") {
                pos = i + 1
                return (start, i - start)
            }
            // Escapes, control bytes and non-ASCII go to the full decoder.
            guard b &- 0x20 < 0x5F && b != UInt8(ascii: "\\") else { throw _LeaveToDecoder() }
            i += 1
        }
        throw _LeaveToDecoder()
    }

    func bytes(_ s: (start: Int, length: Int)) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + s.start, count: s.length)
    }

    func text(_ s: (start: Int, length: Int)) -> String {
        String(decoding: bytes(s), as: UTF8.self)
    }

    mutating func key() throws(_LeaveToDecoder) -> UnsafeBufferPointer<UInt8> {
        let k = try string()
        try expect(UInt8(ascii: ":"))
        return bytes(k)
    }

    /// A key of a view's object: the field it names (nil for a key the reader does not
    /// know) and its bytes. The keys of nearly every view (`id`, `class`, `frame`,
    /// `subviews`, `hidden`) are matched by one 8-byte load with their closing quote,
    /// with no scan; any other key is read by `key()`.
    @inline(__always)
    mutating func viewKey() throws(_LeaveToDecoder) -> (_ViewField?, UnsafeBufferPointer<UInt8>) {
        skipSpace()
        if end - pos >= 10 && base[pos] == UInt8(ascii: "\"") {
            let w = UInt64(
                littleEndian: UnsafeRawPointer(base + pos + 1).loadUnaligned(as: UInt64.self))
            let field: _ViewField
            let length: Int
            if w & 0xFF_FFFF == _quickKeys.id {
                (field, length) = (.id, 2)
            } else if w & 0xFFFF_FFFF_FFFF == _quickKeys.frame {
                (field, length) = (.frame, 5)
            } else if w & 0xFFFF_FFFF_FFFF == _quickKeys.className {
                (field, length) = (.className, 5)
            } else if w == _quickKeys.subviews && base[pos + 9] == UInt8(ascii: "\"") {
                (field, length) = (.subviews, 8)
            } else if w & 0xFF_FFFF_FFFF_FFFF == _quickKeys.hidden {
                (field, length) = (.hidden, 6)
            } else {
                let k = try key()
                return (_ViewField.named(k), k)
            }
            let k = UnsafeBufferPointer(start: base + pos + 1, count: length)
            pos += length + 2
            try expect(UInt8(ascii: ":"))
            return (field, k)
        }
        let k = try key()
        return (_ViewField.named(k), k)
    }

    mutating func bool() throws(_LeaveToDecoder) -> Bool {
        skipSpace()
        if end - pos >= 4 && base[pos] == UInt8(ascii: "t") && base[pos + 1] == UInt8(ascii: "r")
            && base[pos + 2] == UInt8(ascii: "u") && base[pos + 3] == UInt8(ascii: "e")
        {
            pos += 4
            try endOfWord()
            return true
        }
        if end - pos >= 5 && base[pos] == UInt8(ascii: "f") && base[pos + 1] == UInt8(ascii: "a")
            && base[pos + 2] == UInt8(ascii: "l") && base[pos + 3] == UInt8(ascii: "s")
            && base[pos + 4] == UInt8(ascii: "e")
        {
            pos += 5
            try endOfWord()
            return false
        }
        throw _LeaveToDecoder()
    }

    /// A literal must not run on into letters or digits (`truex`).
    @inline(__always)
    func endOfWord() throws(_LeaveToDecoder) {
        if pos < end {
            let b = base[pos] | 0x20
            if (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || base[pos] &- 0x30 < 10
                || base[pos] == UInt8(ascii: "_") || base[pos] >= 0x80
            {
                throw _LeaveToDecoder()
            }
        }
    }

    mutating func null() throws(_LeaveToDecoder) -> Bool {
        skipSpace()
        if end - pos >= 4 && base[pos] == UInt8(ascii: "n") && base[pos + 1] == UInt8(ascii: "u")
            && base[pos + 2] == UInt8(ascii: "l") && base[pos + 3] == UInt8(ascii: "l")
        {
            pos += 4
            try endOfWord()
            return true
        }
        return false
    }

    /// A JSON number, converted exactly as the JSON reader converts it (RFC 8259 grammar;
    /// Clinger's fast path, else the standard library); overflow leaves the document.
    @inline(__always)
    mutating func number() throws(_LeaveToDecoder) -> Double {
        skipSpace()
        var i = pos
        let start = i
        let negative = byte(i) == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        guard i < end else { throw _LeaveToDecoder() }
        if base[i] == UInt8(ascii: "0") {
            i += 1
        } else if base[i] &- 0x30 < 10 {
            while i < end && base[i] &- 0x30 < 10 {
                digits += 1
                if digits <= 19 { mantissa = mantissa &* 10 &+ UInt64(base[i] &- 0x30) }
                i += 1
            }
        } else {
            throw _LeaveToDecoder()
        }
        if i < end && base[i] == UInt8(ascii: ".") {
            i += 1
            guard i < end && base[i] &- 0x30 < 10 else { throw _LeaveToDecoder() }
            while i < end && base[i] &- 0x30 < 10 {
                let d = base[i] &- 0x30
                if digits > 0 || d != 0 {
                    digits += 1
                    if digits <= 19 { mantissa = mantissa &* 10 &+ UInt64(d) }
                }
                fraction += 1
                i += 1
            }
        }
        var exponent = 0
        if i < end && base[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var negativeExponent = false
            if i < end && (base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-")) {
                negativeExponent = base[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < end && base[i] &- 0x30 < 10 else { throw _LeaveToDecoder() }
            while i < end && base[i] &- 0x30 < 10 {
                exponent = min(exponent * 10 + Int(base[i] &- 0x30), 1_000_000_000)
                i += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        if i < end {
            // What may follow a number: space, `,`, `]`, `}`; anything else is an error.
            switch base[i] {
            case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                break
            default: throw _LeaveToDecoder()
            }
        }
        pos = i
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        let scale = exponent - fraction
        if scale == 0 && digits <= 19 && mantissa <= 1 << 53 {
            // An integer, exact in a Double (most numbers of a scene).
            let v = Double(mantissa)
            return negative ? -v : v
        }
        if digits <= 19 && mantissa <= 1 << 53 && scale >= -22 && scale <= 22 {
            let v =
                scale >= 0
                ? Double(mantissa) * _exactPowersOfTen[scale]
                : Double(mantissa) / _exactPowersOfTen[-scale]
            return negative ? -v : v
        }
        let text = String(
            decoding: UnsafeBufferPointer(start: base + start, count: i - start), as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw _LeaveToDecoder() }
        return v
    }

    /// An array of exactly `n` numbers, written to `to`. Each element that is a short
    /// integer right before its `,` or `]` (what a generated scene's frames hold) is read
    /// by `shortInteger`, the others by `number()`.
    @inline(__always)
    mutating func numbers(_ n: Int, _ to: UnsafeMutablePointer<Double>) throws(_LeaveToDecoder) {
        try expect(UInt8(ascii: "["))
        for k in 0..<n {
            if let v = shortInteger() {
                to[k] = v
                // `shortInteger` stopped at `,` or `]`.
                let close = base[pos] == UInt8(ascii: "]")
                guard close == (k == n - 1) else { throw _LeaveToDecoder() }
                pos += 1
                continue
            }
            to[k] = try number()
            guard try another(UInt8(ascii: "]")) == (k < n - 1) else { throw _LeaveToDecoder() }
        }
    }

    /// A number written as an integer of 1 to 7 digits (no leading zero but `0` itself,
    /// an optional `-`), with no space before it and `,` or `]` right after it: its value,
    /// with `pos` on that `,` or `]`. `number()` gives the same value for these (exact in a
    /// Double, `-0` as -0.0); nil, with nothing read, for anything else. The digits are
    /// found and combined eight bytes at a time, with no branch a digit.
    @inline(__always)
    mutating func shortInteger() -> Double? {
        var i = pos
        guard end - i >= 9 else { return nil }
        let negative = base[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        // Each byte's digit value (garbage in bytes that are not digits), and the bytes
        // that are not digits: below `0` (the subtraction's high bit, a borrow only above
        // such a byte) or above `9` (`+ 0x46` reaches the high bit).
        let values = w &- 0x3030_3030_3030_3030
        let stops = (values | (w &+ 0x4646_4646_4646_4646)) & _SWAR.highBits
        guard stops != 0 else { return nil }
        let digits = stops.trailingZeroBitCount >> 3
        let after = base[i + digits]
        guard digits > 0, after == UInt8(ascii: ",") || after == UInt8(ascii: "]"),
            digits == 1 || base[i] != UInt8(ascii: "0")
        else { return nil }
        // The digits moved to the top bytes (zeros before them), then summed in pairs,
        // fours and eights: the bytes as a decimal number, first byte most significant.
        var v = values << (64 - 8 * UInt64(digits))
        v = ((v & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        pos = i + digits
        let d = Double(Int64(bitPattern: v))
        return negative ? -d : d
    }

    /// The next value, whatever it is, parsed by the JSON reader: its extent is found by
    /// brackets and strings alone, and the JSON reader checks every byte in it (a slice
    /// that is not exactly one value leaves the document).
    mutating func jsonValue() throws(_LeaveToDecoder) -> JSONValue {
        skipSpace()
        let start = pos
        // A byte-order mark is the JSON reader's at the start of a document only.
        guard pos < end, base[pos] != 0xEF else { throw _LeaveToDecoder() }
        var depth = 0
        scan: while pos < end {
            let b = base[pos]
            switch b {
            case UInt8(ascii: "\""):
                pos += 1
                while pos < end && base[pos] != UInt8(ascii: "\"") {
                    pos += base[pos] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard pos < end else { throw _LeaveToDecoder() }
                pos += 1
                if depth == 0 { break scan }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                guard depth <= 32 else { throw _LeaveToDecoder() }
                pos += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { break scan }
                depth -= 1
                pos += 1
                if depth == 0 { break scan }
            case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                if depth == 0 { break scan }
                pos += 1
            default:
                pos += 1
            }
        }
        guard depth == 0, pos > start else { throw _LeaveToDecoder() }
        do {
            return try JSONReader.parse(
                UnsafeBufferPointer(start: base + start, count: pos - start),
                limits: JSONReader.Limits(maxDepth: 32))
        } catch {
            throw _LeaveToDecoder()
        }
    }

    mutating func point() throws(_LeaveToDecoder) -> Point {
        var r = (0.0, 0.0)
        try withUnsafeMutableBytes(of: &r) { p throws(_LeaveToDecoder) in
            try numbers(2, p.baseAddress!.assumingMemoryBound(to: Double.self))
        }
        return Point(x: r.0, y: r.1)
    }
}

/// 10^0 ... 10^22, each exact in a Double.
let _exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// The commonest keys of a view with their closing quote, as little-endian words of their
/// bytes (`subviews` has no room for its quote, checked apart). Literals, so that the
/// reader's loop reads no global.
enum _quickKeys {
    /// `id"`
    static var id: UInt64 { 0x22_6469 }
    /// `frame"`
    static var frame: UInt64 { 0x2265_6d61_7266 }
    /// `class"`
    static var className: UInt64 { 0x2273_7361_6c63 }
    /// `hidden"`
    static var hidden: UInt64 { 0x22_6e65_6464_6968 }
    /// `subviews`
    static var subviews: UInt64 { 0x7377_6569_7662_7573 }
}

/// Tests on the eight bytes of a little-endian word at once: each returns the word with
/// the high bit set in every byte that passes (and possibly in bytes above one that does,
/// from a borrow), so that the lowest set bit marks the first byte that passes.
enum _SWAR {
    static var ones: UInt64 { 0x0101_0101_0101_0101 }
    static var highBits: UInt64 { 0x8080_8080_8080_8080 }
    /// `"` in every byte.
    static var quotes: UInt64 { 0x2222_2222_2222_2222 }
    /// `\\` in every byte.
    static var backslashes: UInt64 { 0x5C5C_5C5C_5C5C_5C5C }
    /// DEL (0x7F) in every byte.
    static var deletes: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }

    /// Bytes that are 0.
    @inline(__always)
    static func zeroByte(_ w: UInt64) -> UInt64 { (w &- ones) & ~w & highBits }

    /// Bytes below 0x20 (control bytes).
    @inline(__always)
    static func belowSpace(_ w: UInt64) -> UInt64 { (w &- 0x2020_2020_2020_2020) & ~w & highBits }
}
