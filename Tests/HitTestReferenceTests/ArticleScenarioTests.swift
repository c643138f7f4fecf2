import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

// The scenarios of the articles that log UIKit's hit-testing calls, each with its exact trace.

@Suite("Article: ViewOne > ViewTwo > ViewThree")
struct NestedViewsArticleTests {
    /// main (0, 0, 390, 844) > RootView (the view controller's root, full screen)
    ///   > ViewOne (20, 100, 300, 300) > ViewTwo (20, 20, 200, 200) > ViewThree (50, 50, 100, 100).
    /// On screen: ViewTwo covers [40, 240) x [120, 320), ViewThree [90, 190) x [170, 270).
    static func makeTree() -> Screen {
        let screen = Screen()
        let main = makeWindow("main", 0, 0, 390, 844)
        screen.addWindow(main)
        let root = makeView("RootView", 0, 0, 390, 844)
        root.viewController = ViewController(name: "HitTestViewController")
        let one = makeView("ViewOne", 20, 100, 300, 300, className: "ViewOne")
        let two = makeView("ViewTwo", 20, 20, 200, 200, className: "ViewTwo")
        let three = makeView("ViewThree", 50, 50, 100, 100, className: "ViewThree")
        add(three, to: two)
        add(two, to: one)
        add(one, to: root)
        add(root, to: main)
        return screen
    }

    /// The same tree as a scene value.
    static func makeScene() -> Scene {
        func view(_ id: String, _ r: Rect, _ subviews: [SceneView] = []) -> SceneView {
            var v = SceneView(id: id, className: id, placement: .frame(r))
            v.subviews = subviews
            return v
        }
        let three = view("ViewThree", Rect(x: 50, y: 50, width: 100, height: 100))
        let two = view("ViewTwo", Rect(x: 20, y: 20, width: 200, height: 200), [three])
        let one = view("ViewOne", Rect(x: 20, y: 100, width: 300, height: 300), [two])
        var root = SceneView(
            id: "RootView", placement: .frame(Rect(x: 0, y: 0, width: 390, height: 844)))
        root.viewController = "HitTestViewController"
        root.subviews = [one]
        var main = SceneView.window(
            id: "main", placement: .frame(Rect(x: 0, y: 0, width: 390, height: 844)))
        main.subviews = [root]
        return Scene(windows: [main])
    }

    static let expectedTrace: [TraceEntry] =
        [enter("main"), inside("main", true)]
        + [enter("RootView"), inside("RootView", true)]
        + [enter("ViewOne"), inside("ViewOne", true)]
        + [enter("ViewTwo"), inside("ViewTwo", true)]
        + missed("ViewThree")
        + [
            ret("ViewTwo", "ViewTwo"), ret("ViewOne", "ViewTwo"), ret("RootView", "ViewTwo"),
            ret("main", "ViewTwo"),
        ]

    static let expectedChain = [
        "ViewTwo", "ViewOne", "RootView", "HitTestViewController", "main", "UIApplication",
        "AppDelegate",
    ]

    @Test("a tap in ViewTwo outside ViewThree: trace, hit, local point, responder chain")
    func tapInViewTwo() throws {
        let screen = Self.makeTree()
        let q = query(screen, 50, 130)
        #expect(q.trace == Self.expectedTrace)
        #expect(q.hit == "ViewTwo")
        #expect(q.window == "main")
        #expect(q.local == Point(10, 10))
        let two = try #require(screen.view(withID: "ViewTwo"))
        withExtendedLifetime(screen) {
            #expect(chainNames(two) == Self.expectedChain)
        }
        #expect(two.className == "ViewTwo")
    }

    @Test("the same tree loaded from a scene gives the same answer")
    func fromScene() throws {
        let screen = Screen(scene: Self.makeScene())
        let q = query(screen, 50, 130)
        #expect(q.trace == Self.expectedTrace)
        #expect(q.hit == "ViewTwo")
        #expect(q.local == Point(10, 10))
        let two = try #require(screen.view(withID: "ViewTwo"))
        withExtendedLifetime(screen) {
            #expect(chainNames(two) == Self.expectedChain)
        }
    }

