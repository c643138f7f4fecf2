import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

// The declarative overrides (`rule-override-passthrough`, `rule-override-box-only`,
// `rule-override-hit-shape`, `rule-override-hit-insets`): hitTestRule (passthrough, boxOnly), hitShape, hitInsets.

@Suite("hitTestRule")
struct HitTestRuleTests {
    /// main > button (50, 50, 100, 100),
    ///   overlay (0, 0, 400, 400, passthrough) > badge (300, 300, 50, 50).
    static func makeOverlay() -> (Screen, overlay: View) {
        let (screen, main) = makeScreen()
        let overlay = makeView("overlay", 0, 0, 400, 400)
        overlay.hitRules.hitTestRule = .passthrough
        add(makeView("badge", 300, 300, 50, 50), to: overlay)
        add(makeView("button", 50, 50, 100, 100), overlay, to: main)
        return (screen, overlay)
    }

    @Test("passthrough: a point on the button goes through the overlay")
    func passthroughToBelow() {
        let (screen, _) = Self.makeOverlay()
        let q = query(screen, 60, 60)
        #expect(q.hit == "button")
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("overlay"), inside("overlay", true)]
            + missed("badge") + [ret("overlay", nil)]
            + hitSelf("button") + [ret("main", "button")]
        #expect(q.trace == expected)
    }

    @Test("passthrough: the overlay's subviews still hit")
    func passthroughSubviews() {
        let (screen, _) = Self.makeOverlay()
        #expect(hitID(screen, 310, 310) == "badge")
    }

    @Test("passthrough: where nothing is below, the window is hit")
    func passthroughNothingBelow() {
        let (screen, overlay) = Self.makeOverlay()
        #expect(hitID(screen, 250, 250) == "main")
        overlay.hitRules.hitTestRule = .default
        #expect(hitID(screen, 250, 250) == "overlay")
        #expect(hitID(screen, 60, 60) == "overlay")
    }

    @Test("boxOnly: the view is the result and its subviews are never asked")
    func boxOnly() {
        let (screen, main) = makeScreen()
        let box = makeView("box", 100, 100, 100, 100)
        box.hitRules.hitTestRule = .boxOnly
        add(makeView("inner", 0, 0, 100, 100), to: box)
        add(box, to: main)
        let q = query(screen, 150, 150)
        #expect(q.hit == "box")
        #expect(
            q.trace == [enter("main"), inside("main", true)] + hitSelf("box") + [ret("main", "box")]
        )
        box.hitRules.hitTestRule = .default
        #expect(hitID(screen, 150, 150) == "inner")
    }

    @Test("boxOnly still needs its own pointInside")
    func boxOnlyOutside() {
        let (screen, main) = makeScreen()
        let box = makeView("box", 100, 100, 100, 100)
        box.hitRules.hitTestRule = .boxOnly
        add(makeView("inner", 90, 90, 50, 50), to: box)
        add(box, to: main)
        #expect(hitID(screen, 220, 220) == "main")
        #expect(hitID(screen, 195, 195) == "box")
    }
}

@Suite("hitShape and hitInsets")
struct HitShapeTests {
    /// main > back (0, 0, 400, 400) > round (100, 100, 100, 50, ellipse).
    static func makeRound() -> (Screen, round: View) {
        let (screen, main) = makeScreen()
        let round = makeView("round", 100, 100, 100, 50)
        round.hitRules.hitShape = .ellipse
        add(round, to: add(makeView("back", 0, 0, 400, 400), to: main))
        return (screen, round)
    }

    @Test("ellipse: the center hits, the corners of the bounds miss")
    func ellipse() {
        let (screen, _) = Self.makeRound()
        #expect(hitID(screen, 150, 125) == "round")
        #expect(hitID(screen, 100, 100) == "back")
        #expect(hitID(screen, 199, 149) == "back")
        #expect(hitID(screen, 105, 103) == "back")
        #expect(hitID(screen, 101, 125) == "round")
        #expect(hitID(screen, 100, 125) == "back")  // on the ellipse
        #expect(hitID(screen, 150, 100) == "back")  // on the ellipse
    }

    @Test("ellipse inside enlarged insets: the ellipse is inscribed in the hit rect")
    func ellipseWithInsets() {
        let (screen, round) = Self.makeRound()
        // Hit rect (-50, -25, 200, 100): ellipse centred at local (50, 25), rx 100, ry 50.
        round.hitRules.hitInsets = EdgeInsets(top: -25, left: -50, bottom: -25, right: -50)
        #expect(hitID(screen, 100, 100) == "round")
        #expect(hitID(screen, 60, 125) == "round")
        #expect(hitID(screen, 50, 125) == "back")
    }

    @Test("positive insets shrink the hit rect; the view can then be hit only in the middle")
    func shrinkingInsets() {
        let (screen, main) = makeScreen()
        let v = makeView("v", 100, 100, 100, 100)
        v.hitRules.hitInsets = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        add(v, to: main)
        // Hit rect: local [20, 60) x [10, 70).
        #expect(hitID(screen, 120, 110) == "v")
        #expect(hitID(screen, 119, 110) == "main")
        #expect(hitID(screen, 159, 169) == "v")
        #expect(hitID(screen, 160, 150) == "main")
        #expect(hitID(screen, 150, 170) == "main")
    }

    @Test("insets wider than the view leave nothing hittable, not even the subviews")
    func emptyHitRect() {
        let (screen, main) = makeScreen()
        let v = makeView("v", 100, 100, 100, 100)
        v.hitRules.hitInsets = EdgeInsets(top: 0, left: 60, bottom: 0, right: 60)
        add(makeView("k", 0, 0, 100, 100), to: v)
        add(v, to: main)
        #expect(hitID(screen, 150, 150) == "main")
    }

    @Test("the rules read from a scene behave the same")
    func fromScene() {
        var round = SceneView(
            id: "round", placement: .frame(Rect(x: 100, y: 100, width: 100, height: 50)))
        round.hitRules.hitShape = .ellipse
        var main = SceneView.window(
            id: "main", placement: .frame(Rect(x: 0, y: 0, width: 400, height: 400)))
        main.subviews = [round]
        let screen = Screen(scene: Scene(windows: [main]))
        #expect(hitID(screen, 150, 125) == "round")
        #expect(hitID(screen, 100, 100) == "main")
    }
}
