import ArgumentParser
import HitTestGenerators
import HitTestKit

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract:
            "Describe the fast engine's store for a scene: sizes, memory, indexes, work per query."
    )

    @Argument(help: "The scene file; \"-\" reads standard input. Without it, the built-in demo.")
    var scene: String?

    @Option(name: .long, help: "How many random points to measure the work per query on.")
    var queries = 10_000

    @Option(name: .long, help: "The seed of the random points.")
    var seed: UInt64 = 1

    @Flag(
        name: .long,
        help: "Also time the engines side by side on the points: median ns per query of 5 runs.")
    var time = false

    @Flag(
        name: .long,
        help: "Print one JSON object: the same figures, bytes and counts as numbers.")
    var json = false

    func validate() throws {
        if queries < 1 { throw ValidationError("--queries must be at least 1") }
    }

    func run() throws {
        let scene = try SceneInput.load(self.scene)
        let clock = ContinuousClock()
        var store: ViewStore!
        let buildTime = clock.measure { store = ViewStore(scene: scene) }
        let flat = ViewStore(scene: scene, indexThreshold: 0)
        let st = store.stats()
        let points = StatsCommand.randomPoints(in: scene, count: queries, seed: seed)
        if json {
            var members = StatsCommand.json(
                st, buildMs: buildTime.milliseconds, engine: store.preferredEngine)
            for (name, s, useIndexes) in [("flat", flat, false), ("bvh", store!, true)] {
                let m = s.meanQueryStats(points, useIndexes: useIndexes)
                members.append(
                    JSONMember(
                        key: name,
                        value: .object(
                            JSONObject([
                                JSONMember(key: "queries", value: .number(Double(queries))),
                                JSONMember(key: "viewsVisited", value: .number(m.viewsVisited)),
                                JSONMember(key: "boxTests", value: .number(m.boxTests)),
                                JSONMember(key: "indexNodes", value: .number(m.indexNodes)),
                            ]))))
            }
            if time {
                let t = timeEngines(scene: scene, flat: flat, bvh: store, points: points)
                members.append(
                    JSONMember(
                        key: "nsPerQuery",
                        value: .object(
                            JSONObject([
                                JSONMember(key: "reference", value: .number(t.reference)),
                                JSONMember(key: "flat", value: .number(t.flat)),
                                JSONMember(key: "bvh", value: .number(t.bvh)),
                            ]))))
            }
            Output.line(JSONWriter.write(.object(JSONObject(members)), pretty: false))
            return
        }
        func f(_ x: Double) -> String { String(format1: x) }
        Output.line("views: \(st.views) (windows: \(st.windows)), depth: \(st.depth)")
        Output.line("build: \(f(buildTime.milliseconds)) ms")
        Output.line("store: \(st.storeBytes) bytes, \(f(st.storeBytesPerView)) bytes per view")
        Output.line(
            "indexes: \(st.indexBytes) bytes, \(f(st.indexBytesPerView)) bytes per view (screen index "
                + "\(st.screenIndexBytes) bytes, child indexes \(st.indexBytes - st.screenIndexBytes) bytes)"
        )
        Output.line("total: \(f(st.storeBytesPerView + st.indexBytesPerView)) bytes per view")
        Output.line(
            "child indexes: \(st.indexedViews) views with one, \(st.indexNodes) nodes, height \(st.indexHeight), "
                + "fan-out \(f(st.indexFanOut)) (of 8)")
        let timed = time ? timeEngines(scene: scene, flat: flat, bvh: store, points: points) : nil
        Output.line(
            "preferred engine: \(store.preferredEngine.rawValue) (expected from the store's shape)"
                + (timed.flatMap {
                    StatsCommand.contradiction(preferred: store.preferredEngine, $0)
                } ?? ""))
        for (name, s, useIndexes) in [("flat", flat, false), ("bvh", store!, true)] {
            let m = s.meanQueryStats(points, useIndexes: useIndexes)
            Output.line(
                "\(name): per query on \(queries) random points: \(f(m.viewsVisited)) views visited, "
                    + "\(f(m.boxTests)) box tests, \(f(m.indexNodes)) index nodes")
        }
        if let t = timed {
            Output.line(
                "time: median ns per query of 5 runs: reference \(f(t.reference)) (\(t.referencePoints) points), "
                    + "flat \(f(t.flat)) (\(t.flatPoints) points), bvh \(f(t.bvh)) (\(t.bvhPoints) points)"
            )
            Output.line(
                "speedup against the reference: flat \(f(t.reference / t.flat))x, bvh \(f(t.reference / t.bvh))x"
            )
        }
    }

    /// `; --time measured ... faster` when the timing below disagrees with the preferred
    /// engine, which is chosen from the store's shape and not timed; nil when it agrees.
    static func contradiction(
        preferred: Engine,
        _ t: (
            reference: Double, referencePoints: Int, flat: Double, flatPoints: Int, bvh: Double,
            bvhPoints: Int
        )
    ) -> String? {
        let (mine, other, name) =
            preferred == .bvh ? (t.bvh, t.flat, "flat") : (t.flat, t.bvh, "bvh")
        guard other < mine else { return nil }
        return
            "; --time measured \(name) faster on these points (\(String(format1: other)) against "
            + "\(String(format1: mine)) ns, within a run's noise when close)"
    }

    /// The store's figures as JSON members (what the text's first lines say).
    static func json(_ st: StoreStats, buildMs: Double, engine: Engine) -> [JSONMember] {
        func n(_ x: Int) -> JSONValue { .number(Double(x)) }
        return [
            JSONMember(key: "views", value: n(st.views)),
            JSONMember(key: "windows", value: n(st.windows)),
            JSONMember(key: "depth", value: n(st.depth)),
            JSONMember(key: "buildMs", value: .number(buildMs)),
            JSONMember(key: "storeBytes", value: n(st.storeBytes)),
            JSONMember(key: "indexBytes", value: n(st.indexBytes)),
            JSONMember(key: "screenIndexBytes", value: n(st.screenIndexBytes)),
            JSONMember(
                key: "bytesPerView", value: .number(st.storeBytesPerView + st.indexBytesPerView)),
            JSONMember(key: "indexedViews", value: n(st.indexedViews)),
            JSONMember(key: "indexNodes", value: n(st.indexNodes)),
            JSONMember(key: "indexHeight", value: n(st.indexHeight)),
            JSONMember(key: "indexFanOut", value: .number(st.indexFanOut)),
            JSONMember(key: "preferredEngine", value: .string(engine.rawValue)),
        ]
    }

    /// Median ns per query over 5 runs of every engine, measured in this one run. Each
    /// engine gets as many of the points as fit in about 0.2 s a run (at least 10), so
    /// that the reference, slow on big scenes by design, stays affordable.
    func timeEngines(scene: Scene, flat: ViewStore, bvh: ViewStore, points: [Point]) -> (
        reference: Double, referencePoints: Int, flat: Double, flatPoints: Int, bvh: Double,
        bvhPoints: Int
    ) {
        let clock = ContinuousClock()
        func median(_ body: (Point) -> Void) -> (ns: Double, points: Int) {
            // Size the run from a first pass over a few points.
            let probe = Array(points.prefix(10))
            let perPoint =
                clock.measure { for p in probe { body(p) } }.milliseconds * 1e6
                / Double(probe.count)
            let n = max(10, min(points.count, Int(2e8 / max(perPoint, 1))))
            let run = Array(points.prefix(n))
            var runs: [Double] = []
            for _ in 0..<5 {
                runs.append(
                    clock.measure { for p in run { body(p) } }.milliseconds * 1e6 / Double(n))
            }
            return (runs.sorted()[2], n)
        }
        let screen = Screen(scene: scene)
        let scratch = QueryScratch()
        let (reference, referencePoints) = median { _ = screen.hitTest($0) }
        let (flatNs, flatPoints) = median {
            _ = flat.hitTest($0, useIndexes: false, scratch: scratch)
        }
        let (bvhNs, bvhPoints) = median { _ = bvh.hitTest($0, useIndexes: true, scratch: scratch) }
        return (reference, referencePoints, flatNs, flatPoints, bvhNs, bvhPoints)
    }

    /// Uniform points over the union of the windows' frames, seeded.
    static func randomPoints(in scene: Scene, count: Int, seed: UInt64) -> [Point] {
        var area: Rect?
        for w in scene.windows {
            let f = w.geometry.frame
            area = area.map { $0.union(f) } ?? f
        }
        let r = area ?? Rect(origin: .zero, size: scene.screen)
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Point(x: r.minX + rng.unit() * r.width, y: r.minY + rng.unit() * r.height)
        }
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}

extension String {
    /// A number with at most 1 decimal.
    init(format1 x: Double) {
        let r = (x * 10).rounded() / 10
        self = r == r.rounded() ? String(Int(r)) : String(r)
    }
}
