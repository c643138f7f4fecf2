import HitTestGeometry
import Testing

// `rule-geometry-view`, `rule-geometry-to-child`, `rule-geometry-frame`: toChild, toParent and frame, with values worked out by hand.
// Every view here is 100 x 50; `layoutFrame (10, 20, 100, 50)` puts its center at (60, 45).

private func t(
    _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double
) -> AffineTransform {
    AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
}

private let quarterTurn = t(0, 1, -1, 0, 0, 0)  // 90 degrees: (x, y) -> (-y, x)
private let halfTurn = t(-1, 0, 0, -1, 0, 0)  // 180 degrees
private let threeQuarterTurn = t(0, -1, 1, 0, 0, 0)  // 270 degrees: (x, y) -> (y, -x)

/// A 100 x 50 view centred on (200, 100) with the default anchor point.
private func centred(_ transform: AffineTransform) -> ViewGeometry {
    ViewGeometry(
        bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(200, 100),
        transform: transform)
}

private func isNaNPoint(_ p: Point) -> Bool { p.x.isNaN && p.y.isNaN }

@Suite("ViewGeometry.toChild")
struct ToChildTests {
    @Test("identity: the layout frame's origin is local (0, 0)")
    func identity() {
        let g = ViewGeometry(layoutFrame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(g.center == Point(60, 45))
        #expect(g.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(g.toChild(Point(10, 20)) == Point(0, 0))
        #expect(g.toChild(Point(110, 70)) == Point(100, 50))
        #expect(g.toChild(Point(0, 0)) == Point(-10, -20))
    }

    @Test("a translation moves the view: local = p - center - (tx, ty) + anchorLocal")
    func translation() {
        let g = ViewGeometry(
            layoutFrame: Rect(x: 10, y: 20, width: 100, height: 50),
            transform: AffineTransform(translationX: 5, y: -3))
        #expect(g.toChild(Point(15, 17)) == Point(0, 0))
        #expect(g.toChild(Point(60, 45)) == Point(45, 28))
    }

    @Test("the bounds origin is the scroll offset")
    func scrollOffset() {
        let g = ViewGeometry(
            layoutFrame: Rect(x: 10, y: 20, width: 100, height: 50), boundsOrigin: Point(30, 40))
        #expect(g.toChild(Point(10, 20)) == Point(30, 40))
        #expect(g.toChild(Point(20, 25)) == Point(40, 45))
    }

    @Test(
        "the anchor point is where the center sits in the bounds",
        arguments: [
            (Point(0, 0), Point(10, 20)),
            (Point(1, 1), Point(110, 70)),
            (Point(0.5, 0.5), Point(60, 45)),
            (Point(0.25, 1), Point(35, 70)),
        ])
    func anchorPoints(_ anchor: Point, _ expectedCenter: Point) {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        let g = ViewGeometry(layoutFrame: r, anchorPoint: anchor)
        #expect(g.center == expectedCenter)
        // Untransformed, the layout rect stays where it is whatever the anchor.
        #expect(g.toChild(Point(10, 20)) == Point(0, 0))
        #expect(g.toChild(Point(60, 45)) == Point(50, 25))
        // The center is always the anchor point in local coordinates.
        #expect(g.toChild(expectedCenter) == Point(anchor.x * 100, anchor.y * 50))
    }

    @Test("the same center with another anchor point moves the view")
    func anchorPointMovesView() {
        let b = Rect(x: 0, y: 0, width: 100, height: 50)
        let topLeft = ViewGeometry(bounds: b, center: Point(60, 45), anchorPoint: Point(0, 0))
        #expect(topLeft.toChild(Point(60, 45)) == Point(0, 0))
        let bottomRight = ViewGeometry(bounds: b, center: Point(60, 45), anchorPoint: Point(1, 1))
        #expect(bottomRight.toChild(Point(60, 45)) == Point(100, 50))
    }

    @Test("a 90-degree rotation [0, 1, -1, 0, 0, 0]: local = (dy + 50, -dx + 25)")
    func quarter() {
        let g = centred(quarterTurn)
        #expect(g.toChild(Point(190, 130)) == Point(80, 35))
        #expect(g.toChild(Point(200, 100)) == Point(50, 25))
        #expect(g.toChild(Point(225, 50)) == Point(0, 0))
        #expect(g.toChild(Point(175, 150)) == Point(100, 50))
    }

    @Test("a 180-degree rotation [-1, 0, 0, -1, 0, 0]: local = (-dx + 50, -dy + 25)")
    func half() {
        let g = centred(halfTurn)
        #expect(g.toChild(Point(190, 110)) == Point(60, 15))
        #expect(g.toChild(Point(250, 125)) == Point(0, 0))
    }

    @Test("a 270-degree rotation [0, -1, 1, 0, 0, 0]: local = (-dy + 50, dx + 25)")
    func threeQuarter() {
        let g = centred(threeQuarterTurn)
        #expect(g.toChild(Point(190, 110)) == Point(40, 15))
        #expect(g.toChild(Point(175, 150)) == Point(0, 0))
    }

    @Test("a rotation with a translation subtracts (tx, ty) first")
    func rotationAndTranslation() {
        let g = centred(t(0, 1, -1, 0, 7, -3))
        // dx = 197 - 200 - 7 = -10, dy = 127 - 100 + 3 = 30
        #expect(g.toChild(Point(197, 127)) == Point(80, 35))
    }

    @Test("power-of-two scales divide exactly")
    func scales() {
        let g = centred(AffineTransform(scaleX: 2, y: 4))
        // dx = 10, dy = 20, det = 8: qx = 4 * 10 / 8 = 5, qy = 2 * 20 / 8 = 5
        #expect(g.toChild(Point(210, 120)) == Point(55, 30))
        let half = centred(AffineTransform(scaleX: 0.5, y: 0.5))
        #expect(half.toChild(Point(210, 105)) == Point(70, 35))
    }

    @Test("a non-uniform scale mixed with a quarter turn")
    func scaledQuarterTurn() {
        // [0, 2, -2, 0]: det 4; qx = (0*dx + 2*dy) / 4, qy = (0*dy - 2*dx) / 4
        let g = centred(t(0, 2, -2, 0, 0, 0))
        #expect(g.toChild(Point(192, 120)) == Point(60, 29))
    }

    @Test(
        "a singular transform gives (NaN, NaN)",
        arguments: [
            AffineTransform(scaleX: 0, y: 0),
            AffineTransform(scaleX: 0, y: 1),
            AffineTransform(scaleX: 1, y: 0),
            t(1, 2, 2, 4, 0, 0),
            t(0, 0, 0, 0, 5, 5),
        ])
    func singular(_ transform: AffineTransform) {
        let g = centred(transform)
        #expect(isNaNPoint(g.toChild(Point(200, 100))))
        #expect(isNaNPoint(g.toChild(Point(0, 0))))
    }

    @Test(
        "a transform with a non-finite component gives (NaN, NaN)",
        arguments: [
            t(.infinity, 0, 0, 1, 0, 0),
            t(1, .nan, 0, 1, 0, 0),
            t(1, 0, .infinity, 1, 0, 0),
            t(1, 0, 0, -.infinity, 0, 0),
            t(1, 0, 0, 1, .infinity, 0),
            t(1, 0, 0, 1, 0, .nan),
        ])
    func nonFinite(_ transform: AffineTransform) {
        let g = centred(transform)
        #expect(isNaNPoint(g.toChild(Point(200, 100))))
    }

    @Test("a NaN coordinate makes both coordinates NaN (0 * NaN is NaN)")
    func nanPoint() {
        let g = centred(.identity)
        #expect(isNaNPoint(g.toChild(Point(.nan, 100))))
        #expect(isNaNPoint(g.toChild(Point(200, .nan))))
    }
}

@Suite("ViewGeometry.toParent")
struct ToParentTests {
    @Test(
        "toParent undoes toChild on exact cases",
        arguments: [
            ViewGeometry(layoutFrame: Rect(x: 10, y: 20, width: 100, height: 50)),
            ViewGeometry(
                layoutFrame: Rect(x: 10, y: 20, width: 100, height: 50),
                boundsOrigin: Point(30, -40)),
            ViewGeometry(
                layoutFrame: Rect(x: 10, y: 20, width: 100, height: 50),
                transform: t(0, 1, -1, 0, 7, -3),
                anchorPoint: Point(0, 0)),
            ViewGeometry(
                layoutFrame: Rect(x: 10, y: 20, width: 100, height: 50), boundsOrigin: Point(4, 8),
                transform: t(-2, 0, 0, -0.5, 1, 2), anchorPoint: Point(1, 0.5)),
            ViewGeometry(
                bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(200, 100),
                transform: t(0, -4, 4, 0, 0, 0)),
        ])
    func inverse(_ g: ViewGeometry) {
        for p in [Point(0, 0), Point(12, -7), Point(100, 50), Point(63.5, 2.25)] {
            #expect(g.toParent(g.toChild(p)) == p, "\(g) \(p)")
            #expect(g.toChild(g.toParent(p)) == p, "\(g) \(p)")
        }
    }

