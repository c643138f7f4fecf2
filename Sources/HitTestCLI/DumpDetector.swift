/// Recognises a `-[UIView recursiveDescription]` dump handed to a command that wants a
/// scene, so that the error says how to turn it into one.
enum DumpDetector {
    /// True when the first 64 KiB hold a view record's opening, `<Name: 0x...`, and a
    /// `frame = (`: what every recursiveDescription line starts with. A file whose first
    /// character other than white space is `{` or `[` is JSON, however broken, even when
    /// a string in it quotes a dump: its errors are the scene's.
    static func looksLikeDump(_ bytes: [UInt8]) -> Bool {
        let first = bytes.prefix(1 << 16).first {
            !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D)
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return false }
        let text = String(decoding: bytes.prefix(1 << 16), as: UTF8.self)
        guard text.contains("frame = (") else { return false }
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            if !name.isEmpty, rest[name.endIndex...].hasPrefix(": 0x") { return true }
        }
        return false
    }

    /// The sentence to add to the error when `bytes` look like a dump, else nil.
    static func hint(_ bytes: [UInt8], path: String) -> String? {
        guard looksLikeDump(bytes) else { return nil }
        let file = path == "-" ? "-" : path
        return "it looks like a -[UIView recursiveDescription] dump. Turn it into a scene "
            + "first: hittest import recursive-description \(file) > scene.json (hittest "
            + "explain reads a dump as it is)"
    }
}
