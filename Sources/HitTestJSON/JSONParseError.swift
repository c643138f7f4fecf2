/// Why and where ``JSONReader`` refused its input.
///
/// `description` reads "line 3, column 17 (at $.windows[0].frame): message".
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. "NaN is not valid JSON" or "duplicate key \"id\"".
    public var message: String
    /// 1-based line of the offending byte; lines end at "\n" (so "\r\n" counts once).
    public var line: Int
    /// 1-based column of the offending byte, counted in bytes (not characters) from the
    /// start of the line; a byte-order mark at the start of the input is not counted.
    public var column: Int
    /// Where in the document the error is, as a JSON path: "$" for the root, then `.key`
    /// for identifier-like keys, `["any key"]` for others and `[index]` for elements, e.g.
    /// "$.windows[0].subviews[3].frame". An error inside a value (a bad number, a bad
    /// escape) names that value; an error in a container's punctuation (a missing comma, a
    /// trailing comma, a duplicate key) names the container. Built only when thrown.
    public var path: String
    /// 0-based byte offset of the offending byte in the input (a byte-order mark included).
    public var byteOffset: Int

    /// An error with these parts.
    public init(message: String, line: Int, column: Int, path: String, byteOffset: Int = 0) {
        self.message = message
        self.line = line
        self.column = column
        self.path = path
        self.byteOffset = byteOffset
    }

    /// "line L, column C (at PATH): MESSAGE".
    public var description: String {
        "line \(line), column \(column) (at \(path)): \(message)"
    }
}
