import HitTestExplain
import HitTestGeometry
import HitTestScene
import Testing

/// One scene with every situation `explain` names (the eligibility rules, the declarative overrides, `rule-algorithm-hit-test`).
let situations = """
    {"format": "hittest-scene/1", "windows": [
      {"id": "main", "frame": [0, 0, 400, 800], "subviews": [
        {"id": "card", "frame": [0, 0, 200, 100], "subviews": [
          {"id": "buyButton", "class": "UIButton", "frame": [150, 20, 62, 40]}]},
        {"id": "hiddenBox", "frame": [0, 200, 100, 100], "hidden": true, "subviews": [
          {"id": "inner", "frame": [10, 10, 50, 50]}]},
        {"id": "faint", "frame": [100, 200, 100, 100], "alpha": 0.01},
        {"id": "label", "class": "UILabel", "frame": [200, 200, 100, 100], "subviews": [
          {"id": "labelChild", "frame": [0, 0, 50, 50]}]},
        {"id": "under", "frame": [0, 400, 100, 100]},
        {"id": "over", "frame": [0, 400, 100, 100]},
        {"id": "overlay", "frame": [200, 400, 100, 100], "hitTestRule": "passthrough"},
        {"id": "box", "frame": [0, 600, 100, 100], "hitTestRule": "boxOnly", "subviews": [
          {"id": "boxed", "frame": [0, 0, 50, 50]}]},
        {"id": "behind", "frame": [150, 600, 40, 40]},
        {"id": "redirector", "frame": [200, 600, 100, 100], "redirectTo": "target", "subviews": [
          {"id": "target", "frame": [-50, 0, 40, 40]}]},
        {"id": "squashed", "frame": [300, 600, 100, 100], "transform": [0, 0, 0, 0, 0, 0], "subviews": [
          {"id": "squashedChild", "frame": [0, 0, 50, 50]}]},
        {"id": "bottomView", "frame": [0, 720, 50, 50]}
      ]},
      {"id": "alert", "level": 10, "frame": [0, 700, 400, 100]}
    ]}
    """

@Suite("explain")
struct ExplainTests {
    let explainer: Explainer

    init() throws {
        explainer = Explainer(scene: try Scene.load(json: situations))
    }

    func verdict(_ x: Double, _ y: Double, _ id: String) throws -> ExpectVerdict {
        try #require(explainer.explain(Point(x: x, y: y), expect: id)?.verdict)
    }

