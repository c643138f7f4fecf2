import ArgumentParser
import Foundation
import HitTestBench
import HitTestGenerators
import HitTestKit

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark the engines side by side on generated scenes or a scene file.",
        discussion: """
            Without options: the ui and wide shapes at 100,000 views, every engine. For each \
            scene and engine it prints the build time, the median ns per query over random \
            points, over touch-drag streams and over the random points as one batch (the fast \
            engines, one thread), the speedup against the reference measured in \
            the same run, heap bytes per view, heap allocations per query, the points timed and \
            checked, and mismatches: every engine's answers are checked against the others' \
            (view, window and local point, bit for bit). The reference answers as many points \
            as fit in a few seconds, so each row says how many; a speedup whose reference was \
            timed on fewer than 1000 points carries that count. Exits 3 on any mismatch. Progress goes \
            to standard error. Build with -c release for figures worth reading.
            """)

    @Option(
        name: [.customLong("shape"), .customLong("shapes")],
        help: """
            Comma-separated shapes, as `gen --shape` names them \
            (\(SceneShape.allCases.map(\.rawValue).joined(separator: ", "))). (--shapes is its \
            name before 0.6, kept until 0.7.)
            """)
    var shapes: String = "ui,wide"

    @Option(name: .long, help: "Comma-separated scene sizes in views, e.g. 10000,100000,1000000.")
    var views: String = "100000"

    @Option(
        name: .long,
        help:
            "Comma-separated depths of the stack shape (groups piled under a point), e.g. 10,1000.")
    var depth: String = "\(SceneShape.defaultDepth)"

    @Option(name: .long, help: "Comma-separated engines (reference, flat, bvh).")
    var engines: String = "reference,flat,bvh"

    @Option(name: .long, help: "Benchmark this scene file instead of generated shapes.")
    var scene: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Time our store on a box file (as `hittest export --boxes-out` writes it; format in docs/box-files.md) instead: the build from flat arrays and the queries of --points, in the columns of the C baselines of perf/baseline, plus cold queries (caches flushed before each).",
            valueName: "FILE"))
    var boxes: String?

    @Option(name: .long, help: ArgumentHelp("The points file for --boxes.", valueName: "FILE"))
    var points: String?

    @Option(name: .long, help: "Random points per scene, and as many drag points.")
    var queries = 10_000

    @Option(name: .long, help: "Timed runs per engine; the median is reported.")
    var repeats = 5

    @Option(
        name: .long,
        help: "Threads for the fast engines' queries (batch queries when more than 1).")
    var threads = 1

    @Option(
        name: .long,
        help: """
            Points a call of the batch column answers (the random points in batches of this \
            size); default: all of them in one call.
            """)
    var batch: Int?

    @Option(name: .long, help: "The seed of the points and of generated scenes.")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Print the results as JSON instead of a table.")
    var json = false

    func validate() throws {
        _ = try parsedShapes()
        _ = try parsedSizes()
        _ = try parsedEngines()
        _ = try parsedDepths()
        if queries < 1 || queries > 10_000_000 {
            throw ValidationError("--queries must be in 1...10000000")
        }
        if repeats < 1 || repeats > 1000 { throw ValidationError("--repeats must be in 1...1000") }
        if (boxes == nil) != (points == nil) {
            throw ValidationError("--boxes and --points go together")
        }
        if threads < 1 || threads > 256 { throw ValidationError("--threads must be in 1...256") }
        if let batch, batch < 1 { throw ValidationError("--batch must be at least 1") }
    }

    func parsedShapes() throws -> [SceneShape] {
        try list(shapes, "--shape") { SceneShape(rawValue: $0) }
    }

    func parsedDepths() throws -> [Int] {
        let depths = try list(depth, "--depth") { Int($0.replacingOccurrences(of: "_", with: "")) }
        if let bad = depths.first(where: { $0 < 1 || $0 > 1_000_000 }) {
            throw ValidationError("--depth: \(bad) is not in 1...1000000")
        }
        return depths
    }

    func parsedEngines() throws -> [Engine] {
        try list(engines, "--engines") { Engine(rawValue: $0) }
    }

    func parsedSizes() throws -> [Int] {
        let sizes = try list(views, "--views") { Int($0.replacingOccurrences(of: "_", with: "")) }
        let limit = Scene.Limits.default.maxViews
        if let bad = sizes.first(where: { $0 < 2 || $0 > limit }) {
            throw ValidationError("--views: \(bad) is not in 2...\(limit)")
        }
        return sizes
    }

    private func list<T>(_ text: String, _ option: String, _ parse: (String) -> T?) throws -> [T] {
        let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if items.isEmpty { throw ValidationError("\(option) is empty") }
        return try items.map {
            guard let x = parse($0) else {
                throw ValidationError("\(option): unknown value \"\($0)\"")
            }
            return x
        }
    }

    func run() throws {
        if let boxes {
            try runBoxes(boxes)
            return
        }
        var c = BenchConfiguration()
        c.engines = try parsedEngines()
        c.queries = queries
        c.repeats = repeats
        c.threads = threads
        c.seed = seed
        c.batchSize = batch
        let start = ContinuousClock.now
        let runner = BenchRunner(configuration: c) { line in
            let t = (ContinuousClock.now - start).nanosecondsDouble / 1e9
            let stamp = String(format1: t)
            FileHandle.standardError.write(Data("[\(stamp) s] \(line)\n".utf8))
        }
        var rows: [BenchResult] = []
        var mismatches: [BenchMismatch] = []
        for (label, make) in try scenes() {
            runner.progress("\(label): making the scene")
            let scene = try make()
            let (r, m) = runner.run(scene: scene, label: label)
            rows += r
            mismatches += m
        }
        if json {
            Output.line(BenchReport.json(rows))
        } else {
            Output.line(
                "hittest bench: \(queries) random and \(queries) drag points per scene, median of "
                    + "\(repeats) runs, \(threads) thread\(threads == 1 ? "" : "s") for the fast "
                    + "engines\(AllocationCounter.installed == nil ? "; no allocation counter in this build" : "")"
            )
            Output.line()
            Output.line(BenchReport.table(rows))
            let notes = BenchReport.notes(rows)
            if !notes.isEmpty {
                Output.line()
                for note in notes { Output.line(note) }
            }
        }
        for m in mismatches {
            let lines = m.answers.map { "    \($0.engine.rawValue): \($0.answer)" }
            FileHandle.standardError.write(
                Data(
                    ("mismatch on \(m.shape) at (\(m.x), \(m.y)):\n" + lines.joined(separator: "\n")
                        + "\n").utf8))
        }
        if rows.contains(where: { $0.mismatches > 0 }) {
            Output.flush()
            // With --json the results above are the one JSON document; the status says it.
            if json { throw ExitCode(CLIExit.mismatch) }
            throw MismatchFound("the engines disagree: see the mismatches above")
        }
    }

    /// Labels and makers of the scenes to run, in order.
    func scenes() throws -> [(String, () throws -> Scene)] {
        if let path = scene {
            let name = path == "-" ? "stdin" : URL(fileURLWithPath: path).lastPathComponent
            return [(name, { try SceneInput.load(path) })]
        }
        var out: [(String, () throws -> Scene)] = []
        for shape in try parsedShapes() {
            for n in try parsedSizes() {
                let seed = self.seed
                guard shape == .stack else {
                    out.append(("\(shape.rawValue)", { shape.scene(views: n, seed: seed) }))
                    continue
                }
                for d in try parsedDepths() {
                    out.append(("stack-\(d)", { shape.scene(views: n, seed: seed, depth: d) }))
                }
            }
        }
        return out
    }
}

