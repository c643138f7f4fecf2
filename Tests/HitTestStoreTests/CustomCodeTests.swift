import HitTestGeometry
import HitTestScene
import HitTestStore
import Testing

/// Custom code that is not a reference view: the store asks any `CustomHitTestCode`
/// (`rule-override-custom-code`), so a host's own objects can stand for its views.
final class HostCode: CustomHitTestCode {
    var hitTest: (Point) -> (any CustomHitTestCode)? = { _ in nil }
    var pointInside: (Point) -> Bool = { _ in true }
    var calls = 0

    func customHitTest(_ point: Point) -> (any CustomHitTestCode)? {
        calls += 1
        return hitTest(point)
    }

    func customPointInside(_ point: Point) -> Bool {
        calls += 1
        return pointInside(point)
    }
}

@Suite("custom code through CustomHitTestCode")
struct CustomCodeTests {
    /// A window `w` with one custom view `a` (0, 0, 200, 200) holding `b` at (100, 100),
    /// 50 x 50. `a`'s code gives `b` left of x = 50, a stranger below y = 150, else nil.
    static func tree(threshold: Int) -> (ViewStore, HostCode, ViewHandle, ViewHandle) {
        let store = ViewStore(indexThreshold: threshold)
        let (w, a, b, stranger) = (HostCode(), HostCode(), HostCode(), HostCode())
        a.hitTest = { p in p.y > 150 ? stranger : p.x < 50 ? b : nil }
        let ws = store.addTreeView(
            ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 400, height: 400)), under: -1,
            object: w, role: .none)
        let aSlot = store.addTreeView(
            ViewDefinition(id: "a", frame: Rect(x: 0, y: 0, width: 200, height: 200)), under: ws,
            object: a, role: .runs)
        _ = store.addTreeView(
            ViewDefinition(id: "b", frame: Rect(x: 100, y: 100, width: 50, height: 50)),
            under: aSlot, object: b, role: .inside)
        store.finishTreeBuild(redirects: [])
        return (store, a, store.view(withID: "w")!, store.view(withID: "b")!)
    }

    @Test(
        "the host's answers become the store's, on both engines and with an index",
        arguments: [0, 1])
    func hostAnswers(threshold: Int) {
        let (store, a, w, b) = Self.tree(threshold: threshold)
        for useIndexes in [false, true] {
            // The default walk would give `a` here; the code gives `b`, with b's local point.
            let hit = store.hitTest(Point(x: 10, y: 10), useIndexes: useIndexes)
            #expect(hit?.view == b, "useIndexes \(useIndexes)")
            #expect(hit?.window == w, "useIndexes \(useIndexes)")
            #expect(hit?.localPoint == Point(x: -90, y: -90), "useIndexes \(useIndexes)")
            // The code returns nil: the window itself takes the touch.
            #expect(store.hitTest(Point(x: 60, y: 10), useIndexes: useIndexes)?.view == w, "useIndexes \(useIndexes)")
            // An object the store does not know is no view of it: a miss at `a`.
            #expect(store.hitTest(Point(x: 10, y: 160), useIndexes: useIndexes)?.view == w, "useIndexes \(useIndexes)")
        }
        #expect(a.calls >= 6)
        #expect(store.invariantViolations().isEmpty)
    }
}
