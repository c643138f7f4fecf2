import HitTestGeometry
import Testing

// `rule-geometry-containment`: half-open containment, empty and NaN rects, and the hit-rule helpers
// (`rule-override-hit-insets`, `rule-override-hit-shape`) built on it.

@Suite("Rect containment")
struct RectContainmentTests {
    let r = Rect(x: 10, y: 20, width: 30, height: 40)  // x in [10, 40), y in [20, 60)

    @Test("min edges are inside, on both axes")
    func minEdgesInclusive() {
        #expect(r.contains(Point(10, 20)))
        #expect(r.contains(Point(10, 59)))
        #expect(r.contains(Point(39, 20)))
    }

    @Test("max edges are outside, on both axes")
    func maxEdgesExclusive() {
        #expect(!r.contains(Point(40, 30)))
        #expect(!r.contains(Point(20, 60)))
        #expect(!r.contains(Point(40, 60)))
    }

    @Test("the last representable values before the max edges are inside")
    func justBelowMaxEdges() {
        #expect(r.contains(Point(40.0.nextDown, 60.0.nextDown)))
        #expect(!r.contains(Point(10.0.nextDown, 30)))
        #expect(!r.contains(Point(20, 20.0.nextDown)))
    }

    @Test("maxX and maxY are min plus size")
    func maxValues() {
        #expect(r.maxX == 40)
        #expect(r.maxY == 60)
        #expect(r.midX == 25)
        #expect(r.midY == 40)
    }

    @Test(
        "a rect with a zero or negative side contains nothing",
        arguments: [
            Rect(x: 0, y: 0, width: 0, height: 10),
            Rect(x: 0, y: 0, width: 10, height: 0),
            Rect(x: 0, y: 0, width: 0, height: 0),
            Rect(x: 0, y: 0, width: -10, height: 10),
            Rect(x: 0, y: 0, width: 10, height: -10),
            Rect(x: 10, y: 10, width: -5, height: -5),
        ])
    func emptyRects(_ e: Rect) {
        #expect(e.isEmpty)
        for p in [Point(0, 0), Point(5, 5), Point(7, 7), Point(-5, 5), Point(5, -5), Point(10, 10)]
        {
            #expect(!e.contains(p), "\(e) contains \(p)")
            #expect(!e.ellipseContains(p), "\(e) ellipse contains \(p)")
        }
    }

    @Test("a NaN point is contained by nothing")
    func nanPoints() {
        #expect(!r.contains(Point(.nan, 30)))
        #expect(!r.contains(Point(20, .nan)))
        #expect(!r.contains(.nan))
        let huge = Rect(x: -1e300, y: -1e300, width: 1e308, height: 1e308)
        #expect(huge.contains(Point(0, 0)))
        #expect(!huge.contains(.nan))
    }

    @Test(
        "a rect with a NaN component contains nothing",
        arguments: [
            Rect(x: .nan, y: 0, width: 100, height: 100),
            Rect(x: 0, y: .nan, width: 100, height: 100),
            Rect(x: 0, y: 0, width: .nan, height: 100),
            Rect(x: 0, y: 0, width: 100, height: .nan),
        ])
    func nanRects(_ n: Rect) {
        #expect(!n.contains(Point(50, 50)))
        #expect(!n.ellipseContains(Point(50, 50)))
    }
}

@Suite("Rect.ellipseContains")
struct EllipseTests {
    let r = Rect(x: 0, y: 0, width: 100, height: 50)  // center (50, 25), rx 50, ry 25

    @Test("the center is inside")
    func center() {
        #expect(r.ellipseContains(Point(50, 25)))
    }

    @Test("points on the ellipse are outside (the test is < 1)")
    func boundary() {
        #expect(!r.ellipseContains(Point(100, 25)))
        #expect(!r.ellipseContains(Point(0, 25)))
        #expect(!r.ellipseContains(Point(50, 0)))
        #expect(!r.ellipseContains(Point(50, 50)))
    }

    @Test("points just inside the ellipse are inside")
    func justInside() {
        #expect(r.ellipseContains(Point(99, 25)))  // (49/50)^2 = 0.9604
        #expect(r.ellipseContains(Point(1, 25)))
        #expect(r.ellipseContains(Point(50, 1)))  // (24/25)^2 = 0.9216
        #expect(r.ellipseContains(Point(50, 49)))
    }

    @Test("the corners of the rect are outside")
    func corners() {
        for p in [Point(0, 0), Point(99, 0), Point(0, 49), Point(99, 49), Point(10, 5)] {
            #expect(!r.ellipseContains(p), "\(p)")
            #expect(r.contains(p), "\(p)")
        }
    }

    @Test("an offset rect has its ellipse at its own center")
    func offset() {
        let o = Rect(x: 100, y: 200, width: 40, height: 40)
        #expect(o.ellipseContains(Point(120, 220)))
        #expect(!o.ellipseContains(Point(50, 25)))
        #expect(!o.ellipseContains(Point(140, 220)))
        #expect(o.ellipseContains(Point(139, 220)))
    }

    @Test("a NaN point is outside")
    func nan() {
        #expect(!r.ellipseContains(Point(.nan, 25)))
        #expect(!r.ellipseContains(Point(50, .nan)))
    }
}

@Suite("Rect.inset(by:)")
struct InsetTests {
    let r = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test("positive insets move each edge inward")
    func positive() {
        let i = r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(i == Rect(x: 12, y: 21, width: 94, height: 46))
    }

    @Test("negative insets enlarge the rect")
    func negative() {
        let i = r.inset(by: EdgeInsets(all: -10))
        #expect(i == Rect(x: 0, y: 10, width: 120, height: 70))
        #expect(i.contains(Point(0, 10)))
        #expect(!i.contains(Point(120, 40)))
        #expect(i.contains(Point(119, 79)))
    }

    @Test("zero insets change nothing")
    func zero() {
        #expect(r.inset(by: .zero) == r)
        #expect(EdgeInsets.zero.isZero)
        #expect(!EdgeInsets(top: 0, left: 0, bottom: 0, right: 1).isZero)
    }

    @Test("insets larger than the rect leave an empty rect")
    func tooLarge() {
        let i = r.inset(by: EdgeInsets(top: 30, left: 0, bottom: 30, right: 0))
        #expect(i == Rect(x: 10, y: 50, width: 100, height: -10))
        #expect(i.isEmpty)
        #expect(!i.contains(Point(50, 45)))
    }
}
