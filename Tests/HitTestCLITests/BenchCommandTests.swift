import CHitTestAllocationCounter
import Foundation
import HitTestJSON
import Testing

@Suite("hittest bench")
struct BenchCommandTests {
    @Test("bench --json prints one row per shape and engine, every engine agreeing")
    func json() throws {
        let r = try CLI.run([
            "bench", "--shape", "ui,mixed", "--views", "600", "--queries", "100", "--repeats", "1",
            "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let value = try JSONReader.parse(Array(r.stdout.utf8))
        let rows = try #require(value.asObject?["results"]?.asArray)
        #expect(rows.count == 6)
        let keys = [
            "shape", "views", "engine", "buildMs", "nsPerQuery", "nsPerQueryDrag",
            "nsPerQueryBatch",
            "speedupVsReference", "bytesPerView", "allocationsPerQuery", "mismatches",
        ]
        for (i, row) in rows.enumerated() {
            let o = try #require(row.asObject)
            #expect(Array(o.keys.prefix(keys.count)) == keys)
            #expect(o["shape"]?.asString == (i < 3 ? "ui" : "mixed"))
            #expect(o["engine"]?.asString == ["reference", "flat", "bvh"][i % 3])
            #expect(o["mismatches"]?.asNumber == 0)
            #expect((o["nsPerQuery"]?.asNumber ?? 0) > 0)
            #expect((o["speedupVsReference"]?.asNumber ?? 0) > 0)
            // The binary counts its allocations (not in sanitizer builds, which replace
            // malloc themselves: this test process is built the same way).
            if ht_allocation_counter_available() != 0 {
                #expect((o["bytesPerView"]?.asNumber ?? 0) > 0)
                #expect(o["allocationsPerQuery"]?.asNumber != nil)
            } else {
                #expect(o["allocationsPerQuery"] == .null)
            }
        }
        // Progress goes to standard error, so that standard output stays JSON.
        #expect(r.stderr.contains("ui: building bvh"))
    }

    @Test("bench on a scene file prints the table, labelled with the file's name")
    func sceneFile() throws {
        let gen = try CLI.run(["gen", "--shape", "wide", "--views", "400", "--seed", "2"])
        let path = try CLI.temporaryFile(gen.stdout, name: "canvas.json")
        let r = try CLI.run([
            "bench", "--scene", path, "--engines", "bvh,reference", "--queries", "50",
            "--repeats", "1",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("shape") })
        #expect(header.contains("ns/query drag") && header.contains("mismatches"))
        #expect(lines.contains { $0.hasPrefix("canvas.json") && $0.contains(" bvh ") })
        #expect(lines.contains { $0.hasPrefix("canvas.json") && $0.contains(" reference ") })
        // Every row carries its own counts; no footer speaks for all scenes at once.
        #expect(header.contains("timed") && header.contains("checked"))
        #expect(!r.stdout.contains("answered"))
    }

    @Test("bench on two shapes: each row's timed and checked points are its own")
    func perSceneCounts() throws {
        let r = try CLI.run([
            "bench", "--shape", "ui,wide", "--views", "500", "--queries", "60", "--repeats", "1",
            "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(
            try JSONReader.parse(Array(r.stdout.utf8)).asObject?["results"]?.asArray)
        #expect(rows.count == 6)
        for (i, row) in rows.enumerated() {
            let o = try #require(row.asObject)
            let reference = try #require(rows[i / 3 * 3].asObject)
            #expect(o["referenceTimedPoints"]?.asNumber == reference["timedPoints"]?.asNumber)
            if o["engine"]?.asString != "reference" {
                #expect(o["checkedPoints"]?.asNumber == 120)
            }
        }
    }

    @Test("bench refuses unknown shapes, engines and sizes, naming the option")
    func badOptions() throws {
        for (args, text) in [
            (["--shape", "ui,round"], "--shape: unknown value \"round\""),
            (["--engines", "bvh,fastest"], "--engines: unknown value \"fastest\""),
            (["--views", "1"], "--views: 1 is not in"),
            (["--queries", "0"], "--queries must be"),
        ] {
            let r = try CLI.run(["bench"] + args)
            #expect(r.status == 2)
            #expect(r.stderr.contains(text), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }
}
