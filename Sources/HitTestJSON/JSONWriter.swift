/// Writes ``JSONValue``s as JSON text. Never recursive: any nesting depth is written with an
/// explicit stack. Output is valid RFC 8259 JSON that ``JSONReader`` reads back to an equal
/// value (numbers bit for bit, `-0` included), except that non-finite numbers, which JSON
/// cannot express, are written as the strings `"NaN"`, `"Infinity"` and `"-Infinity"`.
public enum JSONWriter {
    /// Arrays of scalars whose one-line form (`[0, 0, 390, 844]`) is at most this many
    /// bytes stay on one line in pretty output.
    public static let inlineArrayWidth = 80

    /// The value as JSON text, members in their stored order.
    ///
    /// Compact output has no whitespace at all: `{"a":[1,2],"b":null}`. Pretty output
    /// indents by 2 spaces, puts each member and element on its own line and `": "` after
    /// keys, except that a non-empty array holding only scalars (null, Booleans, numbers,
    /// strings) is kept on one line, `[0, 0, 390, 844]`, when that line is at most
    /// ``inlineArrayWidth`` bytes. Empty containers are `[]` and `{}`. There is no trailing
    /// newline. Strings escape only `"`, `\` and control characters; other characters are
    /// written as UTF-8. Linear time in the output size; note that pretty output of a value
    /// nested n levels deep holds O(n²) bytes of indentation.
    public static func write(_ value: JSONValue, pretty: Bool = false) -> String {
        var emitter = Emitter(pretty: pretty)
        emitter.emitDocument(value)
        return String(decoding: emitter.out, as: UTF8.self)
    }
}

extension JSONWriter {
    /// One array or object being written.
    private struct Frame {
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        var isObject: Bool
        /// Index of the next child to write.
        var next = 0
        var count: Int { isObject ? members.count : elements.count }
    }

    /// The output buffer and the stack of containers being written.
    private struct Emitter {
        let pretty: Bool
        var out: [UInt8] = []
        var stack: [Frame] = []

        init(pretty: Bool) {
            self.pretty = pretty
        }

        mutating func emitDocument(_ root: JSONValue) {
            emit(root)
            while !stack.isEmpty {
                let top = stack.count - 1
                let index = stack[top].next
                guard index < stack[top].count else {
                    let isObject = stack[top].isObject
                    stack.removeLast()
                    newline(indent: stack.count)
                    out.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                    continue
                }
                stack[top].next += 1
                if index > 0 {
                    out.append(UInt8(ascii: ","))
                }
                newline(indent: top + 1)
                if stack[top].isObject {
                    let member = stack[top].members[index]
                    appendString(member.key, to: &out)
                    out.append(UInt8(ascii: ":"))
                    if pretty {
                        out.append(UInt8(ascii: " "))
                    }
                    emit(member.value)
                } else {
                    emit(stack[top].elements[index])
                }
            }
        }

        /// Writes a scalar, an empty or inline container whole, or opens a container.
        private mutating func emit(_ value: JSONValue) {
            switch value {
            case .null:
                out.append(contentsOf: "null".utf8)
            case .bool(let b):
                out.append(contentsOf: (b ? "true" : "false").utf8)
            case .number(let x):
                appendNumber(x, to: &out)
            case .string(let s):
                appendString(s, to: &out)
            case .array(let elements):
                if elements.isEmpty {
                    out.append(contentsOf: "[]".utf8)
                } else if !(pretty && emitInline(elements)) {
                    out.append(UInt8(ascii: "["))
                    stack.append(Frame(elements: elements, isObject: false))
                }
            case .object(let object):
                if object.members.isEmpty {
                    out.append(contentsOf: "{}".utf8)
                } else {
                    out.append(UInt8(ascii: "{"))
                    stack.append(Frame(members: object.members, isObject: true))
                }
            }
        }

        /// Writes `[a, b, c]` if every element is a scalar and it fits the inline width;
        /// otherwise writes nothing and returns false.
        private mutating func emitInline(_ elements: [JSONValue]) -> Bool {
            for element in elements {
                switch element {
                case .array, .object: return false
                default: continue
                }
            }
            let mark = out.count
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 {
                    out.append(contentsOf: ", ".utf8)
                }
                emit(element)
                if out.count - mark > JSONWriter.inlineArrayWidth - 1 {
                    out.removeSubrange(mark...)
                    return false
                }
            }
            out.append(UInt8(ascii: "]"))
            return true
        }

        /// In pretty mode, a line break and `indent` levels of 2 spaces.
        private mutating func newline(indent: Int) {
            guard pretty else { return }
            out.append(UInt8(ascii: "\n"))
            var spaces = 2 * indent
            while spaces > 0 {
                let chunk = min(spaces, Self.spaces.count)
                out.append(contentsOf: Self.spaces[..<chunk])
                spaces -= chunk
            }
        }

        private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)
    }
}
