import HitTestGeometry
import HitTestScene

/// Runs the engines side by side on one scene: builds each, times it on random points
/// and on drag streams, counts allocations and heap bytes, and checks every engine's
/// answers against the others'.
///
/// Everything compared is measured in the same process, one engine after the other on the
/// same points, so ratios hold on a noisy machine even when absolute times drift.
public struct BenchRunner {
    public var configuration: BenchConfiguration
    /// Called with a line of progress (what is about to run).
    public var progress: (String) -> Void

    public init(configuration: BenchConfiguration, progress: @escaping (String) -> Void = { _ in })
    {
        self.configuration = configuration
        self.progress = progress
    }

    /// Why an engine cannot run on a scene, or nil.
    public static func reasonToSkip(_ engine: Engine, scene: Scene) -> String? {
        if engine == .reference, scene.depth > Scene.Limits.default.maxDepth {
            return "the reference recurses once per level; this scene is \(scene.depth) levels "
                + "deep, more than the \(Scene.Limits.default.maxDepth) it is made for"
        }
        return nil
    }

    /// The rows for one scene, in the configuration's engine order, and the first few
    /// mismatches found (none when the engines agree).
    public func run(scene: Scene, label: String) -> (results: [BenchResult], mismatches: [BenchMismatch]) {
        let c = configuration
        let views = scene.viewCount
        let random = TouchPoints.random(in: scene, count: c.queries, seed: c.seed)
        let drag = TouchPoints.drags(in: scene, count: c.queries, seed: c.seed)
        // The points checked: random and drag interleaved, so that a prefix has both.
        var checks: [Point] = []
        checks.reserveCapacity(2 * c.queries)
        for i in 0..<c.queries {
            checks.append(random[i])
            checks.append(drag[i])
        }
        var rows: [BenchResult] = []
        var answers: [Engine: [SceneHit?]] = [:]
        for engine in c.engines {
            if let reason = BenchRunner.reasonToSkip(engine, scene: scene) {
                progress("\(label): skipping \(engine.rawValue): \(reason)")
                continue
            }
            progress("\(label): building \(engine.rawValue) (\(views) views)")
            let (built, buildMs, heapBytes) = build(engine, scene: scene)
            let threads = engine == .reference ? 1 : c.threads
            progress("\(label): timing \(engine.rawValue) on random points")
            let r = time(built, random, block: 1, threads: threads)
            progress("\(label): timing \(engine.rawValue) on drag streams")
            let d = time(built, drag, block: TouchPoints.dragStreamLength, threads: threads)
            var batchNs: Double?
            if engine != .reference {
                progress("\(label): timing \(engine.rawValue) on random points as one batch")
                batchNs = time(built, random, block: 1, threads: 1, batch: true).ns
            }
            var allocations: Double?
            if let a = r.allocationsPerQuery, let b = d.allocationsPerQuery { allocations = max(a, b) }
            let checkCount =
                engine == .reference
                ? max(2, min(checks.count, Int(c.referenceCheckSeconds * 1e9 / max(r.ns, 1))))
                : checks.count
            progress("\(label): answering \(checkCount) points with \(engine.rawValue) for the check")
            answers[engine] = checks.prefix(checkCount).map(built.answer)
            rows.append(
                BenchResult(
                    shape: label, views: views, engine: engine, buildMs: buildMs,
                    nsPerQuery: r.ns, nsPerQueryDrag: d.ns, speedupVsReference: nil,
                    bytesPerView: heapBytes.map { Double($0) / Double(max(views, 1)) },
                    storeBytesPerView: built.storeBytes.map { Double($0) / Double(max(views, 1)) },
                    allocationsPerQuery: allocations, mismatches: 0, checkedPoints: checkCount,
                    timedPoints: r.points, threads: threads))
            rows[rows.count - 1].nsPerQueryBatch = batchNs
        }
        if let reference = rows.first(where: { $0.engine == .reference }) {
            for i in rows.indices {
                rows[i].speedupVsReference = reference.nsPerQuery / rows[i].nsPerQuery
                rows[i].referenceTimedPoints = reference.timedPoints
            }
        }
        let mismatches = BenchRunner.compare(answers, points: checks, rows: &rows, label: label)
        return (rows, mismatches)
    }

