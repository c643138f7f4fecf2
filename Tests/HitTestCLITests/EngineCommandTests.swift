import Foundation
import Testing

@Suite("hittest engines and stats")
struct EngineCommandTests {
    @Test(
        "--engine flat and bvh print exactly what the reference prints",
        arguments: ["spec-example.json", "alpha.json", "windows.json"])
    func enginesAgree(_ fixture: String) throws {
        var points: [String] = []
        for y in stride(from: -20.0, through: 860, by: 9.5) {
            for x in stride(from: -20.0, through: 400, by: 9.5) { points.append("[\(x), \(y)]") }
        }
        let file = try CLI.temporaryFile(
            "[" + points.joined(separator: ",") + "]", name: "points.json")
        var outputs: [String: String] = [:]
        for engine in ["reference", "flat", "bvh"] {
            let r = try CLI.run([
                "query", CLI.fixture(fixture), "--points", file, "--json", "--engine", engine,
            ])
            #expect(r.status == 0)
            outputs[engine] = r.stdout
        }
        #expect(outputs["flat"] == outputs["reference"])
        #expect(outputs["bvh"] == outputs["reference"])
        #expect(outputs["reference"]!.contains(#""hit":null"#))
        #expect(outputs["reference"]!.contains(#""hit":""#))
        // The default engine too, and with the reference's trace added.
        let plain = try CLI.run(["query", CLI.fixture(fixture), "--points", file, "--json"])
        #expect(plain.stdout == outputs["reference"])
        let traced = try CLI.run([
            "query", CLI.fixture(fixture), "--at", "25,25", "--json", "--trace", "--engine", "bvh",
        ])
        let tracedReference = try CLI.run([
            "query", CLI.fixture(fixture), "--at", "25,25", "--json", "--trace", "--engine",
            "reference",
        ])
        #expect(traced.stdout == tracedReference.stdout)
    }

    @Test("stats describes the store, its index and the work per query")
    func stats() throws {
        let r = try CLI.run(["stats", CLI.fixture("windows.json"), "--queries", "500"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("views: 6 (windows: 3), depth: 2\n"))
        for label in [
            "store: ", "bytes per view", "indexes: ", "(screen index ",
            "child indexes: 0 views with one",
            "preferred engine: flat (expected from the store's shape)",
            "flat: per query on 500 random points", "bvh: per query",
        ] {
            #expect(r.stdout.contains(label), "\(label)")
        }
        // The index bytes are the screen index's and the child indexes' together; with no
        // view holding a child index, all of them are the screen index's.
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("indexes: ") })
        func bytes(after label: String) -> Int? {
            guard let start = line.range(of: label)?.upperBound else { return nil }
            return Int(line[start...].prefix { $0.isNumber })
        }
        let total = try #require(bytes(after: "indexes: "), "\(line)")
        let screen = try #require(bytes(after: "(screen index "), "\(line)")
        let child = try #require(bytes(after: "child indexes "), "\(line)")
        #expect(total == screen + child && child == 0 && screen > 0, "\(line)")
        let bad = try CLI.run(["stats", CLI.fixture("windows.json"), "--queries", "0"])
        #expect(bad.status == 2)
    }
}

@Suite("hittest fuzz")
struct FuzzCommandTests {
    @Test("a short soak passes and says what it checked")
    func shortSoak() throws {
        let r = try CLI.run(["fuzz", "--seed", "3", "--iterations", "2"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("fuzz: seeds 3...4: 2 iterations: "))
        #expect(r.stdout.contains("no mismatch"))
    }

    @Test("bad options exit 2")
    func badOptions() throws {
        let r = try CLI.run(["fuzz", "--iterations", "zero"])
        #expect(r.status == 2)
    }
}
