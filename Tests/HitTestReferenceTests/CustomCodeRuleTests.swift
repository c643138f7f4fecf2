import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

/// `rule-override-custom-code`: which views have custom code (`View.hasCustomCode`, the
/// one definition the store built from a tree and `explain` share), and the
/// `CustomHitTestCode` role through which other engines ask them.
@Suite("Custom code: the rule and the role")
struct CustomCodeRuleTests {
    @Test("plain views and windows have none; a handler or a subclass has")
    func hasCustomCode() {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(!View(id: "v", frame: frame).hasCustomCode)
        #expect(!Window(id: "w", frame: frame).hasCustomCode)
        #expect(!View(id: "label", frame: frame, className: "UILabel").hasCustomCode)

        let closure = View(id: "c", frame: frame)
        closure.pointInsideHandler = { v, p, e in v.defaultPointInside(p, with: e) }
        #expect(closure.hasCustomCode)
        closure.pointInsideHandler = nil
        closure.hitTestHandler = { v, p, e in v.defaultHitTest(p, with: e) }
        #expect(closure.hasCustomCode)
        closure.hitTestHandler = nil
        #expect(!closure.hasCustomCode)

        // A subclass may override hitTest or point(inside:), whatever it does.
        #expect(CountingView(id: "s", frame: frame).hasCustomCode)
        #expect(PassthroughView(id: "p", frame: frame).hasCustomCode)
    }

    @Test("the role answers with the view's own overrides and handlers")
    func roleAnswersWithOverrides() {
        let overlay = PassthroughView(
            id: "overlay", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let button = View(id: "button", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        add(button, to: overlay)
        let code: any CustomHitTestCode = overlay
        // On the button: the button; elsewhere the overlay passes the touch through.
        #expect(code.customHitTest(Point(x: 20, y: 20)) === button)
        #expect(code.customHitTest(Point(x: 150, y: 150)) == nil)

        let round = View(id: "round", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        round.pointInsideHandler = { _, p, _ in
            (p.x - 50) * (p.x - 50) + (p.y - 50) * (p.y - 50) < 2500
        }
        #expect((round as any CustomHitTestCode).customPointInside(Point(x: 50, y: 50)))
        #expect(!(round as any CustomHitTestCode).customPointInside(Point(x: 1, y: 1)))
    }
}
