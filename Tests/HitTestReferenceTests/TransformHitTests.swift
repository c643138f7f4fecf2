import HitTestGeometry
import HitTestReference
import Testing

// `rule-geometry-view` and `rule-geometry-to-child` in a tree: transforms, anchor points, scroll offsets, singular
// transforms and NaN points. All values are exact.

private let quarterTurn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)

@Suite("Transforms in the tree")
struct TransformHitTests {
    @Test("a view rotated 90 degrees: which points hit it, and the local point")
    func rotated() {
        let (screen, main) = makeScreen()
        // Bounds 100 x 50, center (200, 200), quarter turn: local = (dy + 50, -dx + 25);
        // on screen it covers [175, 225) x [150, 250) (a half-open box, corners from toParent).
        let r = View(id: "R", center: Point(200, 200), size: Size(100, 50))
        r.transform = quarterTurn
        add(makeView("tip", 70, 0, 30, 30), to: r)
        add(r, to: main)
        #expect(r.frame == Rect(x: 175, y: 150, width: 50, height: 100))
        let q = query(screen, 210, 230)
        #expect(q.hit == "tip")
        #expect(q.local == Point(10, 15))
        let body = query(screen, 190, 170)
        #expect(body.hit == "R")
        #expect(body.local == Point(20, 35))
        // Unrotated, (240, 200) would be inside R; rotated, it is not.
        #expect(hitID(screen, 240, 200) == "main")
        #expect(hitID(screen, 200, 240) == "tip")
        // local x = dy + 50 reaches 100 at y = 250: outside.
        #expect(hitID(screen, 200, 250) == "main")
        // local y = 25 - dx reaches 50 at x = 175: outside; x = 225 gives 0: inside.
        #expect(hitID(screen, 175, 200) == "main")
        #expect(hitID(screen, 224, 200) == "R")
    }

    @Test("a view scaled by 2: the hit area doubles and local points halve")
    func scaled() {
        let (screen, main) = makeScreen()
        let s = View(id: "S", center: Point(200, 200), size: Size(100, 100))
        s.transform = AffineTransform(scaleX: 2, y: 2)
        add(makeView("corner", 90, 90, 10, 10), to: s)
        add(s, to: main)
        // Covers screen [100, 300).
        let q = query(screen, 110, 290)
        #expect(q.hit == "S")
        #expect(q.local == Point(5, 95))
        let c = query(screen, 281, 299)
        #expect(c.hit == "corner")
        #expect(c.local == Point(0.5, 9.5))
        #expect(hitID(screen, 300, 200) == "main")
        #expect(hitID(screen, 99, 200) == "main")
        #expect(hitID(screen, 100, 200) == "S")
    }

    @Test("a rotation about the top-left anchor point")
    func anchorRotation() {
        let (screen, main) = makeScreen()
        // Anchor (0, 0) pinned at (200, 200): local (x, y) -> screen (200 - y, 200 + x);
        // it covers (150, 200] x [200, 300).
        let v = View(id: "V", center: Point(200, 200), size: Size(100, 50))
        v.anchorPoint = Point(0, 0)
        v.transform = quarterTurn
        add(v, to: main)
        #expect(v.frame == Rect(x: 150, y: 200, width: 50, height: 100))
        let q = query(screen, 190, 210)
        #expect(q.hit == "V")
        #expect(q.local == Point(10, 10))
        #expect(hitID(screen, 200, 210) == "V")  // local (10, 0)
        #expect(hitID(screen, 150, 210) == "main")  // local (10, 50)
        #expect(hitID(screen, 151, 299) == "V")  // local (99, 49)
        #expect(hitID(screen, 190, 199) == "main")  // local (-1, 10)
    }

    @Test("the scroll offset (bounds.origin) decides which child is hit")
    func scrollOffset() {
        let (screen, main) = makeScreen()
        let scroll = makeView("scroll", 0, 0, 100, 100)
        add(makeView("row0", 0, 0, 100, 100), makeView("row1", 0, 100, 100, 100), to: scroll)
        add(scroll, to: main)
        let top = query(screen, 50, 50)
        #expect(top.hit == "row0")
        #expect(top.local == Point(50, 50))
        scroll.bounds.origin = Point(0, 100)
        let scrolled = query(screen, 50, 50)
        #expect(scrolled.hit == "row1")
        #expect(scrolled.local == Point(50, 50))
        // The scroll view itself has not moved.
        #expect(scroll.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(hitID(screen, 50, 150) == "main")
        scroll.bounds.origin = Point(0, 50)
        #expect(hitID(screen, 50, 49) == "row0")
        #expect(hitID(screen, 50, 50) == "row1")
    }

    @Test("a singular transform (scale 0): nothing inside is hit")
    func singular() {
        let (screen, main) = makeScreen()
        let flat = makeView("flat", 100, 100, 100, 100)
        add(makeView("inner", 0, 0, 100, 100), to: flat)
        add(flat, to: main)
        #expect(hitID(screen, 150, 150) == "inner")
        flat.transform = AffineTransform(scaleX: 0, y: 0)
        let q = query(screen, 150, 150)
        #expect(q.hit == "main")
        #expect(
            q.trace == [enter("main"), inside("main", true)] + missed("flat") + [
                ret("main", "main")
            ])
        flat.transform = AffineTransform(scaleX: 1, y: 0)
        #expect(hitID(screen, 150, 150) == "main")
    }

    @Test("a singular transform hides even a subview its parent's rules would let out")
    func singularWithRules() {
        let (screen, main) = makeScreen()
        let flat = makeView("flat", 100, 100, 100, 100)
        flat.hitRules.pointInside = .subviews
        add(makeView("inner", 0, 0, 100, 100), to: flat)
        add(flat, to: main)
        flat.transform = AffineTransform(scaleX: 0, y: 1)
        #expect(hitID(screen, 150, 150) == "main")
    }

    @Test("a NaN screen point hits nothing, not even a window")
    func nanPoint() {
        let (screen, _) = makeScreen()
        let q = query(screen, .nan, 10)
        #expect(q.hit == nil)
        #expect(q.trace == missed("main"))
        #expect(hitID(screen, 10, .nan) == nil)
    }

    @Test("nested transforms compose: a scaled view inside a rotated one")
    func nested() {
        let (screen, main) = makeScreen()
        // outer: bounds 200 x 200, center (200, 200), quarter turn: local = (dy + 100, -dx + 100).
        let outer = View(id: "outer", center: Point(200, 200), size: Size(200, 200))
        outer.transform = quarterTurn
        // inner: bounds 50 x 50, center (150, 50) in outer, scale 2:
        // it covers outer-local [100, 200) x [0, 100).
        let inner = View(id: "inner", center: Point(150, 50), size: Size(50, 50))
        inner.transform = AffineTransform(scaleX: 2, y: 2)
        add(inner, to: outer)
        add(outer, to: main)
        // Screen (280, 260): outer local (160, 20);
        // inner local ((160 - 150) / 2 + 25, (20 - 50) / 2 + 25) = (30, 10).
        #expect(inner.convert(Point(30, 10), to: nil) == Point(280, 260))
        let q = query(screen, 280, 260)
        #expect(q.hit == "inner")
        #expect(q.local == Point(30, 10))
    }
}
