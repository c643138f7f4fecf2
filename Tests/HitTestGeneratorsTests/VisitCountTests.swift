import HitTestGenerators
import HitTestGeometry
import HitTestStore
import Testing

/// The work a query does, counted exactly (`QueryStats`), on every generated shape: a
/// change that makes queries visit more views, test more boxes or enter more index nodes
/// fails here, not only in a benchmark on a noisy machine. The bounds are this engine's
/// counts when they were committed (10,000 views, seed 1, 1,000 uniform points over the
/// first window; `deep` 1,000 views), summed over the points; lower counts pass (and the
/// test prints them, so that the bounds can be tightened).
private let committed: [SceneShape: (bvh: QueryStats, flat: QueryStats)] = [
    .wide: (counts(2_949, 0, 8_921), counts(2_944, 4_020_898, 0)),
    .deep: (counts(1_000_000, 0, 144_000), counts(1_000_000, 999_000, 0)),
    .ui: (counts(5_421, 0, 11_251), counts(5_421, 45_569, 0)),
    .scroll: (counts(2_736, 0, 5_494), counts(2_736, 265_822, 0)),
    // The screen index's 16-bit leaf cells are a little wider than its float boxes were:
    // 12 more confirmations and 10 more nodes over the 1,000 points (5,358 and 10,411).
    .transformed: (counts(5_370, 0, 10_421), counts(4_691, 47_664, 0)),
    .mixed: (counts(5_695, 2_161, 10_279), counts(5_623, 44_033, 0)),
]

private func counts(_ views: Int, _ boxTests: Int, _ nodes: Int) -> QueryStats {
    var s = QueryStats()
    s.viewsVisited = views
    s.boxTests = boxTests
    s.indexNodesVisited = nodes
    return s
}

private func counts(_ store: ViewStore, useIndexes: Bool, _ points: [Point]) -> QueryStats {
    // A scratch counts every query made with it.
    let scratch = QueryScratch()
    for p in points { _ = store.hitTest(p, useIndexes: useIndexes, scratch: scratch) }
    return scratch.stats
}

@Test("work per query on every generated shape stays within the committed visit counts", arguments: SceneShape.allCases)
func visitCountsPerShape(shape: SceneShape) {
    // `deep` is one chain: every query walks all of it, so it gets fewer views.
    let scene = shape.scene(views: shape == .deep ? 1_000 : 10_000, seed: 1)
    let store = ViewStore(scene: scene)
    let r = scene.windows.first.map(\.geometry.frame) ?? Rect(origin: .zero, size: scene.screen)
    var rng = SplitMix64(seed: 1)
    let points = (0..<1_000).map { _ in
        Point(x: r.minX + rng.unit() * r.width, y: r.minY + rng.unit() * r.height)
    }
    let bvh = counts(store, useIndexes: true, points)
    let flat = counts(store, useIndexes: false, points)
    guard let bound = committed[shape] else {
        Issue.record("\(shape): no committed counts; measured bvh \(bvh), flat \(flat)")
        return
    }
    for (engine, got, limit) in [("bvh", bvh, bound.bvh), ("flat", flat, bound.flat)] {
        if got != limit { print("visit counts, \(shape) \(engine): \(got), committed \(limit)") }
        #expect(got.viewsVisited <= limit.viewsVisited, "\(shape) \(engine): \(got) against \(limit)")
        #expect(got.boxTests <= limit.boxTests, "\(shape) \(engine): \(got) against \(limit)")
        #expect(
            got.indexNodesVisited <= limit.indexNodesVisited, "\(shape) \(engine): \(got) against \(limit)")
        #expect(got.customCalls <= limit.customCalls, "\(shape) \(engine): \(got) against \(limit)")
    }
}