    @Test("a tap in ViewThree hits it, with ViewThree's local point")
    func tapInViewThree() {
        let q = query(Self.makeTree(), 90, 269)
        #expect(q.hit == "ViewThree")
        #expect(q.local == Point(0, 99))
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("RootView"), inside("RootView", true)]
            + [enter("ViewOne"), inside("ViewOne", true)]
            + [enter("ViewTwo"), inside("ViewTwo", true)]
            + hitSelf("ViewThree")
            + [ret("ViewTwo", "ViewThree"), ret("ViewOne", "ViewThree")]
            + [ret("RootView", "ViewThree"), ret("main", "ViewThree")]
        #expect(q.trace == expected)
    }

    @Test("a tap just past ViewThree's max edge is ViewTwo again")
    func tapOnViewThreeMaxEdge() {
        let q = query(Self.makeTree(), 190, 200)
        #expect(q.hit == "ViewTwo")
        #expect(q.local == Point(150, 80))
    }
}

@Suite("Article: later-added siblings are tested first")
struct SiblingOrderArticleTests {
    /// main > A (0, 0, 300, 300) { B (10, 10, 100, 100),
    ///   C (50, 50, 200, 200) { F (0, 0, 50, 50), E (100, 100, 50, 50) } }
    static func makeTree() -> Screen {
        let (screen, main) = makeScreen()
        let a = makeView("A", 0, 0, 300, 300)
        let c = add(
            makeView("F", 0, 0, 50, 50), makeView("E", 100, 100, 50, 50),
            to: makeView("C", 50, 50, 200, 200))
        add(makeView("B", 10, 10, 100, 100), c, to: a)
        add(a, to: main)
        return screen
    }

    @Test("a point inside both B and C hits inside C; E is asked before F")
    func overlapHitsC() {
        let q = query(Self.makeTree(), 80, 80)
        #expect(q.hit == "F")
        #expect(q.local == Point(30, 30))
        let expected: [TraceEntry] =
            [
                enter("main"), inside("main", true), enter("A"), inside("A", true), enter("C"),
                inside("C", true),
            ]
            + missed("E") + hitSelf("F")
            + [ret("C", "F"), ret("A", "F"), ret("main", "F")]
        #expect(q.trace == expected)
    }

    @Test("a point in B and C but in neither E nor F hits C, and B is never asked")
    func overlapHitsCItself() {
        // C local (50, 50): F is [0, 50), E starts at 100.
        let q = query(Self.makeTree(), 100, 100)
        #expect(q.hit == "C")
        let expected: [TraceEntry] =
            [
                enter("main"), inside("main", true), enter("A"), inside("A", true), enter("C"),
                inside("C", true),
            ]
            + missed("E") + missed("F")
            + [ret("C", "C"), ret("A", "C"), ret("main", "C")]
        #expect(q.trace == expected)
    }

    @Test("a point in B only: C is visited before B")
    func onlyB() {
        let q = query(Self.makeTree(), 20, 20)
        #expect(q.hit == "B")
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("A"), inside("A", true)]
            + missed("C") + hitSelf("B")
            + [ret("A", "B"), ret("main", "B")]
        #expect(q.trace == expected)
    }
}

@Suite("Article: a subview sticking out of its superview")
struct OverhangArticleTests {
    /// main > A (0, 0, 200, 400), B (200, 0, 200, 400) > C (-50, 100, 100, 100).
    /// C covers screen [150, 250) x [100, 200): its left half lies over A.
    static func makeTree() -> (Screen, a: View, b: View, c: View) {
        let (screen, main) = makeScreen()
        let a = makeView("A", 0, 0, 200, 400)
        let b = makeView("B", 200, 0, 200, 400)
        let c = makeView("C", -50, 100, 100, 100)
        add(c, to: b)
        add(a, b, to: main)
        return (screen, a, b, c)
    }

