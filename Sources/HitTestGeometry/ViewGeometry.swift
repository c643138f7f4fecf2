/// Where a view sits in its superview: the four UIKit properties that position it
/// (`rule-geometry-view`), and the conversions that hit-testing needs.
///
/// Both the reference algorithm and the fast engines convert points through the
/// functions here, so that equal inputs give bit-identical answers.
public struct ViewGeometry: Hashable, Sendable {
    /// Origin: the local coordinate shown at the top-left (the scroll offset). Size: the
    /// view's own width and height.
    public var bounds: Rect
    /// The anchor point's position in the superview's bounds coordinates.
    public var center: Point
    /// Applied about the anchor point; a singular or non-finite one makes `toChild` return
    /// NaN, so the view contains no point.
    public var transform: AffineTransform
    /// The anchor point in unit coordinates of `bounds` (default `(0.5, 0.5)`).
    public var anchorPoint: Point

    /// `(0.5, 0.5)`: the centre of the bounds, UIKit's default.
    @inlinable public static var defaultAnchorPoint: Point { Point(x: 0.5, y: 0.5) }

    /// The geometry of a view; the defaults are the identity transform and a centred anchor.
    @inlinable
    public init(
        bounds: Rect, center: Point, transform: AffineTransform = .identity,
        anchorPoint: Point = ViewGeometry.defaultAnchorPoint
    ) {
        self.bounds = bounds
        self.center = center
        self.transform = transform
        self.anchorPoint = anchorPoint
    }

    /// Placement from an untransformed layout rect, as `v.frame = r; v.transform = t`
    /// does: `center = (x + ax*w, y + ay*h)`, bounds size `(w, h)`.
    @inlinable
    public init(
        layoutFrame r: Rect, boundsOrigin: Point = .zero, transform: AffineTransform = .identity,
        anchorPoint: Point = ViewGeometry.defaultAnchorPoint
    ) {
        self.init(
            bounds: Rect(origin: boundsOrigin, size: r.size),
            center: ViewGeometry.center(ofLayoutFrame: r, anchorPoint: anchorPoint),
            transform: transform, anchorPoint: anchorPoint)
    }

    /// `(x + ax*w, y + ay*h)`: the center a layout rect gives with this anchor point.
    @inlinable
    public static func center(ofLayoutFrame r: Rect, anchorPoint: Point) -> Point {
        Point(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
    }

    /// The anchor point in local (bounds) coordinates:
    /// `bounds.origin + anchorPoint * bounds.size`.
    @inlinable
    public var anchorLocal: Point {
        Point(
            x: bounds.origin.x + anchorPoint.x * bounds.width,
            y: bounds.origin.y + anchorPoint.y * bounds.height)
    }

    /// Converts a point from the superview's bounds coordinates into this view's
    /// (`rule-geometry-to-child`), operation for operation as the rule writes it.
    /// Returns `(NaN, NaN)` when the transform is singular (determinant 0) or has a
    /// non-finite component, so that such a view contains no point.
    @inlinable
    public func toChild(_ p: Point) -> Point {
        let t = transform
        let dx = (p.x - center.x) - t.tx
        let dy = (p.y - center.y) - t.ty
        let det = t.a * t.d - t.b * t.c
        if det == 0 || !t.isFinite { return .nan }
        let qx = (t.d * dx - t.c * dy) / det
        let qy = (t.a * dy - t.b * dx) / det
        return Point(
            x: qx + (bounds.origin.x + anchorPoint.x * bounds.width),
            y: qy + (bounds.origin.y + anchorPoint.y * bounds.height))
    }

    /// Converts a point from this view's bounds coordinates into the superview's:
    /// `center + T_linear * (p - anchorLocal) + (tx, ty)`, evaluated left to right.
    /// This is the forward map; it is defined for singular transforms too.
    @inlinable
    public func toParent(_ p: Point) -> Point {
        let t = transform
        let lx = p.x - (bounds.origin.x + anchorPoint.x * bounds.width)
        let ly = p.y - (bounds.origin.y + anchorPoint.y * bounds.height)
        return Point(
            x: center.x + (t.a * lx + t.c * ly) + t.tx,
            y: center.y + (t.b * lx + t.d * ly) + t.ty)
    }

    /// The view's frame: the axis-aligned box, in the superview's coordinates, of the four
    /// corners of `bounds` mapped by `toParent` (`rule-geometry-frame`). NaN when a component
    /// is NaN (it then contains nothing).
    public var frame: Rect {
        let b = bounds
        let corners = [
            toParent(Point(x: b.minX, y: b.minY)), toParent(Point(x: b.maxX, y: b.minY)),
            toParent(Point(x: b.maxX, y: b.maxY)), toParent(Point(x: b.minX, y: b.maxY)),
        ]
        return Rect.boundingBox(of: corners)!
    }
}
