/// A strict RFC 8259 JSON reader.
///
/// - Never recursive: nesting is kept on an explicit stack, so no input can overflow the
///   call stack; nesting deeper than ``Limits/maxDepth`` is refused.
/// - Strict: refuses `NaN`, `Infinity`, numbers that overflow to infinity, leading zeros,
///   `+1`, `.5`, `1.`, hexadecimal, trailing commas, comments, single quotes, unquoted or
///   duplicate keys, unescaped control characters, bad escapes, lone surrogates, invalid
///   UTF-8 and anything after the value. Every refusal is a ``JSONParseError`` with a
///   message, line, column and JSON path.
/// - A UTF-8 byte-order mark is skipped at the very start of the input (RFC 8259 §8.1
///   allows ignoring it); anywhere else outside a string it is an unexpected byte.
/// - Numbers convert with correct rounding; underflow to zero or a subnormal is accepted,
///   and `-0` reads as `-0.0`.
/// - Linear time; strings without escapes are made directly from the input's bytes.
public struct JSONReader {
    /// Bounds on what ``JSONReader`` accepts.
    public struct Limits: Sendable {
        /// Most containers that may be open at once: `[[1]]` has depth 2. Deeper input is
        /// refused with "nesting deeper than N levels". Parsing itself never recurses; the
        /// bound exists because releasing a value does (see ``JSONValue``): at the default,
        /// 10,000, the deepest accepted value needs about 2 MB of stack to release.
        public var maxDepth: Int = 10_000
        /// Largest input, in bytes, that is read at all; larger input is refused before
        /// any parsing. Default 1 GiB.
        public var maxBytes: Int = 1 << 30

        /// The default limits.
        public init() {}

        /// Limits with these values.
        public init(maxDepth: Int, maxBytes: Int = 1 << 30) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }
    }

    /// Parses one JSON document from UTF-8 bytes.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice`, buffer pointers, a native string's
    /// `utf8`) are read in place; others are copied into an array first.
    public static func parse(
        _ bytes: some Collection<UInt8>,
        limits: Limits = .init()
    ) throws(JSONParseError) -> JSONValue {
        let count = bytes.count
        if count > limits.maxBytes {
            throw JSONParseError(
                message: "input is \(count) bytes, more than the limit of \(limits.maxBytes)",
                line: 1, column: 1, path: "$", byteOffset: 0)
        }
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            parseBuffer(buffer, limits: limits)
        }
        if let result {
            return try result.get()
        }
        return try Array(bytes).withUnsafeBufferPointer { parseBuffer($0, limits: limits) }.get()
    }

    /// Parses one JSON document from a string (its UTF-8 form).
    public static func parse(
        _ text: String,
        limits: Limits = .init()
    ) throws(JSONParseError) -> JSONValue {
        try parse(text.utf8, limits: limits)
    }

    private static func parseBuffer(
        _ buffer: UnsafeBufferPointer<UInt8>,
        limits: Limits
    ) -> Result<JSONValue, JSONParseError> {
        var parser = Parser(buffer, maxDepth: limits.maxDepth)
        do {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}