    @Test("a touch on C's part outside B hits A; B says no and C is never asked")
    func plain() {
        let (screen, _, _, _) = Self.makeTree()
        let q = query(screen, 175, 150)
        #expect(q.hit == "A")
        #expect(q.local == Point(175, 150))
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true)] + missed("B") + hitSelf("A") + [ret("main", "A")]
        #expect(q.trace == expected)
    }

    @Test("the part of C inside B hits C")
    func insideB() {
        let (screen, _, _, _) = Self.makeTree()
        #expect(hitID(screen, 225, 150) == "C")
    }

    @Test("with B's pointInside = boundsOrSubviews, C is hit; C's answer is traced before B's")
    func boundsOrSubviews() {
        let (screen, _, b, _) = Self.makeTree()
        b.hitRules.pointInside = .boundsOrSubviews
        let q = query(screen, 175, 150)
        #expect(q.hit == "C")
        #expect(q.local == Point(25, 50))
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("B"), inside("C", true), inside("B", true)]
            + hitSelf("C") + [ret("B", "C"), ret("main", "C")]
        #expect(q.trace == expected)
    }

    @Test("with boundsOrSubviews, a point outside both B and C still misses B")
    func boundsOrSubviewsMiss() {
        let (screen, _, b, _) = Self.makeTree()
        b.hitRules.pointInside = .boundsOrSubviews
        let q = query(screen, 175, 250)
        #expect(q.hit == "A")
        let expected: [TraceEntry] =
            [
                enter("main"), inside("main", true), enter("B"), inside("C", false),
                inside("B", false), ret("B", nil),
            ]
            + hitSelf("A") + [ret("main", "A")]
        #expect(q.trace == expected)
    }

    @Test("boundsOrSubviews asks the subviews from last to first and stops at the first yes")
    func boundsOrSubviewsOrder() {
        let (screen, _, b, _) = Self.makeTree()
        b.hitRules.pointInside = .boundsOrSubviews
        // D, added after C, also sticks out over A: screen [150, 250) x [300, 350).
        add(makeView("D", -50, 300, 100, 50), to: b)
        let miss = query(screen, 100, 20)
        #expect(miss.hit == "A")
        let expected: [TraceEntry] =
            [
                enter("main"), inside("main", true), enter("B"), inside("D", false),
                inside("C", false),
            ]
            + [inside("B", false), ret("B", nil)] + hitSelf("A") + [ret("main", "A")]
        #expect(miss.trace == expected)
        let onD = query(screen, 160, 310)
        #expect(onD.hit == "D")
        #expect(
            Array(onD.trace.prefix(5)) == [
                enter("main"), inside("main", true), enter("B"), inside("D", true),
                inside("B", true),
            ])
    }

    @Test("boundsOrSubviews asks a hidden subview too; the hit then falls back to B")
    func boundsOrSubviewsHiddenChild() {
        let (screen, _, b, c) = Self.makeTree()
        b.hitRules.pointInside = .boundsOrSubviews
        c.isHidden = true
        let q = query(screen, 175, 150)
        #expect(q.hit == "B")
        #expect(q.local == Point(-25, 150))
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("B"), inside("C", true), inside("B", true)]
            + [enter("C"), ret("C", nil), ret("B", "B"), ret("main", "B")]
        #expect(q.trace == expected)
    }

    @Test("the article's pointInside override on B: convert to C and ask C")
    func pointInsideHandler() {
        let (screen, _, b, c) = Self.makeTree()
        b.pointInsideHandler = { [unowned c] b, p, event in
            let q = b.convert(p, to: c)
            if c.point(inside: q, with: event) { return true }
            return b.defaultPointInside(p, with: event)
        }
        let q = query(screen, 175, 150)
        #expect(q.hit == "C")
        #expect(q.local == Point(25, 50))
        // B's answer is recorded once; the handler's direct call on C is not a traced call.
        #expect(q.trace.filter { $0 == inside("B", true) }.count == 1)
        #expect(q.trace.contains(enter("C")))
        #expect(hitID(screen, 175, 250) == "A")
        #expect(hitID(screen, 300, 250) == "B")
    }
}

@Suite("Article: a button enlarged by 10 on each side")
struct EnlargedButtonArticleTests {
    /// The article's subclass form: `pointInside` returns
    /// `CGRectContainsPoint(CGRectInset(self.bounds, -10, -10), point)`.
    final class BigButton: View {
        override func point(inside point: Point, with event: HitTestEvent?) -> Bool {
            bounds.inset(by: EdgeInsets(all: -10)).contains(point)
        }
    }