    @Test("toParent of a quarter turn: (x, y) -> center + (-(y - 25), x - 50)")
    func quarter() {
        let g = centred(quarterTurn)
        #expect(g.toParent(Point(80, 35)) == Point(190, 130))
        #expect(g.toParent(Point(0, 0)) == Point(225, 50))
    }

    @Test("toParent is defined for a singular transform: everything lands on the center")
    func singular() {
        let g = centred(AffineTransform(scaleX: 0, y: 0))
        #expect(g.toParent(Point(13, 17)) == Point(200, 100))
    }
}

@Suite("ViewGeometry.frame")
struct FrameTests {
    let layout = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test("untransformed: the layout rect")
    func identity() {
        #expect(ViewGeometry(layoutFrame: layout).frame == layout)
    }

    @Test("rotated 90 degrees about the center: 50 wide, 100 high, same center")
    func rotated() {
        let g = ViewGeometry(layoutFrame: layout, transform: quarterTurn)
        #expect(g.frame == Rect(x: 35, y: -5, width: 50, height: 100))
    }

    @Test("rotated 180 degrees: the same box")
    func halfTurnFrame() {
        #expect(ViewGeometry(layoutFrame: layout, transform: halfTurn).frame == layout)
    }

    @Test("scaled by 2 about the center")
    func scaled() {
        let g = ViewGeometry(layoutFrame: layout, transform: AffineTransform(scaleX: 2, y: 2))
        #expect(g.frame == Rect(x: -40, y: -5, width: 200, height: 100))
    }

