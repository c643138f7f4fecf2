import Foundation
import HitTestBench
import Testing

@Suite("hittest bench-allocations")
struct AllocationBenchCommandTests {
    /// A fresh folder of thresholds, removed after the test.
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("bench-allocations-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir)
    }

    private func writeThreshold(_ text: String, of name: String, in dir: URL) throws {
        try text.write(
            to: dir.appendingPathComponent("HitTestBenchmarks.\(name).p90.json"), atomically: true,
            encoding: .utf8)
    }

    @Test("a build counted above its threshold fails with exit 3 and names the workload")
    func above() throws {
        try withFolder { dir in
            // A build of a store allocates its columns and indexes: far more than 0 + 8.
            try writeThreshold("{\"mallocCountTotal\": 0}", of: "build-wide-10k", in: dir)
            let r = try CLI.run([
                "bench-allocations", "--filter", "build-wide-10k", "--thresholds", dir.path,
            ])
            #expect(r.status == 3, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("build-wide-10k") && r.stdout.contains("ABOVE"))
            #expect(r.stderr.contains("above their thresholds: build-wide-10k"))
        }
    }

    @Test("--update writes the counts, which then check as equal; a higher threshold passes with a note")
    func updateThenCheck() throws {
        try withFolder { dir in
            let update = try CLI.run([
                "bench-allocations", "--filter", "build-wide-10k", "--thresholds", dir.path, "--update",
            ])
            #expect(update.status == 0, "\(update.stderr)")
            let file = dir.appendingPathComponent("HitTestBenchmarks.build-wide-10k.p90.json")
            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(written.contains("\"mallocCountTotal\" : "))
            let check = try CLI.run([
                "bench-allocations", "--filter", "build-wide-10k", "--thresholds", dir.path,
            ])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains(": ok"))
            try writeThreshold("{\"mallocCountTotal\": 1000000}", of: "build-wide-10k", in: dir)
            let lower = try CLI.run([
                "bench-allocations", "--filter", "build-wide-10k", "--thresholds", dir.path,
            ])
            #expect(lower.status == 0)
            #expect(lower.stdout.contains("below, tighten it"))
            #expect(lower.stdout.contains("rewrite them with --update"))
        }
    }

    @Test("a threshold file that is not a whole count is refused with its path and field")
    func badThreshold() throws {
        try withFolder { dir in
            for text in ["{\"mallocCountTotal\": 1.5}", "{\"wallClock\": 3}", "[", "{\"mallocCountTotal\": -1}"] {
                try writeThreshold(text, of: "build-wide-10k", in: dir)
                let r = try CLI.run([
                    "bench-allocations", "--filter", "build-wide-10k", "--thresholds", dir.path,
                ])
                #expect(r.status == 1, "\(text): \(r.stderr)")
                #expect(r.stderr.contains("HitTestBenchmarks.build-wide-10k.p90.json"), "\(text)")
            }
        }
    }

    @Test("--update needs a folder; a filter must match a workload")
    func refusals() throws {
        let update = try CLI.run(["bench-allocations", "--update"])
        #expect(update.status == 2)
        #expect(update.stderr.contains("--update needs --thresholds"))
        let none = try CLI.run(["bench-allocations", "--filter", "no-such-workload"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no workload"))
    }

    @Test("every workload has a committed threshold and every threshold a workload; names are file-safe")
    func names() throws {
        let names = AllocationScenario.all(cores: 2).map(\.name)
        #expect(Set(names).count == names.count)
        let thresholds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Benchmarks/Thresholds").standardized
        let committed = try FileManager.default.contentsOfDirectory(atPath: thresholds.path)
            .filter { $0.hasPrefix("HitTestBenchmarks.") && $0.hasSuffix(".p90.json") }
            .map { String($0.dropFirst("HitTestBenchmarks.".count).dropLast(".p90.json".count)) }
        #expect(Set(committed) == Set(names))
        for name in names {
            #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, "\(name)")
        }
    }
}