    /// main > button (100, 100, 44, 44): the enlarged hit rect is screen [90, 154) x [90, 154).
    static func makeScreens() -> [Screen] {
        let (s1, w1) = makeScreen()
        let b1 = makeView("button", 100, 100, 44, 44)
        b1.hitRules.hitInsets = EdgeInsets(all: -10)
        add(b1, to: w1)
        let (s2, w2) = makeScreen()
        add(BigButton(id: "button", frame: Rect(x: 100, y: 100, width: 44, height: 44)), to: w2)
        return [s1, s2]
    }

    @Test("5 pt outside each side hits the button", arguments: [0, 1])
    func fiveOutside(_ which: Int) {
        let screen = Self.makeScreens()[which]
        #expect(hitID(screen, 95, 120) == "button")
        #expect(hitID(screen, 149, 120) == "button")
        #expect(hitID(screen, 120, 95) == "button")
        #expect(hitID(screen, 120, 149) == "button")
        #expect(screen.hitTest(Point(95, 95))?.localPoint == Point(-5, -5))
    }

    @Test("10 pt outside, on the enlarged max edge, misses", arguments: [0, 1])
    func onMaxEdge(_ which: Int) {
        let screen = Self.makeScreens()[which]
        #expect(hitID(screen, 154, 120) == "main")
        #expect(hitID(screen, 120, 154) == "main")
        #expect(hitID(screen, 154, 154) == "main")
    }

    @Test("exactly on the enlarged min edge hits", arguments: [0, 1])
    func onMinEdge(_ which: Int) {
        let screen = Self.makeScreens()[which]
        #expect(hitID(screen, 90, 90) == "button")
        #expect(hitID(screen, 90, 153) == "button")
        #expect(hitID(screen, 89, 120) == "main")
        #expect(screen.hitTest(Point(90, 90))?.localPoint == Point(-10, -10))
    }

    @Test("the trace of the enlarged hit", arguments: [0, 1])
    func trace(_ which: Int) {
        let q = query(Self.makeScreens()[which], 95, 120)
        #expect(
            q.trace == [enter("main"), inside("main", true)] + hitSelf("button") + [
                ret("main", "button")
            ])
    }
}

@Suite("Article: a parent that answers only for its subviews")
struct SubviewsOnlyParentTests {
    /// main > P (100, 100, 200, 200, pointInside = subviews)
    ///   { S1 (10, 10, 50, 50), S2 (150, 150, 100, 100) }.
    /// S2 sticks out of P: it covers P-local [150, 250).
    static func makeTree() -> Screen {
        let (screen, main) = makeScreen()
        let p = makeView("P", 100, 100, 200, 200)
        p.hitRules.pointInside = .subviews
        add(makeView("S1", 10, 10, 50, 50), makeView("S2", 150, 150, 100, 100), to: p)
        add(p, to: main)
        return screen
    }

    @Test("a point in the parent but outside every subview frame misses the parent")
    func gap() {
        let q = query(Self.makeTree(), 200, 200)
        #expect(q.hit == "main")
        #expect(
            q.trace == [enter("main"), inside("main", true)] + missed("P") + [ret("main", "main")])
    }

    @Test(
        "a point on a subview's part outside the parent hits it; P's pointInside asks no subview"
    )
    func protrudingSubview() {
        let q = query(Self.makeTree(), 320, 320)
        #expect(q.hit == "S2")
        #expect(q.local == Point(70, 70))
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("P"), inside("P", true)]
            + hitSelf("S2") + [ret("P", "S2"), ret("main", "S2")]
        #expect(q.trace == expected)
    }

    @Test("a point in the first subview: S2 is asked first and misses")
    func firstSubview() {
        let q = query(Self.makeTree(), 120, 120)
        #expect(q.hit == "S1")
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("P"), inside("P", true)]
            + missed("S2") + hitSelf("S1") + [ret("P", "S1"), ret("main", "S1")]
        #expect(q.trace == expected)
    }

    @Test(
        "a hidden subview's frame still counts (no eligibility check); the parent is then the hit")
    func hiddenSubviewFrameCounts() throws {
        let screen = Self.makeTree()
        let s1 = try #require(screen.view(withID: "S1"))
        s1.isHidden = true
        let q = query(screen, 120, 120)
        #expect(q.hit == "P")
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("P"), inside("P", true)]
            + missed("S2") + [enter("S1"), ret("S1", nil), ret("P", "P"), ret("main", "P")]
        #expect(q.trace == expected)
    }

    @Test("subview frames are half-open too")
    func frameEdges() {
        let screen = Self.makeTree()
        #expect(hitID(screen, 110, 110) == "S1")
        #expect(hitID(screen, 160, 130) == "main")
        #expect(hitID(screen, 349, 349) == "S2")
        #expect(hitID(screen, 350, 300) == "main")
    }
}

