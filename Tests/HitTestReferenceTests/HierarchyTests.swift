import HitTestGeometry
import HitTestReference
import Testing

// The hierarchy API: adding, ordering and removing subviews changes which overlapping
// sibling wins (the last subview is on top); conversions and frames.

@Suite("Subview order")
struct SubviewOrderTests {
    /// main > P (0, 0, 200, 200) { X, Y, Z }, all three at (50, 50, 100, 100).
    static func makeTree() -> (Screen, p: View, x: View, y: View, z: View) {
        let (screen, main) = makeScreen()
        let p = makeView("P", 0, 0, 200, 200)
        let x = makeView("X", 50, 50, 100, 100)
        let y = makeView("Y", 50, 50, 100, 100)
        let z = makeView("Z", 50, 50, 100, 100)
        add(x, y, z, to: p)
        add(p, to: main)
        return (screen, p, x, y, z)
    }

    static func top(_ screen: Screen) -> String? { hitID(screen, 100, 100) }

    @Test("the last added subview wins")
    func lastAddedWins() {
        let (screen, p, _, _, _) = Self.makeTree()
        #expect(p.subviews.map(\.id) == ["X", "Y", "Z"])
        #expect(Self.top(screen) == "Z")
    }

    @Test("addSubview of a subview already there moves it to the top")
    func addAgain() {
        let (screen, p, x, _, _) = Self.makeTree()
        p.addSubview(x)
        #expect(p.subviews.map(\.id) == ["Y", "Z", "X"])
        #expect(Self.top(screen) == "X")
    }

    @Test("addSubview moves a view from its old superview")
    func addMovesFromOldSuperview() {
        let (screen, p, _, _, z) = Self.makeTree()
        let other = makeView("other", 0, 200, 200, 200)
        screen.windows[0].addSubview(other)
        other.addSubview(z)
        #expect(p.subviews.map(\.id) == ["X", "Y"])
        #expect(other.subviews.map(\.id) == ["Z"])
        #expect(z.superview === other)
        #expect(Self.top(screen) == "Y")
        #expect(hitID(screen, 100, 300) == "Z")
    }

    @Test("insertSubview(at:) places the view at that index")
    func insertAtIndex() {
        let (screen, p, x, _, z) = Self.makeTree()
        p.insertSubview(z, at: 0)
        #expect(p.subviews.map(\.id) == ["Z", "X", "Y"])
        #expect(Self.top(screen) == "Y")
        p.insertSubview(x, at: 2)
        #expect(p.subviews.map(\.id) == ["Z", "Y", "X"])
        #expect(Self.top(screen) == "X")
        let w = makeView("W", 50, 50, 100, 100)
        p.insertSubview(w, at: 1)
        #expect(p.subviews.map(\.id) == ["Z", "W", "Y", "X"])
        #expect(w.superview === p)
    }

    @Test("insertSubview(_:aboveSubview:) and (_:belowSubview:)")
    func aboveBelow() {
        let (screen, p, x, y, z) = Self.makeTree()
        p.insertSubview(x, aboveSubview: z)
        #expect(p.subviews.map(\.id) == ["Y", "Z", "X"])
        #expect(Self.top(screen) == "X")
        p.insertSubview(x, belowSubview: y)
        #expect(p.subviews.map(\.id) == ["X", "Y", "Z"])
        #expect(Self.top(screen) == "Z")
        p.insertSubview(z, belowSubview: y)
        #expect(p.subviews.map(\.id) == ["X", "Z", "Y"])
        #expect(Self.top(screen) == "Y")
        p.insertSubview(x, aboveSubview: y)
        #expect(p.subviews.map(\.id) == ["Z", "Y", "X"])
        let fresh = makeView("fresh", 50, 50, 100, 100)
        p.insertSubview(fresh, aboveSubview: x)
        #expect(Self.top(screen) == "fresh")
    }

    @Test("bringSubviewToFront and sendSubviewToBack")
    func frontBack() {
        let (screen, p, x, _, z) = Self.makeTree()
        p.bringSubviewToFront(x)
        #expect(p.subviews.map(\.id) == ["Y", "Z", "X"])
        #expect(Self.top(screen) == "X")
        p.sendSubviewToBack(x)
        #expect(p.subviews.map(\.id) == ["X", "Y", "Z"])
        #expect(Self.top(screen) == "Z")
        p.sendSubviewToBack(z)
        #expect(Self.top(screen) == "Y")
        // A view that is not a subview is left alone.
        let stranger = makeView("stranger", 0, 0, 1, 1)
        p.bringSubviewToFront(stranger)
        #expect(p.subviews.map(\.id) == ["Z", "X", "Y"])
        #expect(stranger.superview == nil)
    }

