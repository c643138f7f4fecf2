// HitTestKit benchmarks (package-benchmark). Run from `Benchmarks/`:
//   swift package benchmark
// Names: `<kind>-<shape>-<views>[-<detail>]-<engine>`, only [A-Za-z0-9_-] (a `/` breaks
// threshold checks). See ../../README.md for the list, the scale variable and the
// malloc check.

import HitTestGenerators
import Benchmark
import HitTestKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How expensive one query is on a shape, which decides how many queries make one
/// benchmark iteration (the package's `scalingFactor`: results are shown per query).
enum QueryCost {
    /// Well under a microsecond (a query visits a few views): 1 000 queries per
    /// iteration, 1 000 000 per batch call.
    case cheap
    /// Proportional to the scene size (a query walks down a chain): one query per
    /// iteration, 1 000 per batch call.
    case linear

    var queryScaling: BenchmarkScalingFactor { self == .cheap ? .kilo : .one }
    var batchScaling: BenchmarkScalingFactor { self == .cheap ? .mega : .kilo }
    /// Queries run after each incremental change.
    var queriesAfterChange: Int { self == .cheap ? 1_000 : 10 }
}

/// The shapes benchmarked. Adding a shape is one line here.
let shapes: [(shape: SceneShape, cost: QueryCost)] = [
    (.wide, .cheap),
    (.ui, .cheap),
    (.deep, .linear),
]

/// `HITTEST_BENCH_SCALE` multiplies the scene sizes (default 1: 10k and 100k views).
/// The committed malloc thresholds are for scale 1 only (names carry the size).
let scale: Int = {
    guard let s = getenv("HITTEST_BENCH_SCALE"), let v = Int(String(cString: s)), v >= 1 else {
        return 1
    }
    return v
}()

let sizes = [10_000, 100_000].map { $0 * scale }

let engines: [Engine] = [.flat, .bvh]

/// Points per prepared point set (queries cycle through them).
let pointCount = 4_096

func label(_ n: Int) -> String {
    if n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
    if n % 1_000 == 0 { return "\(n / 1_000)k" }
    return "\(n)"
}

/// The number of cores the batch benchmarks use.
let cores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

/// Seeded uniform points over the scene's screen.
func randomPoints(_ scene: Scene, count: Int, seed: UInt64) -> [Point] {
    var rng = SplitMix64(seed: seed)
    let w = scene.screen.width
    let h = scene.screen.height
    return (0..<count).map { _ in Point(x: rng.unit() * w, y: rng.unit() * h) }
}

func makeScene(_ shape: SceneShape, views: Int) -> Scene {
    shape.scene(views: views, seed: 42)
}

/// A built store, its points, and a scratch already grown by querying every point once.
final class QueryState: @unchecked Sendable {
    let store: ViewStore
    let points: [Point]
    let scratch = QueryScratch()
    var cursor = 0

    init(shape: SceneShape, views: Int) {
        let scene = makeScene(shape, views: views)
        store = ViewStore(scene: scene)
        points = randomPoints(scene, count: pointCount, seed: 7)
        for e in engines {
            for p in points { _ = store.hitTest(p, useIndexes: e == .bvh, scratch: scratch) }
        }
    }

    /// Every view but the windows, in walk order.
    func nonWindowViews() -> [ViewHandle] {
        var out: [ViewHandle] = []
        var stack = store.windows
        while let v = stack.popLast() {
            let subs = store.subviews(of: v)
            out.append(contentsOf: subs)
            stack.append(contentsOf: subs)
        }
        return out
    }
}

/// A dispatcher on a live store of the `ui` shape, with a tap on the view under `point`
/// and a pan on its superview, and the touch or pointer a benchmark moves.
final class DispatchState: @unchecked Sendable {
    let store: ViewStore
    let dispatcher: Dispatcher
    let point: Point
    let touchDown: Bool
    var time = 0.0
    var flip = false
    /// The two moved frames the touch alternates between, made once (a host keeps its
    /// input buffers too): only their time changes.
    var moves: [InputFrame] = []

    init(views: Int, touchDown: Bool) {
        store = ViewStore(scene: makeScene(.ui, views: views))
        let scene = makeScene(.ui, views: views)
        // The first point of the seeded set that lands on a view with a superview.
        var p = Point(x: 0, y: 0)
        var target: ViewHandle?
        for q in randomPoints(scene, count: 64, seed: 3) {
            if let h = store.hitTest(q), store.superview(of: h.view) != nil {
                p = q
                target = h.view
                break
            }
        }
        point = p
        self.touchDown = touchDown
        dispatcher = Dispatcher(store: store)
        moves = [0.0, 1.0].map { dx in
            InputFrame(
                time: 0,
                touches: [TouchInput(id: 1, phase: .moved, location: Point(x: p.x + dx, y: p.y))])
        }
        if let v = target, let sup = store.superview(of: v) {
            store.update(v) { $0.events.gestures.append(SceneGesture(id: "tap", kind: .tap())) }
            store.update(sup) { $0.events.gestures.append(SceneGesture(id: "pan", kind: .pan())) }
        }
        if touchDown {
            try! dispatcher.feed(
                InputFrame(time: 0, touches: [TouchInput(id: 1, phase: .began, location: p)]))
        }
        // Past the tap's time limit and the first moves: the steady state.
        for _ in 0..<40 { step() }
    }

    /// One frame: the touch (or the pointer) one point to the side and back, 16 ms on;
    /// the host drains the log.
    func step() {
        time += 0.016
        flip.toggle()
        if touchDown {
            var f = moves[flip ? 1 : 0]
            f.time = time
            try! dispatcher.feed(f)
        } else {
            let q = Point(x: point.x + (flip ? 1 : 0), y: point.y)
            try! dispatcher.feed(InputFrame(time: time, touches: [], pointer: .at(q)))
        }
        blackHole(dispatcher.takeLog())
    }
}

