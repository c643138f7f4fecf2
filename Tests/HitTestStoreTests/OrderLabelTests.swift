import HitTestGeometry
import HitTestReference
import HitTestScene
@testable import HitTestStore
import Testing

/// Order labels are kept only from a store's first child index on (`keepOrderLabels`):
/// a bulk build defers its child indexes to the screen index, so it has none, and the
/// first change that makes the screen index stale builds the indexes and the labels with
/// them. These tests follow one store through that, checking labels, invariants and
/// answers against the reference at each step.

/// A window holding a canvas of `n` non-overlapping-in-rows plain views (enough for a
/// child index), each `w` x 30 on a grid, seeded offsets in eighths.
private func rows(views n: Int, seed: UInt64) -> Scene {
    var rng = TestRandom(seed: seed)
    var canvas = SceneView(id: "canvas", placement: .frame(Rect(x: 0, y: 0, width: 2000, height: 2000)))
    for i in 0..<n {
        let x = Double(i % 20) * 100 + TestRandom.eighth(rng.unit() * 40)
        let y = Double(i / 20) * 40 + TestRandom.eighth(rng.unit() * 20)
        canvas.subviews.append(
            SceneView(id: "v\(i)", placement: .frame(Rect(x: x, y: y, width: 90, height: 30))))
    }
    var window = SceneView.window(id: "main", placement: .frame(Rect(x: 0, y: 0, width: 2000, height: 2000)))
    window.subviews = [canvas]
    return Scene(screen: Size(width: 2000, height: 2000), windows: [window])
}

@Test("a bulk build keeps no order labels; the first child index brings them, increasing among siblings")
func orderLabelsComeWithTheFirstChildIndex() throws {
    let scene = rows(views: 400, seed: 3)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene)
    #expect(!store.columns.labelsKept)
    #expect(store.columns.order.byteCount == 0, "a store answered by its screen index pays no label column")
    #expect(store.invariantViolations().isEmpty, "\(store.invariantViolations())")
    expectParity(store, screen, edgePoints(screen.scene()), "built")

    // A view inserted at the bottom of the canvas: the screen index goes stale, the
    // deferred child index is built, and labels with it.
    let canvasView = screen.windows[0].subviews[0]
    let bottom = View(id: "bottom", frame: Rect(x: 5, y: 5, width: 300, height: 300))
    canvasView.insertSubview(bottom, at: 0)
    let canvasHandle = try #require(store.view(withID: "canvas"))
    _ = store.addView(ViewDefinition(id: "bottom", frame: Rect(x: 5, y: 5, width: 300, height: 300)), to: canvasHandle, at: 0)
    #expect(!store.screenIndexIsFresh)
    #expect(store.columns.labelsKept)
    #expect(store.columns.order.count == store.capacity)
    #expect(store.invariantViolations().isEmpty, "\(store.invariantViolations())")
    expectParity(store, screen, edgePoints(screen.scene()), "stale, walked through the child index")

    // More insertions between siblings keep the labels increasing (relabelling when a gap
    // runs out) and the answers the reference's.
    for k in 0..<40 {
        let at = (k * 7) % 50 + 1
        let v = View(id: "mid\(k)", frame: Rect(x: Double(k) * 40, y: Double(k % 9) * 35, width: 60, height: 60))
        canvasView.insertSubview(v, at: at)
        _ = store.addView(ViewDefinition(id: "mid\(k)", frame: v.frame), to: canvasHandle, at: at)
    }
    #expect(store.invariantViolations().isEmpty, "\(store.invariantViolations())")
    expectParity(store, screen, edgePoints(screen.scene()), "after insertions")
    store.updateIndexes()
    #expect(store.screenIndexIsFresh)
    expectParity(store, screen, edgePoints(screen.scene()), "screen index rebuilt")
}
