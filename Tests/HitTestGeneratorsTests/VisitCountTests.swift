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
    // The screen index skips nodes that cannot beat the best entry found (`nodeMax`), so
    // a node count here is what the pruned walk opens. The curve that packs the leaves
    // runs on a square grid (`HilbertOrder.key`): on these grid-like layouts that moves
    // a count a few per cent either way, and on stacked rows it halves it.
    .wide: (counts(2_949, 0, 7_640), counts(2_944, 4_020_898, 0)),
    .deep: (counts(1_000_000, 0, 4_000), counts(1_000_000, 999_000, 0)),
    .ui: (counts(5_421, 0, 10_913), counts(5_421, 45_569, 0)),
    // A scroll view's content has its boxes in its content coordinates and no screen
    // entries: a query takes the list's entry, then the top entry of the list's content
    // index, each confirmed down its chain (the views). Lists under 32 entries have no
    // content index and are walked (the box tests). More nodes than a walk through the
    // list's child index opened: the content index holds the cells' subviews too, which
    // the walk tested one by one.
    .scroll: (counts(2_900, 419, 4_453), counts(2_736, 265_822, 0)),
    .transformed: (counts(5_358, 0, 9_986), counts(4_691, 47_664, 0)),
    .mixed: (counts(5_695, 2_161, 9_551), counts(5_623, 44_033, 0)),
    .stack: (counts(2_845, 0, 12_544), counts(2_845, 265_668, 0)),
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

/// Index nodes a query opens, on average, over 2,000 uniform points on the `stack` shape
/// `depth` groups deep (100,000 views); with `stale`, after one view was brought to the
/// front, a change the screen index cannot follow, so that queries walk the store and its
/// child indexes.
private func stackedNodesPerQuery(depth: Int, stale: Bool) -> Double {
    let scene = SceneShape.stack.scene(views: 100_000, seed: 1, depth: depth)
    let store = ViewStore(scene: scene)
    if stale { store.bringToFront(store.subviews(of: store.windows[0])[0]) }
    let r = scene.windows[0].geometry.frame
    var rng = SplitMix64(seed: 2)
    let points = (0..<2_000).map { _ in
        Point(x: r.minX + rng.unit() * r.width, y: r.minY + rng.unit() * r.height)
    }
    let stats = counts(store, useIndexes: true, points)
    let perQuery = Double(stats.indexNodesVisited) / Double(points.count)
    print("stacked \(depth) deep, 100k views\(stale ? ", stale screen index" : ""): \(stats), \(perQuery) nodes a query")
    return perQuery
}

/// Where views are stacked deep (`stack`), a query's work follows the answer, not the
/// pile: the screen index opens about as many nodes 1,000 groups deep as 10 deep, since
/// it skips every node that cannot hold a higher entry than the best found.
@Test("a query under views stacked 1,000 deep opens about as many index nodes as 10 deep")
func stackedVisitCounts() {
    let (shallow, deep) = (stackedNodesPerQuery(depth: 10, stale: false), stackedNodesPerQuery(depth: 1_000, stale: false))
    #expect(deep <= 2 * shallow, "\(shallow) nodes a query 10 deep, \(deep) 1,000 deep")
    // Rows of groups 10 deep: a leaf holds boxes of one row (the curve's grid is square),
    // so a node under the point seldom holds a later row's entry that beats the answer.
    // About 17 nodes a query; a grid stretched to the scene's sides (400 x 20,000
    // points) would gather one group from eight rows into a leaf and open twice as many.
    #expect(shallow <= 22, "\(shallow) nodes a query 10 deep")
}

/// The same while the screen index is stale: the walk asks the stacked groups' child
/// indexes, which skip every node that cannot hold a higher subview than the best found.
@Test("a walk under views stacked 1,000 deep opens about as many child index nodes as 10 deep")
func stackedStaleVisitCounts() {
    let (shallow, deep) = (stackedNodesPerQuery(depth: 10, stale: true), stackedNodesPerQuery(depth: 1_000, stale: true))
    #expect(deep <= 2 * shallow, "\(shallow) nodes a query 10 deep, \(deep) 1,000 deep")
}
