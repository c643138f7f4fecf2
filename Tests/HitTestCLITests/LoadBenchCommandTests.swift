import Foundation
import HitTestJSON
import Testing

@Suite("hittest bench-load")
struct LoadBenchCommandTests {
    @Test("bench-load --json gives one row per scene and loader, each with a time and a peak")
    func json() throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-load-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run([
            "bench-load", "--shape", "ui,wide", "--views", "300", "--runs", "1", "--loaders",
            "stream,decoder", "--dir", dir.path, "--json",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try #require(JSONReader.parse(Array(r.stdout.utf8)).asArray)
        #expect(rows.count == 4)
        for (row, (shape, loader)) in zip(
            rows, [("ui", "stream"), ("ui", "decoder"), ("wide", "stream"), ("wide", "decoder")])
        {
            let o = try #require(row.asObject)
            #expect(o.keys == ["shape", "views", "fileBytes", "loader", "medianMs", "peakBytes"])
            #expect(o["shape"]?.asString == shape)
            #expect(o["loader"]?.asString == loader)
            #expect(o["views"]?.asNumber == 300)
            #expect((o["fileBytes"]?.asNumber ?? 0) > 0)
            #expect((o["medianMs"]?.asNumber ?? -1) >= 0)
            #expect((o["peakBytes"]?.asNumber ?? 0) > 0)
        }
    }

    @Test("bench-load refuses an unknown shape or loader")
    func refusals() throws {
        let r = try CLI.run(["bench-load", "--shapes", "round", "--views", "10"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("unknown shape"))
    }
}
