import ArgumentParser
import Foundation
import HitTestKit
import HitTestParity

/// `hittest fuzz`: the seeded parity fuzzer, for soaks longer than the test suite's.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract:
            "Compare the fast engines with the reference: random scenes, custom code, changes.",
        discussion: """
            Each iteration checks a random scene, a random scene with custom hitTest and \
            pointInside code, and a random sequence of changes (parity after each), on \
            stores of every index threshold, with both engines, at uniform points, special \
            points (NaN, infinities) and points on views' edges and one ulp either side. \
            Iteration i of --seed S is iteration 0 of --seed S+i. The first mismatch is \
            minimised and printed to standard error (seed, point, both answers, the scene \
            as JSON) and the exit status is 3.
            """)

    @Option(name: .long, help: "The first seed.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "How many iterations.")
    var iterations: Int = 100

    @Option(
        name: .long, help: "Views per scene at complexity 100, besides a big container's children.")
    var views: Int = 60

    @Option(
        name: [.customLong("complexity"), .customLong("size")],
        help: """
            1 to 100: scales views, depth, subviews per view and big containers. (--size is \
            its name before 0.6, kept until 0.7.)
            """)
    var complexity: Int = 100

    @Option(name: .long, help: "Changes per sequence.")
    var steps: Int = 30

    @Option(
        name: [.customLong("queries"), .customLong("points")],
        help: """
            Uniform points per scene (edge-aimed and special points come on top). (--points \
            is its name before 0.6, kept until 0.7.)
            """)
    var queries: Int = 40

    @Option(
        name: .long,
        help:
            "The chance, 0 to 1, that a scene gets a pile of views stacked many deep (cards, pins, layers)."
    )
    var piles: Double = FuzzOptions().piles

    @Flag(name: .long, help: "Report the first mismatch as found, without minimising it.")
    var noMinimize = false

    @Flag(name: .long, help: "Print a progress line to standard error every 100 iterations.")
    var progress = false

    @Flag(
        name: .long,
        help: """
            Print one JSON object on standard output: the seeds and counts, and with \
            "mismatch": true the seed, kind, minimal scene and report (exit status 3).
            """)
    var json = false

    func validate() throws {
        guard iterations >= 0 else { throw ValidationError("--iterations must be >= 0") }
        guard (1...100).contains(complexity) else {
            throw ValidationError("--complexity must be in 1...100")
        }
        guard views >= 1 else { throw ValidationError("--views must be >= 1") }
        guard steps >= 0 else { throw ValidationError("--steps must be >= 0") }
        guard queries >= 0 else { throw ValidationError("--queries must be >= 0") }
        guard (0...1).contains(piles) else { throw ValidationError("--piles must be in 0...1") }
    }

    func run() throws {
        var options = FuzzOptions()
        options.size = complexity
        options.views = views
        options.steps = steps
        options.uniformPoints = queries
        options.piles = piles
        options.minimize = !noMinimize
        var stats = FuzzStats()
        let start = ContinuousClock.now
        let report = ParityFuzzer.run(
            seed: seed, iterations: iterations, options: options, stats: &stats
        ) { i, s in
            guard progress, i % 100 == 0 else { return }
            FileHandle.standardError.write(
                Data("fuzz: \(i) of \(iterations) iterations, \(s)\n".utf8))
        }
        let seconds = (ContinuousClock.now - start).components.seconds
        let last = iterations == 0 ? seed : seed &+ UInt64(iterations - 1)
        if json {
            Output.line(
                JSONWriter.write(
                    FuzzCommand.json(report, stats, seed, last, seconds), pretty: false))
            if report != nil { throw ExitCode(CLIExit.mismatch) }
            return
        }
        if let report {
            throw MismatchFound("\(report)\nfuzz: mismatch after \(stats)")
        }
        Output.line("fuzz: seeds \(seed)...\(last): \(stats), no mismatch (\(seconds) s)")
    }

    /// `{"mismatch": ..., "firstSeed", "lastSeed", the counts, "seconds"}`, and for a
    /// mismatch its `seed`, `kind`, `reproducesFromJSON`, minimal `scene` and the `report`
    /// as text (what the text output prints).
    static func json(
        _ report: FuzzReport?, _ stats: FuzzStats, _ first: UInt64, _ last: UInt64, _ seconds: Int64
    ) -> JSONValue {
        func number(_ n: Int) -> JSONValue { .number(Double(n)) }
        var members = [
            JSONMember(key: "mismatch", value: .bool(report != nil)),
            JSONMember(key: "firstSeed", value: .number(Double(first))),
            JSONMember(key: "lastSeed", value: .number(Double(last))),
            JSONMember(key: "iterations", value: number(stats.iterations)),
            JSONMember(key: "scenes", value: number(stats.scenes)),
            JSONMember(key: "points", value: number(stats.points)),
            JSONMember(key: "storeQueries", value: number(stats.queries)),
            JSONMember(key: "changes", value: number(stats.changes)),
            JSONMember(key: "seconds", value: .number(Double(seconds))),
        ]
        if let report {
            members += [
                JSONMember(key: "seed", value: report.seed.map { .number(Double($0)) } ?? .null),
                JSONMember(key: "kind", value: .string(report.kind.rawValue)),
                JSONMember(key: "reproducesFromJSON", value: .bool(report.reproducesFromJSON)),
                JSONMember(key: "scene", value: report.scene.jsonValue()),
                JSONMember(key: "report", value: .string(report.description)),
            ]
        }
        return .object(JSONObject(members))
    }
}
