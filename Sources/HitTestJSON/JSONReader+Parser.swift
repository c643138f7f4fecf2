// The parser's state and main loop: one value at a time, containers on an explicit stack.

extension JSONReader {
    /// One open array or object on the parser's explicit stack. Its children so far are on
    /// the parser's `values` (arrays) or `members` (objects) stack from `start` up, below
    /// the children of any deeper open container.
    struct Frame {
        var isObject: Bool
        var start: Int
        /// The key of the member whose value is being read (objects only).
        var key: String = ""
        /// All keys so far, once the object is too large for linear duplicate checks.
        var keyIndex: Set<ExactKey>? = nil
    }

    /// The parsing state: the input, a cursor and the stack of open containers.
    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Offset of the first byte after a leading byte-order mark (0 without one).
        let contentStart: Int
        let maxDepth: Int
        /// Offset of the next byte to read.
        var pos: Int
        var stack: [Frame] = []
        /// Children of the open arrays.
        let values = MoveStack<JSONValue>()
        /// Children of the open objects.
        let members = MoveStack<JSONMember>()
        /// Reused buffer for decoding strings that contain escapes.
        var scratch: [UInt8] = []

        /// Objects with more members than this check duplicates with a hash set.
        static let linearKeyCheckLimit = 12

        init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            contentStart = bytes.starts(with: bom) ? 3 : 0
            pos = contentStart
        }

        var end: Int { bytes.count }

        /// The byte at `pos`, or nil at the end of the input.
        @inline(__always)
        var peek: UInt8? { pos < bytes.count ? bytes[pos] : nil }

        @inline(__always)
        mutating func skipWhitespace() {
            while pos < bytes.count {
                switch bytes[pos] {
                case 0x20, 0x0A, 0x0D, 0x09: pos += 1
                default: return
                }
            }
        }
    }
}

extension JSONReader.Parser {
    /// Reads the whole input as one value followed only by whitespace.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        if pos == end {
            let message =
                end == contentStart ? "empty input" : "input holds only whitespace, no value"
            throw error(message, at: pos, inValue: true)
        }
        var value: JSONValue
        readValue: while true {
            // Read one value starting at `pos` (whitespace already skipped). Scalars are
            // read whole; an array or object is opened and its first child read next.
            guard let byte = peek else {
                throw error("unexpected end of input; expected a value", at: pos, inValue: true)
            }
            switch byte {
            case UInt8(ascii: "["):
                try checkDepth()
                pos += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") {
                    pos += 1
                    value = .array([])
                } else {
                    stack.append(JSONReader.Frame(isObject: false, start: values.count))
                    continue readValue
                }
            case UInt8(ascii: "{"):
                try checkDepth()
                pos += 1
                skipWhitespace()
                if peek == UInt8(ascii: "}") {
                    pos += 1
                    value = .object(JSONObject())
                } else {
                    stack.append(JSONReader.Frame(isObject: true, start: members.count))
                    try readKeyAndColon()
                    continue readValue
                }
            case UInt8(ascii: "\""):
                value = .string(try readString(isKey: false))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try readNumber())
            default:
                value = try readLiteral()
            }
            // Hand the finished value to its container; close every container that ends.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    if let byte = peek {
                        throw error(
                            "unexpected \(describe(byte)) after the JSON value",
                            at: pos, inValue: false)
                    }
                    return value
                }
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isObject {
                    members.push(JSONMember(key: stack[top].key, value: value))
                    if try continueAfterChild(close: UInt8(ascii: "}"), noun: "object member") {
                        try readKeyAndColon()
                        continue readValue
                    }
                    value = .object(JSONObject(members.popArray(from: stack.removeLast().start)))
                } else {
                    values.push(value)
                    if try continueAfterChild(close: UInt8(ascii: "]"), noun: "array element") {
                        continue readValue
                    }
                    value = .array(values.popArray(from: stack.removeLast().start))
                }
            }
        }
    }

    /// After a child, consumes "," (returning true: another child follows, whitespace
    /// skipped) or the closing bracket (returning false).
    private mutating func continueAfterChild(
        close: UInt8,
        noun: String
    ) throws(JSONParseError) -> Bool {
        guard let byte = peek else {
            throw error(
                "unexpected end of input; expected ',' or '\(Character(Unicode.Scalar(close)))'"
                    + " after \(noun)",
                at: pos, inValue: false)
        }
        if byte == close {
            pos += 1
            return false
        }
        guard byte == UInt8(ascii: ",") else {
            throw error(
                "expected ',' or '\(Character(Unicode.Scalar(close)))' after \(noun), "
                    + "found \(describe(byte))",
                at: pos, inValue: false)
        }
        let comma = pos
        pos += 1
        skipWhitespace()
        if peek == close {
            throw error(
                "trailing comma before '\(Character(Unicode.Scalar(close)))'",
                at: comma, inValue: false)
        }
        return true
    }

    /// Refuses to open a container that would be deeper than `maxDepth`.
    private func checkDepth() throws(JSONParseError) {
        if stack.count >= maxDepth {
            throw error("nesting deeper than \(maxDepth) levels", at: pos, inValue: true)
        }
    }
}