/// The thresholds checked against `Thresholds/*.p90.json`: malloc counts only, never
/// time. `tolerance` is the absolute slack on the p90 malloc count of an iteration.
func mallocThresholds(tolerance: Int) -> [BenchmarkMetric: BenchmarkThresholds] {
    [.mallocCountTotal: BenchmarkThresholds(relative: [:], absolute: [.p90: tolerance])]
}

/// No memory or OS metrics: those read /proc each iteration, and their own mallocs would
/// show in the malloc counts.
let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

/// `HITTEST_BENCH_MALLOCS_ONLY` (set by `check-mallocs.sh`): each benchmark runs for at
/// most 100 ms instead of 1 s. Malloc counts are the same every iteration (their p90 is
/// what the thresholds check), so the check needs a few iterations, not a second of them.
let maxDuration: Duration = getenv("HITTEST_BENCH_MALLOCS_ONLY") == nil ? .seconds(1) : .milliseconds(100)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: metrics,
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        maxDuration: maxDuration,
        maxIterations: 10_000,
        thresholds: mallocThresholds(tolerance: 0)
    )

    // Dispatch in steady state on a live store: a moved touch (its view's tap has failed
    // by time, its superview's pan is in progress) and an idle pointer move. The frame's
    // input is the host's, made once; the dispatcher allocates nothing.
    for n in sizes {
        for (name, touchDown) in [("moved", true), ("pointer", false)] {
            Benchmark(
                "dispatch-ui-\(label(n))-\(name)",
                configuration: .init(thresholds: mallocThresholds(tolerance: 0))
            ) { benchmark, state in
                for _ in benchmark.scaledIterations { state.step() }
            } setup: {
                DispatchState(views: n, touchDown: touchDown)
            }
        }
    }

    for (shape, cost) in shapes {
        for n in sizes {
            let tag = "\(shape.rawValue)-\(label(n))"

            // Queries: one query per scaled iteration, random points, store and scratch
            // made in setup; 0 mallocs per query allowed.
            for engine in engines {
                Benchmark(
                    "query-\(tag)-\(engine.rawValue)",
                    configuration: .init(
                        scalingFactor: cost.queryScaling, thresholds: mallocThresholds(tolerance: 0))
                ) { benchmark, state in
                    let points = state.points
                    let store = state.store
                    let scratch = state.scratch
                    let useIndexes = engine == .bvh
                    var i = state.cursor
                    for _ in benchmark.scaledIterations {
                        blackHole(store.hitTest(points[i], useIndexes: useIndexes, scratch: scratch))
                        i = (i + 1) & (pointCount - 1)
                    }
                    state.cursor = i
                } setup: {
                    QueryState(shape: shape, views: n)
                }
            }

            // Build: store and index from a prepared scene (the store's release is not
            // measured).
            Benchmark(
                "build-\(tag)",
                configuration: .init(maxIterations: 200, thresholds: mallocThresholds(tolerance: 8))
            ) { benchmark, scene in
                let store = ViewStore(scene: scene)
                benchmark.stopMeasurement()
                blackHole(store)
            } setup: {
                makeScene(shape, views: n)
            }

            // Incremental changes to 1% of the views (every 100th), each iteration
            // changing them and then answering queries; alternate iterations undo the
            // change, so the scene does not drift.
            for change in ["move", "resize", "hide"] {
                Benchmark(
                    "change-\(tag)-\(change)-bvh",
                    configuration: .init(
                        warmupIterations: 1, maxIterations: 1_000,
                        thresholds: mallocThresholds(tolerance: 16))
                ) { (benchmark: Benchmark, state: (QueryState, [ViewHandle], [ViewDefinition])) in
                    let (q, views, defs) = state
                    let store = q.store
                    let flip = q.cursor & 1 == 0
                    q.cursor &+= 1
                    for (k, v) in views.enumerated() {
                        let g = defs[k].geometry
                        switch change {
                        case "move":
                            store.setCenter(
                                v, flip ? Point(x: g.center.x + 13, y: g.center.y - 7) : g.center)
                        case "resize":
                            var b = g.bounds
                            if flip {
                                b.size.width *= 1.5
                                b.size.height *= 0.75
                            }
                            store.setBounds(v, b)
                        default:
                            store.setHidden(v, flip)
                        }
                    }
                    let points = q.points
                    let scratch = q.scratch
                    for j in 0..<cost.queriesAfterChange {
                        blackHole(store.hitTest(points[j & (pointCount - 1)], scratch: scratch))
                    }
                } setup: {
                    let q = QueryState(shape: shape, views: n)
                    let all = q.nonWindowViews()
                    let views = stride(from: 0, to: all.count, by: 100).map { all[$0] }
                    return (q, views, views.map { q.store.definition(of: $0) })
                }
            }

            // Batch queries: one batch call per iteration, on one thread and on all cores.
            for threads in [1, cores] {
                Benchmark(
                    "batch-\(tag)-bvh-\(threads == 1 ? "1thread" : "allcores")",
                    configuration: .init(
                        warmupIterations: 1, scalingFactor: cost.batchScaling, maxIterations: 100,
                        thresholds: mallocThresholds(tolerance: 64))
                ) { (benchmark: Benchmark, args: (ViewStore, [Point])) in
                    let (store, points) = args
                    blackHole(store.hitTest(points, threads: threads))
                } setup: {
                    let q = QueryState(shape: shape, views: n)
                    let count = cost.batchScaling.rawValue
                    return (
                        q.store,
                        (0..<count).map { q.points[$0 & (pointCount - 1)] }
                    )
                }
            }
        }
    }
}
