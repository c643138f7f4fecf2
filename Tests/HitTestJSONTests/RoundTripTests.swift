import HitTestJSON
import Testing

/// Random JSON values for round-trip tests, reproducible from a seed.
struct RandomJSON {
    var rng: SplitMix64

    /// Characters that exercise escaping: quotes, backslashes, every control character,
    /// DEL, multi-byte scalars, a combining mark, U+2028 and a BOM.
    static let alphabet: [Character] =
        Array("abcXYZ019 _-/\"\\\u{7F}é€😀中\u{2028}\u{FEFF}")
        + (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) } + ["e\u{301}"]

    mutating func string() -> String {
        let length = Int.random(in: 0...12, using: &rng)
        return String((0..<length).map { _ in Self.alphabet.randomElement(using: &rng)! })
    }

    mutating func number() -> Double {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            return Double(Int.random(in: -1_000...1_000, using: &rng))
        case 1:
            return Double(Int.random(in: -100_000...100_000, using: &rng)) / 64
        case 2:
            return [
                0.0, -0.0, 0.1, 1e15, 1e16, .leastNonzeroMagnitude,
                .greatestFiniteMagnitude,
            ].randomElement(using: &rng)!
        default:
            while true {
                let x = Double(bitPattern: rng.next())
                if x.isFinite { return x }
            }
        }
    }

    /// A value nested at most `depth` more levels.
    mutating func value(depth: Int) -> JSONValue {
        let kind = Int.random(in: 0..<(depth > 0 ? 6 : 4), using: &rng)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number(number())
        case 3: return .string(string())
        case 4:
            let count = Int.random(in: 0...5, using: &rng)
            return .array((0..<count).map { _ in value(depth: depth - 1) })
        default:
            var object = JSONObject()
            for i in 0..<Int.random(in: 0...5, using: &rng) {
                // The index suffix keeps keys unique, as the reader requires.
                object.append(string() + "#\(i)", value(depth: depth - 1))
            }
            return .object(object)
        }
    }
}

@Suite("parse(write(v)) == v")
struct RoundTripTests {
    @Test(arguments: Array(UInt64(1)...UInt64(24)))
    func randomValues(seed: UInt64) throws {
        var random = RandomJSON(rng: SplitMix64(seed: seed))
        for round in 0..<40 {
            let value = random.value(depth: 5)
            for pretty in [false, true] {
                let text = JSONWriter.write(value, pretty: pretty)
                let back = try JSONReader.parse(text)
                #expect(back == value, "seed \(seed), round \(round), pretty \(pretty): \(text)")
                // Same text again also proves number signs (-0) survived.
                #expect(JSONWriter.write(back, pretty: pretty) == text, "seed \(seed)")
            }
        }
    }

    @Test func sceneLikeDocument() throws {
        let text = """
            {
              "version": 1,
              "windows": [
                {
                  "id": "main",
                  "frame": [0, 0, 390, 844],
                  "transform": [1, 0, 0, 1, 0.5, -0.25],
                  "subviews": [
                    {"id": "button", "frame": [20, 700, 350, 44], "hidden": false, "alpha": 1},
                    {"id": "label", "title": "Hello, \\"world\\" \\u00e9", "tags": []}
                  ]
                }
              ]
            }
            """
        let value = try JSONReader.parse(text)
        #expect(value["windows"]?[0]?["subviews"]?[1]?["title"] == "Hello, \"world\" é")
        #expect(value["windows"]?[0]?["frame"] == [0, 0, 390, 844])
        let pretty = JSONWriter.write(value, pretty: true)
        #expect(pretty.contains("\"frame\": [0, 0, 390, 844],"))
        #expect(pretty.contains("\"transform\": [1, 0, 0, 1, 0.5, -0.25],"))
        #expect(try JSONReader.parse(pretty) == value)
        #expect(try JSONReader.parse(JSONWriter.write(value)) == value)
    }
}
