import HitTestJSON
import Testing

@Suite("Randomly damaged input never crashes the reader")
struct FuzzTests {
    /// Bytes that matter to the grammar, plus invalid and multi-byte UTF-8 pieces.
    static let interestingBytes: [UInt8] =
        Array("[]{},:\"\\ -+.eE0123456789tfnu/'\t\n\rx".utf8)
        + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xEF, 0xF0, 0xF4, 0xFF]

    static let document = Array(
        JSONWriter.write(
            [
                "windows": [
                    [
                        "id": "main", "frame": [0, 0, 390.5, 844], "hidden": false,
                        "title": "é\"\\\n😀", "subviews": [["id": "b", "alpha": 0.25, "n": .null]],
                    ]
                ],
                "version": 1e-7,
            ],
            pretty: true
        ).utf8)

    /// Where `offset` is, counted the reader's way: lines end at "\n", columns are bytes,
    /// and a leading byte-order mark is not counted.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var lineStart = start
        for i in start..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }

    @Test(arguments: Array(UInt64(1)...UInt64(8)))
    func damagedDocuments(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var accepted = 0
        for round in 0..<1_500 {
            var bytes = Self.document
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<max(bytes.count, 1), using: &rng)
                let byte = Self.interestingBytes.randomElement(using: &rng)!
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where i < bytes.count: bytes[i] = byte
                case 1: bytes.insert(byte, at: min(i, bytes.count))
                case 2 where i < bytes.count: bytes.remove(at: i)
                default: bytes.removeLast(Int.random(in: 0...min(3, bytes.count), using: &rng))
                }
            }
            do {
                let value = try JSONReader.parse(bytes)
                accepted += 1
                let again = try JSONReader.parse(JSONWriter.write(value))
                #expect(again == value, "seed \(seed), round \(round)")
            } catch {
                let (line, column) = Self.lineAndColumn(of: error.byteOffset, in: bytes)
                let consistent =
                    error.line == line && error.column == column && error.path.hasPrefix("$")
                    && !error.message.isEmpty && error.byteOffset <= bytes.count
                #expect(consistent, "seed \(seed), round \(round): \(error)")
            }
        }
        // Some damage (inside a string, a digit for a digit) leaves valid JSON.
        #expect(accepted > 0, "seed \(seed)")
    }

    @Test(arguments: [UInt64(11), 12])
    func randomBytes(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...24, using: &rng)).map { _ in
                Self.interestingBytes.randomElement(using: &rng)!
            }
            // Must return or throw, never trap.
            _ = try? JSONReader.parse(bytes)
        }
    }
}
