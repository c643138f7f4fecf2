import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

/// Batches (`ViewStore.hitTest(_:into:useIndexes:scratch:)`) against one query a point:
/// the same view, window and local point bit for bit, on random scenes (hidden, disabled
/// and transformed views, scroll views, custom code), on random scenes changed step by
/// step (screen indexes refitted in place and rebuilt) and on the generated shapes, with
/// batches short enough to go in point order and long enough to go in the points' curve
/// order, each with its walks one at a time and in flight; and custom code called with the
/// same points in the same order.
@Suite("Batches against single queries")
struct BatchParityTests {
    /// True when two answers are the same views and the same local point, bit for bit.
    static func same(_ a: StoreHit?, _ b: StoreHit?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.view == b.view && a.window == b.window
            && a.localPoint.x.bitPattern == b.localPoint.x.bitPattern
            && a.localPoint.y.bitPattern == b.localPoint.y.bitPattern
    }

    /// The first point where `store`'s batch answer (in the order its rule picks, and in
    /// the curve order) differs from its single query's, as a line saying which; nil when
    /// they all agree.
    static func firstDifference(_ store: ViewStore, _ points: [Point], useIndexes: Bool) -> String? {
        let scratch = QueryScratch()
        let single = points.map { store.hitTest($0, useIndexes: useIndexes, scratch: scratch) }
        // The walks in flight as the sizes choose them (a small scene's trees a level at a
        // time, a deep pile's interleaved), as level walks for every tree (where a level
        // would hold too many pairs they give up and go interleaved), and interleaved with
        // the default cached levels (a small scene's whole index: each walk runs in one
        // turn) and with none (a turn ends at every node it asks for).
        let cachedAll = BatchWalks().cachedLevelBytes
        let orders: [(curve: Bool?, inFlight: Bool?, walks: BatchWalks)] = [
            (nil, nil, BatchWalks()), (true, nil, BatchWalks()), (false, true, BatchWalks()),
            (false, true, .levels), (false, true, .interleaved(cachedLevelBytes: cachedAll)),
            (false, true, .interleaved(cachedLevelBytes: 0)), (true, true, BatchWalks()),
        ]
        for (curveOrder, inFlight, walks) in orders {
            var batch = [StoreHit?](repeating: nil, count: points.count)
            points.withUnsafeBufferPointer { src in
                batch.withUnsafeMutableBufferPointer { out in
                    store.hitTest(
                        src, into: out, useIndexes: useIndexes, scratch: scratch, curveOrder: curveOrder,
                        inFlight: inFlight, walks: walks)
                }
            }
            for i in points.indices where !same(batch[i], single[i]) {
                return "point \(i) of \(points.count) (\(points[i].x), \(points[i].y)), indexes \(useIndexes), "
                    + "curve order \(String(describing: curveOrder)), walks in flight \(String(describing: inFlight)), "
                    + "walks \(walks): "
                    + "batch \(String(describing: batch[i])), single \(String(describing: single[i]))"
            }
        }
        return nil
    }

    /// `points` repeated (each round in a shuffled order) to at least `n`: a batch long
    /// enough for the curve order.
    static func repeated(_ points: [Point], to n: Int, _ rng: inout SplitMix64) -> [Point] {
        guard !points.isEmpty else { return [] }
        var out: [Point] = []
        while out.count < n {
            var round = points
            for i in stride(from: round.count - 1, to: 0, by: -1) {
                round.swapAt(i, Int(rng.next() % UInt64(i + 1)))
            }
            out += round
        }
        return out
    }

