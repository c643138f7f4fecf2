// Object keys: reading `"key":` and refusing duplicates (linear scan for small objects,
// a hash set for large ones).

extension JSONReader {
    /// A key hashed and compared by its UTF-8 bytes, for duplicate detection.
    struct ExactKey: Hashable {
        var text: String

        static func == (a: ExactKey, b: ExactKey) -> Bool {
            sameText(a.text, b.text)
        }

        func hash(into hasher: inout Hasher) {
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
            if hashed == nil {
                Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
            }
        }
    }
}

extension JSONReader.Parser {
    /// Reads `"key"` and `:` for the innermost (object) frame and records the key as the
    /// pending member's, refusing duplicates. Leaves `pos` at the value.
    mutating func readKeyAndColon() throws(JSONParseError) {
        let keyStart = pos
        guard let byte = peek else {
            throw error("unexpected end of input; expected a key", at: pos, inValue: false)
        }
        guard byte == UInt8(ascii: "\"") else {
            let message =
                switch byte {
                case UInt8(ascii: "'"): "object keys must use double quotes, not single quotes"
                case UInt8(ascii: "/"): "comments are not valid JSON"
                case _ where isWordByte(byte): "object keys must be double-quoted strings"
                default: "expected a double-quoted key, found \(describe(byte))"
                }
            throw error(message, at: pos, inValue: false)
        }
        let key = try readString(isKey: true)
        try recordKey(key, at: keyStart)
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else {
            let found = peek.map { describe($0) } ?? "end of input"
            throw error(
                "expected ':' after key \(quoted(key)), found \(found)", at: pos, inValue: false)
        }
        pos += 1
        skipWhitespace()
    }

    /// Makes `key` the pending key of the innermost object, or throws if it already has it.
    private mutating func recordKey(_ key: String, at offset: Int) throws(JSONParseError) {
        let top = stack.count - 1
        var isDuplicate = false
        if stack[top].keyIndex != nil {
            isDuplicate =
                stack[top].keyIndex!.insert(JSONReader.ExactKey(text: key)).inserted
                == false
        } else {
            let start = stack[top].start
            isDuplicate = members.withElements(from: start) { siblings in
                siblings.contains { sameText($0.key, key) }
            }
            if !isDuplicate && members.count - start >= Self.linearKeyCheckLimit {
                var index = members.withElements(from: start) { siblings in
                    Set(siblings.lazy.map { JSONReader.ExactKey(text: $0.key) })
                }
                index.insert(JSONReader.ExactKey(text: key))
                stack[top].keyIndex = index
            }
        }
        if isDuplicate {
            throw error("duplicate key \(quoted(key))", at: offset, inValue: false)
        }
        stack[top].key = key
    }
}
