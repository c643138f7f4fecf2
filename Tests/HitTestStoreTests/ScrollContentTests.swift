import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

@testable import HitTestStore

/// A window with a full-screen scroll view (by class or by settings) of `rows` rows of
/// 390 x 44, the rows added from flat arrays, and inside row 3 a nested horizontal scroll
/// view with 40 cells.
private func list(rows: Int, byClass: Bool) throws -> (
    ViewStore, scroll: ViewHandle, nested: ViewHandle
) {
    let store = ViewStore()
    let window = store.addWindow(
        ViewDefinition(
            id: "w", frame: Rect(x: 0, y: 0, width: 390, height: 844), className: "UIWindow"))
    var def = ViewDefinition(
        id: "list", frame: Rect(x: 0, y: 0, width: 390, height: 844),
        className: byClass ? "UITableView" : "UIView")
    if !byClass { def.events.scrollView = SceneScrollView() }
    let scroll = store.addView(def, to: window)
    var a = ViewArrays(parents: [], frames: [])
    for i in 0..<rows {
        a.parents.append(-1)
        a.frames.append(Rect(x: 0, y: Double(i) * 44, width: 390, height: 44))
        a.ids.append("r\(i)")
        a.hidden.append(false)
        a.userInteractionEnabled.append(true)
    }
    _ = try store.addViews(a, to: scroll)
    let nested = store.addView(
        ViewDefinition(
            id: "nested", frame: Rect(x: 0, y: 0, width: 390, height: 44),
            className: "UICollectionView"),
        to: store.view(withID: "r3")!)
    for k in 0..<40 {
        store.addView(
            ViewDefinition(
                id: "c\(k)", frame: Rect(x: Double(k) * 50, y: 2, width: 48, height: 40)),
            to: nested)
    }
    store.updateIndexes()
    return (store, scroll, nested)
}

@Test(
    "a scroll view's offset moves no box and keeps the screen index fresh",
    arguments: [true, false])
func offsetMovesNoBox(byClass: Bool) throws {
    let (store, scroll, nested) = try list(rows: 2_000, byClass: byClass)
    #expect(store.columns.flags[Int(scroll.slot)] & _Flags.scrollView != 0)
    #expect(store.screenIndexIsFresh)
    let boxes = (0..<store.capacity).map { store.columns.box[$0] }
    let scratch = QueryScratch()
    for (k, y) in [0.0, 44, 1000.5, -30, 80_000].enumerated() {
        store.setBoundsOrigin(Point(x: 0, y: y), of: scroll)
        store.setBoundsOrigin(Point(x: Double(k) * 50, y: 0), of: nested)
        #expect(store.screenIndexIsFresh, "offset \(y)")
        for s in 0..<store.capacity where Int32(s) != scroll.slot && Int32(s) != nested.slot {
            #expect(store.columns.box[s] == boxes[s], "offset \(y): slot \(s) moved")
        }
        #expect(store.invariantViolations().isEmpty, "offset \(y)")
        // The row under a point is the one the offset brings there.
        let row = Int(((100 + y) / 44).rounded(.down))
        if (0..<2_000).contains(row) && row != 3 {
            #expect(
                store.hitTest(Point(x: 10, y: 100), scratch: scratch).map { store.id(of: $0.view) }
                    == "r\(row)")
        }
    }
}

@Test(
    "a scroll view's content, nested scroll views, offsets and class changes answer as the reference"
)
func scrollContentParity() throws {
    var rows: [SceneView] = (0..<120).map { i in
        SceneView(
            id: "r\(i)", placement: .frame(Rect(x: 0, y: Double(i) * 44, width: 390, height: 44)))
    }
    var inner = SceneView(
        id: "inner", className: "UIScrollView",
        placement: .frame(Rect(x: 20, y: 2, width: 300, height: 40)))
    inner.boundsOrigin = Point(x: 35.5, y: 0)
    inner.subviews = (0..<50).map { k in
        SceneView(
            id: "c\(k)", placement: .frame(Rect(x: Double(k) * 30, y: 0, width: 29, height: 40)))
    }
    inner.subviews[7].hitRules.pointInside = .boundsOrSubviews
    inner.subviews[7].subviews = [
        SceneView(
            id: "deep", className: "UITextView",
            placement: .frame(Rect(x: 10, y: 30, width: 40, height: 30)))
    ]
    rows[5].subviews = [inner]
    var list = SceneView(
        id: "list", className: "UITableView",
        placement: .frame(Rect(x: 0, y: 50, width: 390, height: 700)))
    list.boundsOrigin = Point(x: 0, y: 120)
    list.subviews = rows
    var window = SceneView.window(
        id: "w", placement: .frame(Rect(x: 0, y: 0, width: 390, height: 844)))
    window.subviews = [list]
    let scene = Scene(windows: [window])
    let screen = Screen(scene: scene)
    let stores = [
        ViewStore(scene: scene), ViewStore(scene: scene, indexThreshold: 0),
        ViewStore(scene: scene, indexThreshold: 4),
    ]
    var points: [Point] = []
    for y in stride(from: 40.0, through: 760, by: 7.25) {
        for x in stride(from: -5.0, through: 395, by: 11.5) { points.append(Point(x: x, y: y)) }
    }
    func check(_ context: String) {
        for store in stores {
            expectParity(store, screen, points, context)
            #expect(store.invariantViolations().isEmpty, "\(context)")
        }
    }
    check("built")
    func each(_ id: String, _ body: (View, ViewStore, ViewHandle) -> Void) {
        let v = screen.view(withID: id)!
        for store in stores { body(v, store, store.view(withID: id)!) }
    }
    for (k, offset) in [
        Point(x: 0, y: 0), Point(x: 0, y: 300.25), Point(x: -3, y: 4000), Point(x: 0, y: 97),
    ].enumerated() {
        each("list") { v, s, h in
            v.bounds.origin = offset
            s.setBoundsOrigin(offset, of: h)
        }
        each("inner") { v, s, h in
            v.bounds.origin = Point(x: Double(k) * 61, y: 0)
            s.setBoundsOrigin(Point(x: Double(k) * 61, y: 0), of: h)
        }
        check("offsets \(k)")
    }
    // Moving the scroll view, then making it a plain view and a scroll view again.
    each("list") { v, s, h in
        v.center = Point(x: 190, y: 420)
        s.setCenter(h, Point(x: 190, y: 420))
    }
    check("moved")
    each("list") { v, s, h in
        v.className = "UIView"
        s.update(h) { $0.className = "UIView" }
    }
    check("no longer a scroll view")
    each("list") { v, s, h in
        v.className = "UICollectionView"
        s.update(h) { $0.className = "UICollectionView" }
    }
    check("a scroll view again")
}