@Suite("Article: the hitTest redirect")
struct RedirectArticleTests {
    /// main > P (100, 100, 100, 100) > K (80, 80, 60, 60): K covers screen [180, 240).
    static func makeTree() -> (Screen, p: View, k: View) {
        let (screen, main) = makeScreen()
        let p = makeView("P", 100, 100, 100, 100)
        let k = makeView("K", 80, 80, 60, 60)
        add(k, to: p)
        add(p, to: main)
        p.redirectTarget = k
        return (screen, p, k)
    }

    @Test("the protruding part of the child hits it through the redirect")
    func protruding() {
        let (screen, _, _) = Self.makeTree()
        let q = query(screen, 230, 230)
        #expect(q.hit == "K")
        #expect(q.local == Point(50, 50))
        #expect(
            q.trace == [
                enter("main"), inside("main", true), enter("P"), inside("K", true), ret("P", "K"),
                ret("main", "K"),
            ])
    }

    @Test("without the redirect the protruding part hits the window")
    func withoutRedirect() {
        let (screen, p, _) = Self.makeTree()
        p.redirectTarget = nil
        #expect(hitID(screen, 230, 230) == "main")
    }

    @Test("a point in the parent outside the child goes on as usual after the redirect misses")
    func redirectMisses() {
        let (screen, _, _) = Self.makeTree()
        let q = query(screen, 110, 110)
        #expect(q.hit == "P")
        let expected: [TraceEntry] =
            [
                enter("main"), inside("main", true), enter("P"), inside("K", false),
                inside("P", true),
            ]
            + missed("K") + [ret("P", "P"), ret("main", "P")]
        #expect(q.trace == expected)
    }

    @Test("the redirect runs before eligibility: a hidden parent still returns its target")
    func hiddenParent() {
        let (screen, p, _) = Self.makeTree()
        p.isHidden = true
        let q = query(screen, 230, 230)
        #expect(q.hit == "K")
        #expect(
            q.trace == [
                enter("main"), inside("main", true), enter("P"), inside("K", true), ret("P", "K"),
                ret("main", "K"),
            ])
        // Outside the target the hidden parent is skipped.
        let miss = query(screen, 110, 110)
        #expect(miss.hit == "main")
        #expect(
            miss.trace == [
                enter("main"), inside("main", true), enter("P"), inside("K", false), ret("P", nil),
                ret("main", "main"),
            ])
    }

    @Test("the redirect does not look at its target's eligibility")
    func hiddenTarget() {
        let (screen, _, k) = Self.makeTree()
        k.isHidden = true
        #expect(hitID(screen, 230, 230) == "K")
    }

    /// The article's override: convert to the child, ask its pointInside, else super.
    final class RedirectingView: View {
        weak var target: View?
        override func hitTest(_ point: Point, with event: HitTestEvent?) -> View? {
            if let target {
                let q = convert(point, to: target)
                if target.point(inside: q, with: event) { return target }
            }
            return super.hitTest(point, with: event)
        }
    }

    @Test("a subclass overriding hitTest as the article does")
    func subclassOverride() {
        let (screen, main) = makeScreen()
        let p = RedirectingView(id: "P", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let k = makeView("K", 80, 80, 60, 60)
        add(k, to: p)
        add(p, to: main)
        p.target = k
        let q = query(screen, 230, 230)
        #expect(q.hit == "K")
        #expect(q.local == Point(50, 50))
        // The override is traced once, around the call; its direct pointInside call on K
        // is not a traced call.
        #expect(
            q.trace == [
                enter("main"), inside("main", true), enter("P"), ret("P", "K"), ret("main", "K"),
            ])
        #expect(hitID(screen, 110, 110) == "P")
        #expect(hitID(screen, 250, 250) == "main")
    }
}