    @Test("exchangeSubview swaps two siblings")
    func exchange() {
        let (screen, p, _, _, _) = Self.makeTree()
        p.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(p.subviews.map(\.id) == ["Z", "Y", "X"])
        #expect(Self.top(screen) == "X")
        p.exchangeSubview(at: 1, withSubviewAt: 2)
        #expect(Self.top(screen) == "Y")
    }

    @Test("the trace follows the new order")
    func traceOrder() {
        let (screen, p, _, _, _) = Self.makeTree()
        p.exchangeSubview(at: 0, withSubviewAt: 1)
        for v in p.subviews { v.isHidden = true }
        let q = query(screen, 100, 100)
        let expected: [TraceEntry] =
            [enter("main"), inside("main", true), enter("P"), inside("P", true)]
            + [enter("Z"), ret("Z", nil), enter("X"), ret("X", nil), enter("Y"), ret("Y", nil)]
            + [ret("P", "P"), ret("main", "P")]
        #expect(q.trace == expected)
    }

    @Test("removeFromSuperview: the removed view is no longer hit")
    func remove() {
        let (screen, p, x, y, z) = Self.makeTree()
        z.removeFromSuperview()
        #expect(z.superview == nil)
        #expect(p.subviews.map(\.id) == ["X", "Y"])
        #expect(Self.top(screen) == "Y")
        y.removeFromSuperview()
        x.removeFromSuperview()
        z.removeFromSuperview()  // already detached: nothing happens
        #expect(z.superview == nil)
        #expect(z.window == nil)
        #expect(p.window?.id == "main")
        #expect(Self.top(screen) == "P")
    }

    @Test("isAncestor(of:) and window")
    func ancestry() {
        let (screen, p, x, _, _) = Self.makeTree()
        let main = screen.windows[0]
        #expect(p.isAncestor(of: x))
        #expect(main.isAncestor(of: x))
        #expect(x.isAncestor(of: x))
        #expect(!x.isAncestor(of: p))
        #expect(x.window === main)
        #expect(main.window === main)
        #expect(x.ancestorsAndSelf.map(\.id) == ["X", "P", "main"])
    }
}

@Suite("Conversions and frames")
struct ConversionTests {
    /// main (0, 0, 400, 400) > outer (100, 100, 200, 200)
    ///   > inner (center (50, 50), 40 x 40, scale 2)
    /// and, in a second window w2 at (400, 0, 200, 200), leaf (10, 20, 30, 40).
    final class Tree {
        let screen: Screen
        let main: Window
        let outer = makeView("outer", 100, 100, 200, 200)
        let inner = View(id: "inner", center: Point(50, 50), size: Size(40, 40))
        let leaf = makeView("leaf", 10, 20, 30, 40)

        init() {
            (screen, main) = makeScreen()
            inner.transform = AffineTransform(scaleX: 2, y: 2)
            add(inner, to: outer)
            add(outer, to: main)
            let w2 = makeWindow("w2", 400, 0, 200, 200)
            add(leaf, to: w2)
            screen.addWindow(w2)
        }
    }

    @Test("convert(_:to:) up and down one window, through a scale")
    func sameWindow() {
        let t = Tree()
        // inner local (30, 10) -> outer (50 + 2 * 10, 50 + 2 * -10) = (70, 30) -> main (170, 130).
        #expect(t.inner.convert(Point(30, 10), to: t.outer) == Point(70, 30))
        #expect(t.inner.convert(Point(30, 10), to: t.main) == Point(170, 130))
        #expect(t.outer.convert(Point(70, 30), to: t.inner) == Point(30, 10))
        #expect(t.main.convert(Point(170, 130), to: t.inner) == Point(30, 10))
        #expect(t.inner.convert(Point(30, 10), from: t.main) == Point(-40, -50))
        #expect(t.inner.convert(Point(170, 130), from: t.main) == Point(30, 10))
        #expect(t.outer.convert(Point(5, 5), to: t.outer) == Point(5, 5))
    }