    @Test("a translation moves the frame")
    func translated() {
        let g = ViewGeometry(
            layoutFrame: layout, transform: AffineTransform(translationX: 5, y: -3))
        #expect(g.frame == Rect(x: 15, y: 17, width: 100, height: 50))
    }

    @Test("scaled by 2 about the top-left anchor point")
    func scaledAboutAnchor() {
        let g = ViewGeometry(
            layoutFrame: layout, transform: AffineTransform(scaleX: 2, y: 2),
            anchorPoint: Point(0, 0))
        #expect(g.center == Point(10, 20))
        #expect(g.frame == Rect(x: 10, y: 20, width: 200, height: 100))
    }

    @Test("rotated 90 degrees about the top-left anchor point")
    func rotatedAboutAnchor() {
        let g = ViewGeometry(layoutFrame: layout, transform: quarterTurn, anchorPoint: Point(0, 0))
        // (x, y) -> (10 - y, 20 + x)
        #expect(g.frame == Rect(x: -40, y: 20, width: 50, height: 100))
    }

    @Test("changing the anchor point with the center kept moves the frame")
    func anchorPointChanged() {
        let b = Rect(x: 0, y: 0, width: 100, height: 50)
        let g = ViewGeometry(bounds: b, center: Point(60, 45), anchorPoint: Point(0, 0))
        #expect(g.frame == Rect(x: 60, y: 45, width: 100, height: 50))
        let h = ViewGeometry(bounds: b, center: Point(60, 45), anchorPoint: Point(1, 1))
        #expect(h.frame == Rect(x: -40, y: -5, width: 100, height: 50))
    }

    @Test("a scroll offset does not move the frame")
    func scrollOffset() {
        let g = ViewGeometry(layoutFrame: layout, boundsOrigin: Point(30, 400))
        #expect(g.frame == layout)
        let rotated = ViewGeometry(
            layoutFrame: layout, boundsOrigin: Point(-7, 9), transform: quarterTurn)
        #expect(rotated.frame == Rect(x: 35, y: -5, width: 50, height: 100))
    }

    @Test("a singular transform gives an empty frame; a non-finite one a NaN frame")
    func degenerate() {
        let flat = ViewGeometry(layoutFrame: layout, transform: AffineTransform(scaleX: 0, y: 1))
        #expect(flat.frame == Rect(x: 60, y: 20, width: 0, height: 50))
        #expect(!flat.frame.contains(Point(60, 30)))
        let broken = ViewGeometry(layoutFrame: layout, transform: t(1, 0, 0, 1, .nan, 0))
        #expect(broken.frame.width.isNaN)
        #expect(!broken.frame.contains(Point(60, 45)))
    }
}
