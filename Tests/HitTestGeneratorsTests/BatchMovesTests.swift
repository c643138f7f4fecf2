import HitTestGenerators
import HitTestGeometry
import HitTestScene
@testable import HitTestStore
import Testing

// A batch of moves (`setCenters`, `setFrames`) composes each moved view's parent frame from
// the frames of the ancestors the previous view shared with it. Whatever the shape, the
// order of the views and the mix of leaves and containers, every box must come out bit for
// bit as one change at a time makes it.

/// Every view's handle in pre-order; two stores built from one scene give the same order.
private func preOrder(_ store: ViewStore) -> [ViewHandle] {
    var out: [ViewHandle] = []
    var stack = Array(store.windows.reversed())
    while let h = stack.popLast() {
        out.append(h)
        stack.append(contentsOf: store.subviews(of: h).reversed())
    }
    return out
}

/// The first slot whose box or pointInside box differs, described; nil when none does.
private func firstDifference(_ a: ViewStore, _ b: ViewStore) -> String? {
    guard a.capacity == b.capacity else { return "capacities \(a.capacity) and \(b.capacity)" }
    for i in 0..<a.capacity {
        let s = Int32(i)
        if a.columns.box[i] != b.columns.box[i] { return "slot \(i): box \(a.columns.box[i]) batched, \(b.columns.box[i]) one by one" }
        if a.pointInsideBox(s) != b.pointInsideBox(s) {
            return "slot \(i): pointInside box \(a.pointInsideBox(s)) batched, \(b.pointInsideBox(s)) one by one"
        }
    }
    return nil
}

@Test(
    "a batch of moves gives every box bit for bit as one move at a time, on every generated shape",
    arguments: SceneShape.allCases)
func batchMovesMatchSingleMoves(shape: SceneShape) {
    for seed in UInt64(1)...3 {
        let scene = shape.scene(views: 600, seed: seed)
        let batched = ViewStore(scene: scene)
        let single = ViewStore(scene: scene)
        let a = preOrder(batched)
        let b = preOrder(single)
        #expect(a.count == b.count)
        var rng = SplitMix64(seed: seed &* 7919 &+ 17)
        // Leaves and containers alike, in random order, some twice; offsets in eighths.
        var picked: [Int] = []
        for _ in 0..<(a.count / 3) { picked.append(Int(rng.next() % UInt64(a.count))) }
        func offset() -> Double { Double(Int(rng.next() % 481) - 240) / 8 }
        let centers = picked.map { k -> Point in
            let c = batched.geometry(of: a[k]).center
            return Point(x: c.x + offset(), y: c.y + offset())
        }
        batched.setCenters(picked.map { a[$0] }, centers)
        for (k, c) in zip(picked, centers) { single.setCenter(b[k], c) }
        if let d = firstDifference(batched, single) {
            Issue.record("setCenters, shape \(shape) seed \(seed), \(picked.count) views: \(d)")
        }
        #expect(batched.invariantViolations().isEmpty, "setCenters, shape \(shape) seed \(seed)")

        let frames = picked.map { k -> Rect in
            let f = batched.geometry(of: a[k]).frame
            return Rect(
                x: f.minX + offset(), y: f.minY + offset(), width: max(0, f.width + offset()),
                height: max(0, f.height + offset()))
        }
        batched.setFrames(picked.map { a[$0] }, frames)
        for (k, f) in zip(picked, frames) { single.setFrame(b[k], f) }
        if let d = firstDifference(batched, single) {
            Issue.record("setFrames, shape \(shape) seed \(seed), \(picked.count) views: \(d)")
        }
        #expect(batched.invariantViolations().isEmpty, "setFrames, shape \(shape) seed \(seed)")
    }
}
