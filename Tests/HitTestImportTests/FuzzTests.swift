import HitTestGeometry
import HitTestImport
import HitTestReference
import HitTestScene
import Testing

// Random mutations of the fixtures, and random text: every input either imports into a
// scene that validates, round-trips through JSON and hit-tests, or throws an ImportError
// naming a line of the input. Nothing may crash.

/// SplitMix64: small, seeded, the same on every platform.
private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<n` (n > 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// Pieces of the grammar, so that mutations hit the interesting paths.
private let fragments: [String] = [
    "<", ">", "(", ")", "{", "}", "[", "]", ";", "; ", ":", ": ", "'", "= '", "=", " = ", "|",
    "   | ", "\n",
    "\r\n", "\r", " ", "\t", "//", "0x", "0x1f", "nan", "-inf", "inf", "1e308", "-1.7e308", "-0",
    "0", "45.6667",
    "frame = (", "frame = (0 0; 10 10)", "transform = [", "transform = [0.5, -0, 0, 0.5, -0, 0]",
    "transform = [0.70710678118654757, 0.70710678118654757, -0.70710678118654757, 0.70710678118654757, 0, 0]",
    "transform = [0, 0, 0, 0, 0, 0]", "bounds = {{0, 10}, {5, 5}}", "contentOffset: {0, -56}",
    "alpha = ",
    "alpha = 0", "hidden = YES", "userInteractionEnabled = NO", "baseClass = UIWindow", " (layer)",
    "layer = <UIWindowLayer: 0x1>", "<UIView: 0x1; frame = (0 0; 1 1)>",
    "<UIWindow: 0x2; frame = (0 0; 9 9)>",
    "text = '", "'>", "'; frame = ", "XX (", "<<", ">>", "é", "\u{301}", "...",
    "\\n   | ", "\\n", "\\'", "\\\"", "\\\\", "\\u{41}", "\\u{", "Optional(\"", "\")", "\"",
]

private func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var bytes = input
    for _ in 0..<(1 + rng.below(4)) {
        let at = bytes.isEmpty ? 0 : rng.below(bytes.count + 1)
        switch rng.below(8) {
        case 0:  // delete a range
            guard !bytes.isEmpty else { continue }
            let start = rng.below(bytes.count)
            let end = min(bytes.count, start + 1 + rng.below(24))
            bytes.removeSubrange(start..<end)
        case 1, 2:  // insert a fragment of the grammar
            bytes.insert(contentsOf: Array(fragments[rng.below(fragments.count)].utf8), at: at)
        case 3:  // insert random bytes, invalid UTF-8 included
            bytes.insert(
                contentsOf: (0..<(1 + rng.below(6))).map { _ in UInt8(rng.below(256)) }, at: at)
        case 4:  // overwrite one byte
            guard !bytes.isEmpty else { continue }
            let grammar = Array("<>(){}[];:'=| \n0x9".utf8)
            bytes[rng.below(bytes.count)] = grammar[rng.below(grammar.count)]
        case 5:  // duplicate or drop a line
            var lines = bytes.split(separator: Byte.newline, omittingEmptySubsequences: false).map(
                Array.init)
            guard !lines.isEmpty else { continue }
            let i = rng.below(lines.count)
            if rng.below(2) == 0 {
                lines.insert(lines[i], at: rng.below(lines.count + 1))
            } else {
                lines.remove(at: i)
            }
            bytes = Array(lines.joined(separator: [Byte.newline]))
        case 6:  // swap two lines
            var lines = bytes.split(separator: Byte.newline, omittingEmptySubsequences: false).map(
                Array.init)
            guard lines.count > 1 else { continue }
            lines.swapAt(rng.below(lines.count), rng.below(lines.count))
            bytes = Array(lines.joined(separator: [Byte.newline]))
        default:  // truncate
            bytes.removeSubrange(min(at, bytes.count)..<bytes.count)
        }
    }
    return bytes
}

private enum Byte {
    static let newline = UInt8(ascii: "\n")
}

/// The number of lines an error may name: lines end at \n, \r\n or \r.
private func lineCount(_ bytes: [UInt8]) -> Int {
    var n = 1
    var i = 0
    while i < bytes.count {
        if bytes[i] == 0x0D {
            n += 1
            if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
        } else if bytes[i] == 0x0A {
            n += 1
        }
        i += 1
    }
    return n
}

/// Imports and checks the outcome; returns true when a scene came out.
@discardableResult
private func check(_ bytes: [UInt8], _ label: String) -> Bool {
    // Counted once: each check below compares many lines against it.
    let lines = lineCount(bytes)
    let result: ImportResult
    do {
        result = try RecursiveDescriptionImporter.importDump(utf8: bytes)
    } catch {
        #expect(error.line >= 1 && error.line <= lines, "\(label): \(error)")
        #expect(!error.message.isEmpty, "\(label)")
        return false
    }
    let scene = result.scene
    #expect(scene.validationIssues().isEmpty, "\(label)")
    #expect(result.viewCount > 0, "\(label)")
    #expect(result.warnings.allSatisfy { $0.line >= 1 && $0.line <= lines }, "\(label)")
    #expect(result.views.allSatisfy { $0.line >= 1 && $0.line <= lines }, "\(label)")
    do {
        #expect(try Scene.load(json: Array(scene.json(pretty: false).utf8)) == scene, "\(label)")
    } catch {
        Issue.record("\(label): the JSON does not load: \(error)")
    }
    let screen = Screen(scene: scene)
    for p in [
        Point(x: 10, y: 10), Point(x: 160, y: 300),
        Point(x: scene.screen.width / 2, y: scene.screen.height / 2),
    ] {
        _ = screen.hitTest(p)
    }
    return true
}

@Suite("Fuzzing the importer")
struct FuzzTests {
    @Test(
        "300 mutations of each fixture each import or throw with a line",
        arguments: Fixtures.all.map(\.name))
    func mutations(name: String) throws {
        let text = try #require(Fixtures.all.first { $0.name == name }).text
        var rng = SplitMix64(
            state: name.utf8.reduce(0x5EED_0000 as UInt64) { $0 &* 31 &+ UInt64($1) })
        var imports = 0
        for round in 0..<300 {
            if check(mutate(Array(text.utf8), &rng), "\(name) #\(round)") { imports += 1 }
        }
        // Both outcomes occur: the mutations are neither all harmless nor all fatal.
        #expect(imports > 20 && imports < 300, "\(imports) of 300 imported")
    }

    @Test(
        "100 mutations of each fixture printed as a string literal each import or throw with a line",
        arguments: Fixtures.all.map(\.name))
    func literalMutations(name: String) throws {
        let text = try #require(Fixtures.all.first { $0.name == name }).text
        var rng = SplitMix64(
            state: name.utf8.reduce(0x11_7E1A as UInt64) { $0 &* 31 &+ UInt64($1) })
        var imports = 0
        for round in 0..<100 {
            let literal = "Optional(" + text.debugDescription + ")"
            if check(mutate(Array(literal.utf8), &rng), "\(name) literal #\(round)") {
                imports += 1
            }
        }
        #expect(imports > 5 && imports < 100, "\(imports) of 100 imported")
    }

    @Test("1,000 random texts made of grammar pieces each import or throw with a line")
    func randomTexts() {
        var rng = SplitMix64(state: 42)
        for round in 0..<1_000 {
            var bytes: [UInt8] = []
            for _ in 0..<rng.below(60) {
                bytes += Array(fragments[rng.below(fragments.count)].utf8)
            }
            check(bytes, "random #\(round)")
        }
    }

    @Test("pathological lines: deep brackets, many '<', long numbers, huge bar counts")
    func pathological() {
        let root = "<UIWindow: 0x1; frame = (0 0; 10 10)>\n"
        check(
            Array(
                (root + "| <UIView: 0x2; frame = " + String(repeating: "(", count: 100_000) + ">")
                    .utf8), "parens")
        check(
            Array((root + "| " + String(repeating: "<A", count: 50_000) + ": 0x1>").utf8),
            "less-thans")
        check(
            Array((root + "| <A" + String(repeating: "<B>", count: 100_000) + ": 0x1>").utf8),
            "balanced generics")
        check(
            Array((root + "| " + String(repeating: "<A<B> ", count: 50_000) + ": 0x1>").utf8),
            "short generics")
        check(
            Array(
                (root + "| <UIView: 0x2; frame = (0 0; " + String(repeating: "9", count: 5_000)
                    + " 1)>").utf8), "digits")
        check(
            Array(
                (root + String(repeating: "|", count: 200_000)
                    + " <UIView: 0x2; frame = (0 0; 1 1)>").utf8), "bars")
        check(
            Array(
                (root + "| <UIView: 0x2; frame = (0 0; 1 1); text = '"
                    + String(repeating: "'\n", count: 10_000)).utf8), "quotes")
    }
}