    @Test("a view sticking out of its superview: the sentence names both and the distance")
    func sticksOut() throws {
        let v = try verdict(205, 40, "buyButton")
        #expect(!v.gotTouch)
        #expect(v.decidedBy == "card")
        #expect(v.decision.code == "outside")
        #expect(
            v.message.hasPrefix(
                "`buyButton` sticks out of its superview `card` by 5 pt at this point"))
        #expect(v.message.contains("override `point(inside:with:)` in `card`"))
    }

    @Test("hidden ancestor")
    func hidden() throws {
        let v = try verdict(20, 220, "inner")
        #expect(v.decision == .hidden)
        #expect(v.decidedBy == "hiddenBox")
        #expect(v.message.contains("`hiddenBox`, which contains `inner`, has `isHidden = true`"))
    }

    @Test("alpha 0.01 is stored as 0.0099999998, below 0.01")
    func alpha() throws {
        let v = try verdict(120, 220, "faint")
        #expect(v.decision == .alphaTooLow(stored: Float(0.01)))
        #expect(
            v.message.contains(
                "has `alpha` 0.01 (0.0099999998 as stored), a 32-bit float below 0.01"))
        let step = try #require(
            explainer.explain(Point(x: 120, y: 220))?.steps.first { $0.view == "faint" })
        #expect(
            step.decision.summary
                == "alpha 0.01 (0.0099999998 as stored) < 0.01: skipped with its subviews")
    }

    @Test("a stored alpha prints as the shortest decimal that reads back as the same float")
    func alphaText() {
        #expect(Explainer.stored(Float(0.005)) == "0.005")
        #expect(Explainer.stored(Float(0.0099)) == "0.0099")
        #expect(Explainer.stored(0) == "0")
        #expect(Explainer.stored(Float(0.01)) == "0.01 (0.0099999998 as stored)")
        for alpha: Float in [0.005, 0.0099, 0.001, 1e-6, 0.0075] {
            let text = Explainer.stored(alpha)
            #expect(Float(text) == alpha, "\(text)")
        }
    }

    @Test("interaction disabled by the UILabel default")
    func interaction() throws {
        let v = try verdict(210, 210, "labelChild")
        #expect(v.decision == .interactionDisabled(className: "UILabel", classDefault: true))
        #expect(v.decidedBy == "label")
        #expect(v.message.contains("`isUserInteractionEnabled = false` (the default for UILabel)"))
    }

    @Test("a later sibling on top took it")
    func covered() throws {
        let v = try verdict(10, 410, "under")
        #expect(v.decision == .coveredBy(sibling: "over", took: "over"))
        #expect(v.message.contains("`over`, added after `under`"))
        #expect(v.message.contains("call `main.bringSubviewToFront(under)`"))
        #expect(v.message.contains("set `isUserInteractionEnabled = false` on `over`"))
    }

    @Test("passthrough never takes a touch itself")
    func passthrough() throws {
        let x = try #require(explainer.explain(Point(x: 210, y: 410), expect: "overlay"))
        #expect(x.hit?.view == "main")
        #expect(x.verdict?.decision == .passthrough)
        #expect(x.steps.first { $0.view == "overlay" }?.decision == .passthrough)
    }

    @Test("boxOnly never asks its subviews")
    func boxOnly() throws {
        let v = try verdict(10, 610, "boxed")
        #expect(v.decision == .insideBoxOnly(ancestor: "box"))
        #expect(v.message.contains("`box` overrides `hitTest(_:with:)` to return itself"))
    }

    @Test("a redirect takes the point first")
    func redirect() throws {
        let v = try verdict(170, 620, "behind")
        #expect(v.decision == .redirected(to: "target"))
        #expect(v.decidedBy == "redirector")
        let x = try #require(explainer.explain(Point(x: 170, y: 620)))
        #expect(x.hit?.view == "target")
        #expect(x.steps.first { $0.view == "redirector" }?.decision == .redirected(to: "target"))
    }

    @Test("a singular transform contains no point")
    func singular() throws {
        let v = try verdict(310, 610, "squashedChild")
        #expect(v.decision == .singularTransform(view: "squashed"))
        #expect(v.message.contains("`squashed` has a `transform` with no inverse"))
    }

    @Test("a window above took it")
    func windowAbove() throws {
        let v = try verdict(10, 730, "bottomView")
        #expect(v.decision == .windowAbove(window: "alert", took: "alert"))
        #expect(
            v.message.hasPrefix(
                "Window `alert` (windowLevel 10) is above `bottomView`'s window `main` (windowLevel 0)"
            ))
    }

    @Test("the point outside the view itself, with its local point and hit rect")
    func outsideItself() throws {
        let v = try verdict(50, 450, "overlay")
        #expect(v.decision.code == "outside")
        #expect(
            v.message.hasPrefix(
                "The point is 150 pt outside `overlay` (local point (-150, 50), hit rect (0, 0, 100, 100))."
            ))
    }

    @Test("the expected view got it; an unknown id gives nil")
    func gotIt() throws {
        let v = try verdict(10, 410, "over")
        #expect(v.gotTouch)
        #expect(explainer.explain(Point(x: 1, y: 1), expect: "nobody") == nil)
    }

    @Test("the steps follow the reference trace: every view asked, in order, with its decision")
    func steps() throws {
        let x = try #require(explainer.explain(Point(x: 205, y: 40)))
        #expect(x.hit?.view == "main")
        // Windows by level: alert first (outside), then main, whose subviews are asked top down.
        #expect(x.steps.map(\.view).prefix(3) == ["alert", "main", "bottomView"])
        #expect(x.steps.first?.decision.code == "outside")
        #expect(x.steps.last?.view == "card")
        #expect(x.steps.last?.decision.code == "outside")
        #expect(x.steps.first { $0.view == "main" }?.decision == .hit)
        #expect(x.steps.first { $0.view == "hiddenBox" }?.decision == .hidden)
        #expect(x.steps.allSatisfy { $0.view != "buyButton" })
    }
}
