import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

@testable import HitTestStore

/// A zooming view starts a box space of its own (Internals.md, "A scroll view's content
/// space"): a zoom changes its transform and center alone, and moves no box of its tiles.

/// A window with a full-screen map (a scroll view by its settings, zooming "tiles"), its
/// zooming view holding `tiles` tiles of 10 x 10 points in rows of 39, from a scene or
/// added afterwards.
private func map(tiles n: Int, fromScene: Bool) throws -> ViewStore {
    var settings = SceneScrollView()
    settings.maximumZoomScale = 4
    settings.zoomingView = "tiles"
    let rows = (n + 38) / 39
    var tiles: [SceneView] = []
    var frames: [Rect] = []
    for i in 0..<n {
        let x = Double(i % 39 * 10)
        let y = Double(i / 39 * 10)
        frames.append(Rect(x: x, y: y, width: 10, height: 10))
        tiles.append(SceneView(id: "t\(i)", placement: .frame(frames[i])))
    }
    var zooming = SceneView(
        id: "tiles", placement: .frame(Rect(x: 0, y: 0, width: 390, height: Double(rows * 10))))
    var scroll = SceneView(id: "map", placement: .frame(Rect(x: 0, y: 0, width: 390, height: 844)))
    scroll.events.scrollView = settings
    var window = SceneView(
        id: "w", className: "UIWindow", placement: .frame(Rect(x: 0, y: 0, width: 390, height: 844)))
    if fromScene {
        zooming.subviews = tiles
        scroll.subviews = [zooming]
        window.subviews = [scroll]
        return ViewStore(scene: Scene(windows: [window]))
    }
    let store = ViewStore()
    let w = store.addWindow(ViewDefinition(window))
    let s = store.addView(ViewDefinition(scroll), to: w)
    let z = store.addView(ViewDefinition(zooming), to: s)
    var a = ViewArrays(parents: [], frames: [])
    for (t, f) in zip(tiles, frames) {
        a.parents.append(-1)
        a.frames.append(f)
        a.ids.append(t.id)
        a.hidden.append(false)
        a.userInteractionEnabled.append(true)
    }
    _ = try store.addViews(a, to: z)
    return store
}

@Test(
    "a zoom (the zooming view's transform and center) recomputes no box of its tiles, at any size",
    arguments: [true, false])
func zoomMovesNoTile(fromScene: Bool) throws {
    var computed: [Int] = []
    for n in [100, 5_000] {
        let store = try map(tiles: n, fromScene: fromScene)
        let tiles = try #require(store.view(withID: "tiles"))
        #expect(store.columns.flags[Int(tiles.slot)] & _Flags.scrollView != 0)
        store.updateIndexes()
        let before = store.storage.boxesComputed
        // Scale 2 about the frame's origin: the center moves to twice the bounds' half.
        let size = store.geometry(of: tiles).bounds.size
        store.update(tiles) {
            $0.geometry.transform = AffineTransform(scaleX: 2, y: 2)
            $0.geometry.center = Point(x: size.width, y: size.height)
        }
        computed.append(store.storage.boxesComputed - before)
        #expect(store.invariantViolations().isEmpty, "\(n) tiles")
        // Tile 40 (row 1, column 1, at (10, 10)) is at (20, 20)-(40, 40) on the screen.
        let scratch = QueryScratch()
        #expect(store.hitTest(Point(x: 25, y: 35), scratch: scratch).map { store.id(of: $0.view) } == "t40")
        let reference = HitTestReference.ReferenceEngine(scene: store.scene())
        #expect(reference.hitTest(Point(x: 25, y: 35))?.view == "t40")
    }
    #expect(computed[0] == computed[1], "boxes computed for 100 and 5,000 tiles: \(computed)")
    #expect(computed[1] < 20, "boxes computed: \(computed)")
}

@Test("naming another zooming view, or none, moves the subviews between box spaces")
func zoomingViewChanges() throws {
    let store = try map(tiles: 200, fromScene: true)
    let map = try #require(store.view(withID: "map"))
    let tiles = try #require(store.view(withID: "tiles"))
    let other = store.addView(
        ViewDefinition(id: "other", frame: Rect(x: 0, y: 0, width: 50, height: 50)), to: map)
    #expect(store.columns.flags[Int(other.slot)] & _Flags.scrollView == 0)
    store.update(map) { $0.events.scrollView?.zoomingView = "other" }
    #expect(store.columns.flags[Int(tiles.slot)] & _Flags.scrollView == 0)
    #expect(store.columns.flags[Int(other.slot)] & _Flags.scrollView != 0)
    #expect(store.invariantViolations().isEmpty)
    store.update(map) { $0.events.scrollView?.zoomingView = nil }
    #expect(store.columns.flags[Int(other.slot)] & _Flags.scrollView == 0)
    #expect(store.invariantViolations().isEmpty)
    // A view renamed to the zooming view's id, and one moved under the map with it.
    store.update(map) { $0.events.scrollView?.zoomingView = "z" }
    store.update(tiles) { $0.id = "z" }
    #expect(store.columns.flags[Int(tiles.slot)] & _Flags.scrollView != 0)
    #expect(store.invariantViolations().isEmpty)
    store.moveView(tiles, to: try #require(store.view(withID: "w")))
    #expect(store.columns.flags[Int(tiles.slot)] & _Flags.scrollView == 0)
    store.moveView(tiles, to: map)
    #expect(store.columns.flags[Int(tiles.slot)] & _Flags.scrollView != 0)
    #expect(store.invariantViolations().isEmpty)
    let scratch = QueryScratch()
    #expect(store.hitTest(Point(x: 15, y: 15), scratch: scratch).map { store.id(of: $0.view) } == "t40")
}
