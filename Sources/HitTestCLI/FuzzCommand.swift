import ArgumentParser
import Foundation
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
            as JSON) and the exit status is 1.
            """)

    @Option(name: .long, help: "The first seed.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "How many iterations.")
    var iterations: Int = 100

    @Option(name: .long, help: "Views per scene at size 100, besides a big container's children.")
    var views: Int = 60

    @Option(
        name: .long,
        help: "Scene size, 1 to 100: scales views, depth, subviews per view and big containers.")
    var size: Int = 100

    @Option(name: .long, help: "Changes per sequence.")
    var steps: Int = 30

    @Option(
        name: .long, help: "Uniform points per scene (edge-aimed and special points come on top).")
    var points: Int = 40

    @Flag(name: .long, help: "Report the first mismatch as found, without minimising it.")
    var noMinimize = false

    @Flag(name: .long, help: "Print a progress line to standard error every 100 iterations.")
    var progress = false

    func validate() throws {
        guard iterations >= 0 else { throw ValidationError("--iterations must be >= 0") }
        guard (1...100).contains(size) else { throw ValidationError("--size must be in 1...100") }
        guard views >= 1 else { throw ValidationError("--views must be >= 1") }
        guard steps >= 0 else { throw ValidationError("--steps must be >= 0") }
        guard points >= 0 else { throw ValidationError("--points must be >= 0") }
    }

    func run() throws {
        var options = FuzzOptions()
        options.size = size
        options.views = views
        options.steps = steps
        options.uniformPoints = points
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
        if let report {
            throw CLIError("\(report)\nfuzz: mismatch after \(stats)")
        }
        let seconds = (ContinuousClock.now - start).components.seconds
        let last = iterations == 0 ? seed : seed &+ UInt64(iterations - 1)
        Output.line("fuzz: seeds \(seed)...\(last): \(stats), no mismatch (\(seconds) s)")
    }
}
