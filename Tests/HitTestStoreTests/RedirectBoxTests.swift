import HitTestGeometry
import HitTestReference
import HitTestScene
@testable import HitTestStore
import Testing

// A redirect whose target is not below its view (moved away, or set so through the API)
// is ignored by hit-testing, in the store as in the reference. Such a target's changes
// update its own ancestors only, so a view's box must not depend on it: these tests
// change the target after the redirect stops pointing down and check, after every step,
// the store's invariants (`invariantViolations()` recomputes every box), every box
// against a store built afresh from the exported scene (which leaves such redirects
// out), and hit-testing against the reference.

/// The store's boxes against those of a store built from its exported scene, its
/// invariants, and its answers at `points` and every view's edges against the reference.
private func expectSound(
    _ store: ViewStore, _ screen: Screen, ids: [String], points: [Point], _ context: String
) {
    #expect(store.invariantViolations() == [], "\(context)")
    let fresh = ViewStore(scene: store.scene())
    for id in ids {
        guard let h = store.view(withID: id), let f = fresh.view(withID: id) else {
            Issue.record("\(context): \(id) is missing")
            continue
        }
        let box = store.columns.box[Int(h.slot)]
        let built = fresh.columns.box[Int(f.slot)]
        #expect(box == built, "\(context): the box of \(id) is \(box), built afresh \(built)")
    }
    expectParity(store, screen, points + edgePoints(screen.scene()), context)
}

@Test("a redirect's target moved out from under the view, then changed: the view's box does not follow it")
func redirectTargetMovedAwayThenChanged() throws {
    let json = """
        {"format": "hittest-scene/1", "windows": [
          {"id": "w", "frame": [0, 0, 400, 400], "subviews": [
            {"id": "r", "frame": [0, 0, 100, 100], "redirectTo": "t", "subviews": [
              {"id": "mid", "frame": [10, 10, 50, 50], "subviews": [
                {"id": "t", "frame": [40, 40, 100, 100]}]}]},
            {"id": "elsewhere", "frame": [200, 200, 100, 100]}]}]}
        """
    let scene = try Scene.load(json: json)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene)
    let ids = ["w", "r", "mid", "t", "elsewhere"]
    let points = [Point(x: 120, y: 120), Point(x: 150, y: 150), Point(x: 5, y: 5), Point(x: 250, y: 250)]
    let (mid, t, elsewhere) = (
        screen.view(withID: "mid")!, screen.view(withID: "t")!, screen.view(withID: "elsewhere")!
    )
    let ht = store.view(withID: "t")!
    expectSound(store, screen, ids: ids, points: points, "start")

    elsewhere.addSubview(t)
    store.moveView(ht, to: store.view(withID: "elsewhere")!)
    expectSound(store, screen, ids: ids, points: points, "t moved under elsewhere")

    // The change that left r's box holding t's old place.
    t.frame = Rect(x: -50, y: -50, width: 30, height: 30)
    store.setFrame(ht, t.frame)
    expectSound(store, screen, ids: ids, points: points, "t's frame changed under elsewhere")

    mid.insertSubview(t, at: 0)
    store.moveView(ht, to: store.view(withID: "mid")!, at: 0)
    expectSound(store, screen, ids: ids, points: points, "t back under mid")

    t.frame = Rect(x: 60, y: 60, width: 200, height: 20)
    store.setFrame(ht, t.frame)
    expectSound(store, screen, ids: ids, points: points + [Point(x: 200, y: 75)], "t's frame changed under mid")
}

@Test("a redirect set to a view that is not below: the target's ancestor changes do not leave the view's box stale")
func redirectToASiblingsSubview() throws {
    // A full-screen window over a grid: b redirects to t, a hidden subview of its
    // sibling a; then a takes a transform whose boxes cannot be bounded, which makes t's
    // pointInside box infinite.
    let json = """
        {"format": "hittest-scene/1", "windows": [
          {"id": "w", "frame": [0, 0, 390, 844], "subviews": [
            {"id": "a", "frame": [0, 0, 195, 280], "subviews": [
              {"id": "t", "frame": [0, 280, 195, 280], "hidden": true}]},
            {"id": "b", "frame": [195, 0, 195, 280]},
            {"id": "c", "frame": [195, 280, 195, 280]}]}]}
        """
    let scene = try Scene.load(json: json)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene)
    let ids = ["w", "a", "t", "b", "c"]
    let points = [Point(x: 100, y: 400), Point(x: 300, y: 100), Point(x: 300, y: 400), Point(x: 50, y: 50)]
    let (a, b, t) = (screen.view(withID: "a")!, screen.view(withID: "b")!, screen.view(withID: "t")!)
    let (ha, hb, ht) = (store.view(withID: "a")!, store.view(withID: "b")!, store.view(withID: "t")!)
    expectSound(store, screen, ids: ids, points: points, "start")

    b.redirectTarget = t
    store.setRedirect(hb, to: ht)
    expectSound(store, screen, ids: ids, points: points, "b redirects to t")

    // The change that left b's box finite where a recomputation gives the infinite box.
    a.transform = AffineTransform(a: -297.1875, b: -59_000_000, c: -0.0, d: 102.5625, tx: -214.0625, ty: 49.5)
    store.setTransform(ha, a.transform)
    expectSound(store, screen, ids: ids, points: points, "a's transform")

    a.transform = .identity
    store.setTransform(ha, .identity)
    t.isHidden = false
    store.setHidden(ht, false)
    expectSound(store, screen, ids: ids, points: points, "a's transform undone, t shown")

    t.frame = Rect(x: 10, y: 10, width: 20, height: 20)
    store.setFrame(ht, t.frame)
    expectSound(store, screen, ids: ids, points: points, "t's frame")
}

@Test("a view redirected to itself: its box follows its own changes")
func redirectToItself() throws {
    let json = """
        {"format": "hittest-scene/1", "windows": [
          {"id": "w", "frame": [0, 0, 400, 400], "subviews": [
            {"id": "r", "frame": [0, 0, 300, 300], "subviews": [
              {"id": "c", "frame": [10, 10, 20, 20]}]}]}]}
        """
    let scene = try Scene.load(json: json)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene)
    let ids = ["w", "r", "c"]
    let points = [Point(x: 150, y: 150), Point(x: 250, y: 250), Point(x: 20, y: 20)]
    let r = screen.view(withID: "r")!
    let hr = store.view(withID: "r")!

    r.redirectTarget = r
    store.setRedirect(hr, to: hr)
    expectSound(store, screen, ids: ids, points: points, "r redirects to itself")

    r.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    store.setFrame(hr, r.frame)
    expectSound(store, screen, ids: ids, points: points, "r shrunk")
}