    @Test("random scenes, with and without custom code, short and long batches", arguments: [false, true])
    func randomScenes(custom: Bool) {
        let options = FuzzOptions()
        // Under the sanitizers an eighth of the scenes (`Counts.divisor`): every order and
        // walk still runs on each.
        for seed in UInt64(0)..<UInt64(24 / Counts.divisor) {
            var rng = SplitMix64(seed: seed &* 7919 &+ (custom ? 1 : 0))
            let scene = RandomScene.make(&rng, options: options.scene)
            let plan = custom ? CustomPlan.random(for: scene, rate: options.customRate, &rng) : CustomPlan()
            let checker = ParityChecker(scene: scene, custom: plan)
            let points = EdgePoints.points(for: checker.screen, &rng, uniform: 60, aimedViews: 20)
            let long = BatchParityTests.repeated(points, to: ViewStore.batchCurveMinimum + 100, &rng)
            for subject in checker.subjects {
                for useIndexes in [false, true] {
                    for batch in [points, long] {
                        if let d = BatchParityTests.firstDifference(subject.store, batch, useIndexes: useIndexes) {
                            Issue.record(
                                """
                                seed \(seed), custom \(custom), store from \(subject.label), \
                                indexThreshold \(subject.store.indexThreshold): \(d)
                                custom code: \(plan)
                                scene: \(scene.json())
                                """)
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("stores changed step by step: batches on refitted and rebuilt screen indexes")
    func changedStores() {
        let options = FuzzOptions()
        for seed in UInt64(0)..<UInt64(16 / Counts.divisor) {
            var rng = SplitMix64(seed: seed &* 104_729 &+ 11)
            let scene = RandomScene.make(&rng, options: options.scene)
            let world = ChangingWorld(scene: scene)
            var changes: [Change] = []
            var attempts = 0
            while changes.count < 20 && attempts < 80 {
                attempts += 1
                let change = world.randomChange(&rng)
                guard world.apply(change) else { continue }
                changes.append(change)
                // As the fuzz does: every other step on a rebuilt index, between them on
                // one refitted in place (or stale, where batches go one query a point).
                if changes.count % 2 == 0 { world.updateIndexes() }
                let points = world.points(after: change, &rng, uniform: 40, others: 6)
                // The curve order's packets on every fifth step: a long batch is slow.
                let batches = changes.count % 5 == 0
                    ? [points, BatchParityTests.repeated(points, to: ViewStore.batchCurveMinimum + 100, &rng)]
                    : [points]
                for subject in world.checker.subjects {
                    for batch in batches {
                        if let d = BatchParityTests.firstDifference(subject.store, batch, useIndexes: true) {
                            Issue.record(
                                """
                                seed \(seed), after \(changes.count) changes, store from \(subject.label), \
                                indexThreshold \(subject.store.indexThreshold): \(d)
                                changes: \(changes.map(\.description).joined(separator: "; "))
                                scene: \(scene.json())
                                """)
                            return
                        }
                    }
                }
            }
        }
    }

    /// A pile deep enough (about 55 leaves' frames under a point) that its trees' walks go
    /// interleaved by the sizes' choice, and that level walks, when asked for, give up on
    /// it (more pairs a level than `ScreenIndex.levelPairs`) and go interleaved.
    @Test("a deep pile: level walks that give up, interleaved walks, packets")
    func deepPile() {
        let scene = SceneShape.stack.scene(views: 12000, seed: 9, depth: 600)
        let store = ViewStore(scene: scene)
        var rng = SplitMix64(seed: 23)
        let points = EdgePoints.points(for: Screen(scene: scene), &rng, uniform: 500, aimedViews: 20)
        for n in [64, points.count] {
            if let d = BatchParityTests.firstDifference(store, Array(points.prefix(n)), useIndexes: true) {
                Issue.record("stack 12000 views depth 600 seed 9, batch of \(n): \(d)")
            }
        }
    }

    @Test(
        "generated shapes, random points in batches short and long, around the curve order's minimum",
        arguments: [SceneShape.ui, .mixed, .transformed, .scroll, .stack, .wide])
    func generatedShapes(shape: SceneShape) {
        let scene = shape.scene(views: 1500, seed: 5)
        let store = ViewStore(scene: scene)
        var rng = SplitMix64(seed: 17)
        let screen = Screen(scene: scene)
        let points = EdgePoints.points(for: screen, &rng, uniform: 2200, aimedViews: 50)
        let curve = ViewStore.batchCurveMinimum
        for n in [1, 2, 64, curve - 1, curve, points.count] where n <= points.count {
            for useIndexes in [false, true] {
                if let d = BatchParityTests.firstDifference(store, Array(points.prefix(n)), useIndexes: useIndexes) {
                    Issue.record("\(shape.rawValue) 1500 views seed 5, batch of \(n): \(d)")
                }
            }
        }
    }

    @Test("custom code is called with the batch's points in their order")
    func customCodeRunsInPointOrder() throws {
        let scene = SceneShape.ui.scene(views: 1000, seed: 9)
        let screen = Screen(scene: scene)
        final class Recorder { var points: [Point] = [] }
        let calls = Recorder()
        // A panel-sized view somewhere in the middle of the tree records every point asked.
        var all: [View] = []
        var stack = screen.windows.map { $0 as View }
        while let v = stack.popLast() {
            all.append(v)
            stack += v.subviews
        }
        let target = try #require(all.first { !$0.subviews.isEmpty && $0.superview != nil && $0.superview?.superview != nil })
        target.pointInsideHandler = { v, p, _ in
            calls.points.append(p)
            return v.bounds.contains(p)
        }
        let store = ViewStore(screen: screen)
        var rng = SplitMix64(seed: 23)
        let points = EdgePoints.points(for: screen, &rng, uniform: ViewStore.batchCurveMinimum + 100, aimedViews: 20)
        #expect(points.count >= ViewStore.batchCurveMinimum, "long enough for the curve order, which custom code must not get")
        let scratch = QueryScratch()
        let single = points.map { store.hitTest($0, scratch: scratch) }
        let singleCalls = calls.points
        calls.points.removeAll()
        var batch = [StoreHit?](repeating: nil, count: points.count)
        points.withUnsafeBufferPointer { src in
            batch.withUnsafeMutableBufferPointer { out in
                store.hitTest(src, into: out, scratch: scratch, curveOrder: true, inFlight: true)
            }
        }
        #expect(!singleCalls.isEmpty, "the custom code must be reached")
        #expect(calls.points.count == singleCalls.count)
        #expect(zip(calls.points, singleCalls).allSatisfy { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern })
        #expect(zip(batch, single).allSatisfy { BatchParityTests.same($0, $1) })
    }
}