extension Duration {
    var nanosecondsDouble: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}

extension BenchCommand {
    /// `--boxes F --points P`: one row in the columns of the C baselines (perf/baseline).
    func runBoxes(_ boxes: String) throws {
        let file: BoxFile
        let queryPoints: [Point]
        do {
            file = try BoxFile(text: try String(contentsOfFile: boxes, encoding: .utf8))
            queryPoints = try BoxFile.points(
                text: try String(contentsOfFile: points ?? "", encoding: .utf8))
        } catch let e as BoxFile.Ineligible {
            throw ValidationError("\(e.description)")
        }
        let r = try BoxBench.run(file: file, points: queryPoints, repeats: repeats)
        Output.line(
            "structure                build_ms  ns/q_median     ns/q_min   queries         checksum   B/box  cold_ns/q"
        )
        Output.line(
            "hittest-flat-arrays"
                + " \(pad(String(format1: r.buildMs), 13)) \(pad(String(format1: r.nsPerQueryMedian), 12))"
                + " \(pad(String(format1: r.nsPerQueryMin), 12)) \(pad("\(r.queries)", 9))"
                + " \(pad("\(r.checksum)", 16)) \(pad(String(format1: r.bytesPerBox), 7))"
                + " \(pad(String(format1: r.coldNsPerQuery), 10))")
        Output.line("# checksum over all \(r.queries) points: \(r.checksum)")
    }

    private func pad(_ s: String, _ n: Int) -> String {
        String(repeating: " ", count: max(0, n - s.count)) + s
    }
}