    /// Builds `engine` `builds` times and keeps the last; the median build time, and the
    /// heap bytes the last one holds.
    private func build(_ engine: Engine, scene: Scene) -> (BuiltEngine, Double, Int64?) {
        let clock = ContinuousClock()
        var times: [Double] = []
        var built: BuiltEngine?
        var held: Int64?
        for _ in 0..<max(1, configuration.builds) {
            built = nil  // Free the previous one first: its bytes must not count.
            let before = AllocationCounter.installed?.heapBytes()
            var b: BuiltEngine?
            times.append(clock.measure { b = BuiltEngine(engine, scene: scene) }.nanoseconds / 1e6)
            built = b
            if let before, let after = AllocationCounter.installed?.heapBytes() {
                held = after - before
            }
        }
        return (built!, median(times), held)
    }

    /// The median ns per query over the configured repeats, the points per run, and the
    /// allocations per query over all runs.
    private func time(_ built: BuiltEngine, _ points: [Point], block: Int, threads: Int, batch: Bool = false)
        -> (ns: Double, points: Int, allocationsPerQuery: Double?)
    {
        let c = configuration
        let clock = ContinuousClock()
        var sink = 0
        // A first pass over a few points spread over the set warms up and sizes the runs.
        let probe = TouchPoints.sample(points, count: 16, block: 1)
        let probeNs = clock.measure { sink &+= built.run(probe[...], threads: 1) }.nanoseconds
        let perPoint = max(probeNs / Double(probe.count), 1)
        var run = points[...]
        var rounds = 1
        if built.engine == .reference {
            // As many points as fit, taken as whole streams spread over the set, so that
            // the sample stays representative (a hit near the top ends the walk early).
            let n = max(10, min(points.count, Int(c.referenceRunSeconds * 1e9 / perPoint)))
            // At least 8 pieces of streams, so that one stream's place does not decide.
            run = TouchPoints.sample(points, count: n, block: min(block, max(1, n / 8)))[...]
        } else {
            let total = perPoint * Double(points.count)
            rounds = max(1, Int((c.fastRunSeconds * 1e9 / total).rounded(.up)))
        }
        let n = run.count
        var runs: [Double] = []
        runs.reserveCapacity(max(1, c.repeats))  // No allocation inside the measured span.
        let allocationsBefore = AllocationCounter.installed?.allocations()
        for _ in 0..<max(1, c.repeats) {
            let ns = clock.measure {
                for _ in 0..<rounds {
                    sink &+= batch ? built.runBatch(run, size: c.batchSize) : built.run(run, threads: threads)
                }
            }.nanoseconds
            runs.append(ns / Double(rounds * n))
        }
        var perQuery: Double?
        if let allocationsBefore, let after = AllocationCounter.installed?.allocations() {
            perQuery = Double(after - allocationsBefore) / Double(max(1, c.repeats) * rounds * n)
        }
        BenchRunner.keep(sink)
        return (median(runs), n, perQuery)
    }

    @inline(never)
    static func keep(_ x: Int) {
        if x == Int.min { print("") }
    }

    /// Counts, per engine, the points where its answer differs from another engine's, and
    /// returns the first few disagreements.
    static func compare(
        _ answers: [Engine: [SceneHit?]], points: [Point], rows: inout [BenchResult],
        label: String
    ) -> [BenchMismatch] {
        var examples: [BenchMismatch] = []
        let engines = rows.map(\.engine)
        for i in points.indices {
            let here = engines.compactMap { e -> (Engine, SceneHit?)? in
                guard let a = answers[e], i < a.count else { return nil }
                return (e, a[i])
            }
            guard let first = here.first, here.contains(where: { $0.1 != first.1 }) else {
                continue
            }
            for (e, a) in here where here.contains(where: { $0.1 != a }) {
                if let r = rows.firstIndex(where: { $0.engine == e }) { rows[r].mismatches += 1 }
            }
            if examples.count < 5 {
                examples.append(
                    BenchMismatch(
                        shape: label, x: points[i].x, y: points[i].y,
                        answers: here.map { ($0.0, SceneHit.describe($0.1)) }))
            }
        }
        return examples
    }
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

extension Duration {
    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}
