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
    // Moves inside the content: the content indexes go stale (queries walk), and after
    // enough moves they are rebuilt.
    for k in 0..<70 {
        let id = k % 2 == 0 ? "c3" : "r9"
        let old = screen.view(withID: id)!.center
        let c = Point(x: old.x + (k % 4 < 2 ? 7.5 : -3), y: old.y + (k % 3 == 0 ? 1.25 : -1))
        each(id) { v, s, h in
            v.center = c
            s.setCenter(h, c)
        }
        if k % 10 == 9 { check("moves inside \(k)") }
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

/// What a query answers at `p`: the view's id.
private func answer(_ store: ViewStore, _ p: Point, _ scratch: QueryScratch) -> String? {
    store.hitTest(p, scratch: scratch).map { store.id(of: $0.view) }
}

/// What the short path of a query answered for `p` (nil when it left the query to the full
/// walk): the view's id.
private func fastAnswer(_ store: ViewStore, _ p: Point, _ scratch: QueryScratch) -> String?? {
    var answer = store.screenIndexFastHit(p, Float(p.x), Float(p.y), scratch)
    if case .undecided(let top, let slot) = answer, ScreenIndex.isWalkedRoot(slot) {
        answer = store.contentFastHit(p, top: top, slot: slot, scratch)
    }
    guard case .hit(let h) = answer else { return nil }
    return .some(store.id(of: h.view))
}

@Test(
    "a big scroll view's content index answers on the short path, through offsets, and a small one goes stale and comes back with moves inside"
)
func contentIndexShortPath() throws {
    let (store, scroll, nested) = try list(rows: 2_000, byClass: true)
    #expect(store.usableContentIndex(scroll.slot) != nil)
    #expect(store.usableContentIndex(nested.slot) != nil)
    let scratch = QueryScratch()
    // Row 10 under (10, 450); cell 2 of the nested scroll view in row 3 under (110, 150).
    #expect(fastAnswer(store, Point(x: 10, y: 450), scratch) == .some("r10"))
    scratch.stats = QueryStats()
    #expect(fastAnswer(store, Point(x: 110, y: 150), scratch) == .some("c2"))
    // The list and the window, the row and the nested scroll view, the cell: no box
    // tested one by one.
    #expect(scratch.stats.viewsVisited == 5)
    #expect(scratch.stats.boxTests == 0)
    // The list's offset leaves both indexes fresh: the short path answers with new rows.
    store.setBoundsOrigin(Point(x: 0, y: 440), of: scroll)
    #expect(store.usableContentIndex(scroll.slot) != nil)
    #expect(store.usableContentIndex(nested.slot) != nil)
    #expect(fastAnswer(store, Point(x: 10, y: 450), scratch) == .some("r20"))
    store.setBoundsOrigin(Point(x: 0, y: 0), of: scroll)
    // The nested scroll view's offset leaves its own index fresh; its box in the list's
    // content is padded for the rounding its offset brings, which the list's index
    // follows by a refit of the nested view's entry.
    store.setBoundsOrigin(Point(x: 100, y: 0), of: nested)
    #expect(store.usableContentIndex(nested.slot) != nil)
    #expect(store.usableContentIndex(scroll.slot) != nil)
    #expect(answer(store, Point(x: 110, y: 150), scratch) == "c4")
    // A move inside the nested content makes its index stale (40 entries: too few of the
    // store's views for a lane map); the list's refits the nested view's entry. The short
    // path leaves the stale nested index to the full query.
    let c4 = store.view(withID: "c4")!
    store.setCenter(c4, Point(x: 4 * 50 + 24, y: 23))
    #expect(store.screenIndexIsFresh)
    #expect(store.usableContentIndex(nested.slot) == nil)
    #expect(store.usableContentIndex(scroll.slot) != nil)
    #expect(fastAnswer(store, Point(x: 110, y: 150), scratch) == nil)
    #expect(answer(store, Point(x: 110, y: 150), scratch) == "c4")
    #expect(store.invariantViolations().isEmpty)
    // Enough changes rebuild it: 64 for the nested index.
    // (Each call changes the center: a call that changes nothing is no change.)
    for k in 0..<63 { store.setCenter(c4, Point(x: 4 * 50 + 24 + Double((k + 1) % 2), y: 23)) }
    #expect(store.usableContentIndex(nested.slot) != nil)
    #expect(store.usableContentIndex(scroll.slot) != nil)
    #expect(store.invariantViolations().isEmpty)
    #expect(answer(store, Point(x: 110, y: 150), scratch) == "c4")
}

@Test("a move inside a big list's content refits its content index, which stays fresh and answers")
func contentIndexRefits() throws {
    let (store, scroll, nested) = try list(rows: 2_000, byClass: true)
    let scratch = QueryScratch()
    #expect(store.usableContentIndex(scroll.slot) != nil)
    // Row 10 swaps places with row 12 (rows 44 pt high): each move is a refit.
    let (r10, r12) = (store.view(withID: "r10")!, store.view(withID: "r12")!)
    store.setCenter(r10, Point(x: 195, y: 12 * 44 + 22))
    store.setCenter(r12, Point(x: 195, y: 10 * 44 + 22))
    #expect(store.screenIndexIsFresh)
    let k = try #require(store.usableContentIndex(scroll.slot))
    #expect(store.storage.contentIndexes[k].index.refits == 2)
    #expect(store.invariantViolations().isEmpty)
    #expect(fastAnswer(store, Point(x: 10, y: 450), scratch) == .some("r12"))
    #expect(fastAnswer(store, Point(x: 10, y: 540), scratch) == .some("r10"))
    // Resized to nothing: a build makes no entry of an empty box, so the index goes
    // stale (and a rebuild brings it back).
    store.setFrame(r10, Rect(x: 0, y: 12 * 44, width: 0, height: 0))
    #expect(store.usableContentIndex(scroll.slot) == nil)
    #expect(answer(store, Point(x: 10, y: 540), scratch) == "list")
    store.setFrame(r10, Rect(x: 0, y: 12 * 44, width: 390, height: 44))
    store.updateIndexes()
    #expect(fastAnswer(store, Point(x: 10, y: 540), scratch) == .some("r10"))
    // A row with subviews moves them with it: the list's index cannot follow by one refit.
    store.setCenter(store.view(withID: "r3")!, Point(x: 195, y: 3 * 44 + 30))
    #expect(store.usableContentIndex(scroll.slot) == nil)
    #expect(store.screenIndexIsFresh)
    #expect(answer(store, Point(x: 110, y: 3 * 44 + 20), scratch) == "c2")
    // The nested view holds too few of the store's views for a lane map: its moves mark
    // its index stale, as before.
    store.updateIndexes()
    store.setCenter(store.view(withID: "c4")!, Point(x: 4 * 50 + 25, y: 23))
    #expect(store.usableContentIndex(nested.slot) == nil)
    #expect(store.invariantViolations().isEmpty)
}

@Test(
    "moving a scroll view's ancestor recomputes no box of its content, at any size",
    arguments: [true, false])
func ancestorMoveKeepsContent(byClass: Bool) throws {
    var computed: [Int] = []
    for rows in [100, 5_000] {
        let (store, scroll, _) = try list(rows: rows, byClass: byClass)
        // A container between the window and the list, so that the list has a moving
        // ancestor that is not a window.
        let window = store.superview(of: scroll)!
        let holder = store.addView(
            ViewDefinition(id: "holder", frame: Rect(x: 0, y: 0, width: 390, height: 844)), to: window)
        store.moveView(scroll, to: holder)
        store.updateIndexes()
        let boxes = (0..<store.capacity).map { store.columns.box[$0] }
        let before = store.storage.boxesComputed
        store.setCenter(holder, Point(x: 195 + 30, y: 422 - 12))
        store.setFrames([holder], [Rect(x: 7, y: 9, width: 390, height: 844)])
        computed.append(store.storage.boxesComputed - before)
        #expect(store.invariantViolations().isEmpty, "\(rows) rows")
        for s in 0..<store.capacity where s != Int(scroll.slot) && s != Int(holder.slot) {
            #expect(store.columns.box[s] == boxes[s], "\(rows) rows: slot \(s) moved")
        }
        // The rows are where the move put them: the list's top-left is now at (7, 9).
        let scratch = QueryScratch()
        #expect(store.hitTest(Point(x: 20, y: 9 + 44 * 10 + 2), scratch: scratch).map { store.id(of: $0.view) } == "r10")
    }
    // The same small number of boxes for 100 and 5,000 rows: the holder, the list and
    // the window above them, twice.
    #expect(computed[0] == computed[1], "boxes computed for 100 and 5,000 rows: \(computed)")
    #expect(computed[1] < 20, "boxes computed: \(computed)")
}

@Test("a scroll view's content offset loosens no index: a long scroll never rebuilds it")
func offsetChangesNoEntry() throws {
    let (store, scroll, _) = try list(rows: 100, byClass: true)
    store.updateIndexes()
    let (refits, growths) = (store.storage.screenIndex.refits, store.storage.screenIndex.frameGrowths)
    // Ten times the frame growths that would make the screen index ask for a rebuild. The
    // list's own box changes only by its rounding allowance, which grows with the offset:
    // its entry is refitted, growing its leaf's frame a few times at most.
    for k in 0..<10_240 { store.setBoundsOrigin(Point(x: 0, y: Double(k % 2_000)), of: scroll) }
    // Never rebuilt (a build starts the count again), and barely loosened.
    #expect(store.storage.screenIndex.refits <= refits + 10_240)
    #expect(store.storage.screenIndex.refits > refits + 1_024)
    #expect(store.storage.screenIndex.frameGrowths - growths < 16)
    #expect(store.screenIndexIsFresh)
    #expect(store.usableContentIndex(scroll.slot) != nil)
    #expect(store.invariantViolations().isEmpty)
    // At offset 2,200, the window's y = 50 is the content's 2,250: row 51 (44 points each).
    store.setBoundsOrigin(Point(x: 0, y: 2_200), of: scroll)
    let scratch = QueryScratch()
    #expect(store.hitTest(Point(x: 20, y: 50), scratch: scratch).map { store.id(of: $0.view) } == "r51")
}
