#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A 2-D affine transform with CoreGraphics conventions (CGAffineTransform):
///
///     x' = a*x + c*y + tx
///     y' = b*x + d*y + ty
///
/// Composition follows CoreGraphics too: `t1.concatenating(t2)` applies `t1` first, then
/// `t2`; `translatedBy`, `scaledBy` and `rotated(by:)` apply the new step *before* `self`.
/// Components are not required to be finite; `inverted()` and view conversions treat a
/// non-finite or singular matrix as having no inverse.
public struct AffineTransform: Hashable, Sendable {
    /// Scales (and with `b`, `c`, `d`, rotates and shears) x: `x' = a*x + c*y + tx`.
    public var a: Double
    /// The y part of the image of the x axis: `y' = b*x + d*y + ty`.
    public var b: Double
    /// The x part of the image of the y axis: `x' = a*x + c*y + tx`.
    public var c: Double
    /// Scales y: `y' = b*x + d*y + ty`.
    public var d: Double
    /// The translation along x, applied after the linear part.
    public var tx: Double
    /// The translation along y, applied after the linear part.
    public var ty: Double

    /// The transform with these six components (CGAffineTransformMake's order).
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform. A computed property, not a stored one, so that reading it in
    /// a hot loop costs no lazy-initialisation check (as every `zero` here).
    @inlinable public static var identity: AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }

    /// CGAffineTransformMakeTranslation.
    @inlinable
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// CGAffineTransformMakeScale.
    @inlinable
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// CGAffineTransformMakeRotation: `a = cos, b = sin, c = -sin, d = cos`, in radians,
    /// positive angles turning +x towards +y (clockwise on a y-down screen). Values are
    /// not snapped: `rotationAngle: .pi / 2` has `a == 6.1e-17`, as in CoreGraphics.
    /// Write `[0, 1, -1, 0, 0, 0]` for an exact quarter turn.
    @inlinable
    public init(rotationAngle angle: Double) {
        let s = angle.sinValue
        let co = angle.cosValue
        self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    /// True when every component equals the identity's exactly (`-0` counts as `0`).
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// True when all six components are finite.
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// `a*d - b*c`, computed exactly as the view conversion computes it.
    @inlinable
    public var determinant: Double { a * d - b * c }

    /// True when the transform has no inverse: its determinant is 0 or a component is
    /// not finite. Views with such a transform contain no point (`rule-geometry-singular`).
    @inlinable
    public var isSingular: Bool { !isFinite || determinant == 0 }

    /// CGAffineTransformConcat(self, t2): `self` first, then `t2`.
    @inlinable
    public func concatenating(_ t2: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// CGAffineTransformTranslate: the translation is applied before `self`.
    @inlinable
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// CGAffineTransformScale: the scale is applied before `self`.
    @inlinable
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// CGAffineTransformRotate: the rotation is applied before `self`.
    @inlinable
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The inverse, or nil when the transform is singular (determinant 0) or has a
    /// non-finite component. (CGAffineTransformInvert returns the matrix unchanged in
    /// that case; a nil here makes the caller decide.)
    @inlinable
    public func inverted() -> AffineTransform? {
        guard isFinite else { return nil }
        let det = determinant
        guard det != 0 else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// CGPointApplyAffineTransform.
    @inlinable
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// CGRectApplyAffineTransform: the axis-aligned box of the four transformed corners.
    public func apply(to r: Rect) -> Rect {
        Rect.boundingBox(of: r.corners.map { apply(to: $0) })!
    }
}

extension AffineTransform: CustomStringConvertible {
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension Double {
    @usableFromInline var sinValue: Double { sin(self) }
    @usableFromInline var cosValue: Double { cos(self) }
}
