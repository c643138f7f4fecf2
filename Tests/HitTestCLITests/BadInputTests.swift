import Foundation
import Testing

/// Exit 1 with a message, never a crash or a signal, on any input.
@Suite("hittest on bad input")
struct BadInputTests {
    static let badScenes: [(name: String, text: String, mentions: String)] = [
        ("empty file", "", "invalid JSON"),
        ("not JSON", "hello", "invalid JSON"),
        (
            "NaN literal",
            #"{"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, NaN, 1]}]}"#,
            "NaN"
        ),
        (
            "overflow",
            #"{"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, 1e400, 1]}]}"#,
            "1e400"
        ),
        ("wrong format", #"{"format": "hittest-scene/2", "windows": []}"#, "hittest-scene/2"),
        ("array at top", "[1, 2]", "object"),
        (
            "missing id", #"{"format": "hittest-scene/1", "windows": [{"frame": [0, 0, 1, 1]}]}"#,
            "\"id\""
        ),
        (
            "unknown field",
            #"{"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, 1, 1], "hitInset": [1, 1, 1, 1]}]}"#,
            "hitInsets"
        ),
        ("binary", "\u{0}\u{1}\u{FF}\u{FE}", "invalid JSON"),
        ("deep nesting", String(repeating: "[", count: 1_000_000), "deeper"),
        (
            "deep views",
            #"{"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [0, 0, 1, 1], "subviews": ["#
                + String(
                    repeating: #"{"id": "v", "frame": [0, 0, 1, 1], "subviews": ["#, count: 10_000),
            "deeper"
        ),
    ]

    @Test("malformed scenes exit 1 with a message", arguments: 0..<badScenes.count)
    func malformedScene(_ index: Int) throws {
        let bad = Self.badScenes[index]
        let r = try CLI.run(["query", try CLI.temporaryFile(bad.text), "--at", "1,1", "--json"])
        #expect(!r.crashed, "\(bad.name) crashed")
        #expect(r.status == 1, "\(bad.name)")
        // Under --json the failure is JSON on standard output too.
        #expect(r.stdout.hasPrefix(#"{"error":"#), "\(bad.name)")
        #expect(r.stderr.contains(bad.mentions), "\(bad.name): \(r.stderr.prefix(300))")
    }

    @Test(
        "usage errors exit 2, missing files 1",
        arguments: [
            (["query", "--at", "1,1", "--points", "p.json"], Int32(2)),
            (["query"], Int32(2)),
            (["query", "--at", "one,two"], Int32(2)),
            (["query", "--at", "1,2,3"], Int32(2)),
            (["frobnicate"], Int32(2)),
            (["chain"], Int32(2)),
            (["query", "/no/such/scene.json", "--at", "1,1"], Int32(1)),
            (["query", "--points", "/no/such/points.json"], Int32(1)),
        ] as [([String], Int32)])
    func usage(_ arguments: [String], status: Int32) throws {
        let r = try CLI.run(arguments)
        #expect(!r.crashed)
        #expect(r.status == status, "\(arguments)")
        #expect(!r.stderr.isEmpty)
    }

    @Test("bad points files exit 1 naming the entry")
    func badPoints() throws {
        let file = try CLI.temporaryFile("[[1, 2], [3], [4, 5]]", name: "points.json")
        let r = try CLI.run(["query", "--points", file, "--json"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("$[1]"))
    }

    @Test("help exits 0")
    func help() throws {
        let r = try CLI.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("query"))
        let sub = try CLI.run(["query", "--help"])
        #expect(sub.status == 0)
        #expect(sub.stdout.contains("--points"))
    }
}
