import HitTestGeometry
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// `rule-geometry-view`: CoreGraphics conventions. `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`;
// `t1.concatenating(t2)` is t1 then t2; translatedBy / scaledBy / rotated prepend.

private func t(
    _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double
) -> AffineTransform {
    AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
}

@Suite("AffineTransform")
struct AffineTransformTests {
    @Test("apply uses x' = a*x + c*y + tx, y' = b*x + d*y + ty")
    func apply() {
        let m = t(1, 2, 3, 4, 5, 6)
        #expect(m.apply(to: Point(1, 1)) == Point(9, 12))
        #expect(m.apply(to: Point(2, 0)) == Point(7, 10))
        #expect(m.apply(to: Point(0, 2)) == Point(11, 14))
        #expect(AffineTransform.identity.apply(to: Point(-3, 7)) == Point(-3, 7))
    }

    @Test("the makers build the CoreGraphics matrices")
    func makers() {
        #expect(AffineTransform(translationX: 3, y: -4) == t(1, 0, 0, 1, 3, -4))
        #expect(AffineTransform(scaleX: 2, y: 0.5) == t(2, 0, 0, 0.5, 0, 0))
        let angle = 0.3
        #expect(
            AffineTransform(rotationAngle: angle)
                == t(cos(angle), sin(angle), -sin(angle), cos(angle), 0, 0))
        #expect(AffineTransform.identity == t(1, 0, 0, 1, 0, 0))
        #expect(AffineTransform.identity.isIdentity)
        #expect(!t(1, 0, 0, 1, 0, 1).isIdentity)
    }

    @Test("a positive rotation turns +x towards +y")
    func rotationDirection() {
        let q = AffineTransform(rotationAngle: .pi / 2).apply(to: Point(1, 0))
        #expect(abs(q.x) < 1e-15)
        #expect(q.y == 1)
    }

    @Test("concatenating applies self first, then the argument")
    func concatenatingOrder() {
        let move = AffineTransform(translationX: 10, y: 0)
        let double = AffineTransform(scaleX: 2, y: 2)
        // (1, 1) -> (11, 1) -> (22, 2)
        #expect(move.concatenating(double) == t(2, 0, 0, 2, 20, 0))
        #expect(move.concatenating(double).apply(to: Point(1, 1)) == Point(22, 2))
        // (1, 1) -> (2, 2) -> (12, 2)
        #expect(double.concatenating(move) == t(2, 0, 0, 2, 10, 0))
        #expect(double.concatenating(move).apply(to: Point(1, 1)) == Point(12, 2))
    }

    @Test("concatenating two general matrices")
    func concatenatingGeneral() {
        let m1 = t(1, 2, 3, 4, 5, 6)
        let m2 = t(0, 1, -1, 0, 7, 8)  // quarter turn, then (7, 8)
        // m1 then m2: (x, y) -> m1 -> (X, Y) -> (-Y + 7, X + 8)
        #expect(m1.concatenating(m2) == t(-2, 1, -4, 3, 1, 13))
        let p = Point(2, -1)
        let viaBoth = m2.apply(to: m1.apply(to: p))
        #expect(m1.concatenating(m2).apply(to: p) == viaBoth)
        #expect(viaBoth == Point(1, 12))
    }

    @Test("translatedBy applies the translation before self")
    func translatedBy() {
        let double = AffineTransform(scaleX: 2, y: 2)
        #expect(double.translatedBy(x: 10, y: -5) == t(2, 0, 0, 2, 20, -10))
        #expect(double.translatedBy(x: 10, y: -5).apply(to: Point(1, 1)) == Point(22, -8))
    }

    @Test("scaledBy applies the scale before self")
    func scaledBy() {
        let move = AffineTransform(translationX: 10, y: 20)
        #expect(move.scaledBy(x: 2, y: 3) == t(2, 0, 0, 3, 10, 20))
        #expect(move.scaledBy(x: 2, y: 3).apply(to: Point(1, 1)) == Point(12, 23))
    }

    @Test("rotated(by:) applies the rotation before self")
    func rotatedBy() {
        let angle = 0.7
        let c = cos(angle)
        let s = sin(angle)
        let move = AffineTransform(translationX: 10, y: 0)
        // The rotation first: the translation stays (10, 0).
        #expect(move.rotated(by: angle) == t(c, s, -s, c, 10, 0))
        let double = AffineTransform(scaleX: 2, y: 2)
        #expect(double.rotated(by: angle) == t(2 * c, 2 * s, -s * 2, c * 2, 0, 0))
    }

    @Test("determinant and singularity")
    func determinant() {
        #expect(t(1, 2, 3, 4, 5, 6).determinant == -2)
        #expect(t(2, 0, 0, 4, 0, 0).determinant == 8)
        #expect(t(1, 2, 2, 4, 0, 0).isSingular)
        #expect(AffineTransform(scaleX: 0, y: 1).isSingular)
        #expect(t(1, 0, 0, 1, .infinity, 0).isSingular)
        #expect(!t(1, 0, 0, 1, .infinity, 0).isFinite)
        #expect(!t(0, 1, -1, 0, 0, 0).isSingular)
    }
}

@Suite("AffineTransform.inverted()")
struct InvertedTests {
    @Test("the inverse of a power-of-two scale with a translation is exact")
    func scaleTranslation() throws {
        let m = t(2, 0, 0, 4, 8, -4)
        let inv = try #require(m.inverted())
        #expect(inv == t(0.5, 0, 0, 0.25, -4, 1))
        #expect(m.concatenating(inv) == .identity)
        #expect(inv.concatenating(m) == .identity)
        #expect(inv.apply(to: m.apply(to: Point(3, 5))) == Point(3, 5))
    }

    @Test("the inverse of an exact quarter turn with a translation is exact")
    func quarterTurn() throws {
        let m = t(0, 1, -1, 0, 3, 5)  // (x, y) -> (3 - y, x + 5)
        let inv = try #require(m.inverted())
        // (X, Y) -> (Y - 5, 3 - X)
        #expect(inv == t(0, -1, 1, 0, -5, 3))
        #expect(m.concatenating(inv) == .identity)
        #expect(inv.concatenating(m) == .identity)
    }

    @Test("the inverse of a general matrix maps points back")
    func general() throws {
        let m = t(1, 2, 3, 4, 5, 6)  // det -2
        let inv = try #require(m.inverted())
        #expect(inv == t(-2, 1, 1.5, -0.5, 1, -2))
        #expect(inv.apply(to: Point(9, 12)) == Point(1, 1))
    }

    @Test(
        "a singular matrix has no inverse",
        arguments: [
            t(0, 0, 0, 0, 0, 0),
            t(0, 0, 0, 1, 0, 0),
            t(1, 2, 2, 4, 10, 10),
            t(1, 0, 0, 0, 0, 0),
        ])
    func singular(_ m: AffineTransform) {
        #expect(m.inverted() == nil)
    }

    @Test(
        "a non-finite matrix has no inverse",
        arguments: [
            t(.infinity, 0, 0, 1, 0, 0),
            t(1, .nan, 0, 1, 0, 0),
            t(1, 0, -.infinity, 1, 0, 0),
            t(1, 0, 0, .nan, 0, 0),
            t(1, 0, 0, 1, .infinity, 0),
            t(1, 0, 0, 1, 0, .nan),
        ])
    func nonFinite(_ m: AffineTransform) {
        #expect(m.inverted() == nil)
    }
}
