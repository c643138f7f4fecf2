import HitTestKit
import Testing

/// The README's "Swift API in ten lines", run as written.
@Test("the README's Swift example answers as it says")
func readmeSwiftExample() throws {
    let screen = Screen()
    let window = Window(id: "main", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let card = View(id: "card", frame: Rect(x: 20, y: 100, width: 300, height: 200))
    let buy = View(
        id: "buy", frame: Rect(x: 250, y: 150, width: 80, height: 44), className: "UIButton")
    screen.addWindow(window)
    window.addSubview(card)
    card.addSubview(buy)
    #expect(screen.hitTest(Point(x: 340, y: 270))?.view.id == "main")  // before the rule
    card.hitRules.pointInside = .boundsOrSubviews
    let hit = try #require(screen.hitTest(Point(x: 340, y: 270)))
    #expect(hit.view === buy)
    #expect(hit.localPoint == Point(x: 70, y: 20))
    let scene = try Scene.load(json: screen.scene().json())
    #expect(scene == screen.scene())

    // The fast engine's lines.
    let store = ViewStore(scene: scene)
    let scratch = QueryScratch()
    let h = try #require(store.hitTest(Point(x: 340, y: 270), scratch: scratch))
    #expect(store.id(of: h.view) == "buy")
    #expect(h.localPoint == Point(x: 70, y: 20))
    // As the README writes it: the store straight from the tree's scene, a scratch inline.
    let direct = ViewStore(scene: screen.scene())
    let d = try #require(direct.hitTest(Point(x: 340, y: 270), scratch: QueryScratch()))
    #expect(direct.id(of: d.view) == "buy")
    store.setCenter(h.view, Point(x: 100, y: 100))
    let points = [Point(x: 340, y: 270), Point(x: 120, y: 200)]
    let hits = store.hitTest(points, threads: 2)
    #expect(hits.map { $0.map { store.id(of: $0.view) } } == ["main", "buy"])
}