    @Test("convert between siblings goes through their common ancestor")
    func siblings() {
        let t = Tree()
        let sibling = makeView("sibling", 0, 100, 50, 50)
        t.outer.addSubview(sibling)
        // sibling (10, 10) -> outer (10, 110) -> inner ((10 - 50) / 2 + 20, (110 - 50) / 2 + 20).
        #expect(sibling.convert(Point(10, 10), to: t.inner) == Point(0, 50))
        #expect(sibling.convert(Point(0, 50), from: t.inner) == Point(10, 10))
    }

    @Test("convert to and from the screen (nil)")
    func screen() {
        let t = Tree()
        #expect(t.inner.convert(Point(30, 10), to: nil) == Point(170, 130))
        #expect(t.inner.convert(Point(170, 130), from: nil) == Point(30, 10))
        #expect(t.leaf.convert(Point(0, 0), to: nil) == Point(410, 20))
        #expect(t.leaf.convert(Point(415, 25), from: nil) == Point(5, 5))
    }

    @Test("convert across windows goes through the screen")
    func acrossWindows() {
        let t = Tree()
        // leaf (5, 5) -> screen (415, 25) -> main (415, 25) -> outer (315, -75)
        //   -> inner ((315 - 50) / 2 + 20, (-75 - 50) / 2 + 20) = (152.5, -42.5)
        #expect(t.leaf.convert(Point(5, 5), to: t.inner) == Point(152.5, -42.5))
        #expect(t.inner.convert(Point(152.5, -42.5), to: t.leaf) == Point(5, 5))
        #expect(t.inner.convert(Point(5, 5), from: t.leaf) == Point(152.5, -42.5))
    }

    @Test("convert a rect: the box of its converted corners")
    func rects() {
        let t = Tree()
        #expect(
            t.inner.convert(Rect(x: 0, y: 0, width: 40, height: 40), to: t.outer)
                == Rect(x: 10, y: 10, width: 80, height: 80))
        #expect(
            t.inner.convert(Rect(x: 10, y: 10, width: 80, height: 80), from: t.outer)
                == Rect(x: 0, y: 0, width: 40, height: 40))
    }

    @Test("the hit's local point is the screen point converted into the hit view")
    func localPoint() {
        let t = Tree()
        let r = t.screen.hitTest(Point(170, 130))
        #expect(r?.view.id == "inner")
        #expect(r?.localPoint == Point(30, 10))
        #expect(t.screen.hitTest(Point(415, 25))?.localPoint == Point(5, 5))
        #expect(t.screen.hitTest(Point(415, 25))?.window.id == "w2")
    }

    @Test("the frame getter: the box of the transformed bounds")
    func frameGetter() {
        let t = Tree()
        #expect(t.outer.frame == Rect(x: 100, y: 100, width: 200, height: 200))
        #expect(t.inner.frame == Rect(x: 10, y: 10, width: 80, height: 80))
        t.inner.bounds.origin = Point(500, 500)
        #expect(t.inner.frame == Rect(x: 10, y: 10, width: 80, height: 80))
        t.inner.transform = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 5, ty: 0)
        t.inner.bounds.size = Size(40, 20)
        #expect(t.inner.frame == Rect(x: 45, y: 30, width: 20, height: 40))
    }

    @Test("the frame setter places the layout rect: center and bounds size, not the bounds origin")
    func frameSetter() {
        let v = makeView("v", 0, 0, 10, 10)
        v.bounds.origin = Point(3, 4)
        v.frame = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(v.center == Point(60, 45))
        #expect(v.bounds == Rect(x: 3, y: 4, width: 100, height: 50))
        #expect(v.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        v.anchorPoint = Point(0, 0)
        v.frame = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(v.center == Point(10, 20))
        #expect(v.frame == Rect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test("setting a frame on a transformed view does not give the same frame back")
    func frameSetterWithTransform() {
        let v = makeView("v", 0, 0, 10, 10)
        v.transform = AffineTransform(scaleX: 2, y: 2)
        v.frame = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(v.center == Point(60, 45))
        #expect(v.bounds.size == Size(100, 50))
        #expect(v.frame == Rect(x: -40, y: -5, width: 200, height: 100))
    }

    @Test("a view moved with its frame is hit at its new place")
    func frameMovesHits() {
        let (screen, main) = makeScreen()
        let v = makeView("v", 0, 0, 50, 50)
        add(v, to: main)
        #expect(hitID(screen, 10, 10) == "v")
        v.frame = Rect(x: 200, y: 200, width: 10, height: 10)
        #expect(hitID(screen, 10, 10) == "main")
        #expect(hitID(screen, 205, 209) == "v")
        #expect(hitID(screen, 210, 205) == "main")
    }
}
