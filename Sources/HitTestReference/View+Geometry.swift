import HitTestGeometry

extension View {
    /// The four properties that place the view in its superview.
    public var geometry: ViewGeometry {
        ViewGeometry(bounds: bounds, center: center, transform: transform, anchorPoint: anchorPoint)
    }

    /// The axis-aligned box of the transformed bounds, in the superview's coordinates
    /// (`rule-geometry-frame`). Setting it places the untransformed layout rect: `center` becomes
    /// `(x + ax*w, y + ay*h)` and the bounds size `(w, h)`; as in UIKit, setting a frame
    /// on a view with a non-identity transform does not give back the same frame.
    public var frame: Rect {
        get { geometry.frame }
        set {
            center = ViewGeometry.center(ofLayoutFrame: newValue, anchorPoint: anchorPoint)
            bounds.size = newValue.size
        }
    }

    /// Converts a point in this view's bounds coordinates into `view`'s, or into screen
    /// coordinates when `view` is nil. Views of one window convert through their nearest
    /// common ancestor; views of different windows through the screen.
    public func convert(_ point: Point, to view: View?) -> Point {
        guard let view else { return toScreen(point) }
        let mine = ancestorsAndSelf
        let theirs = view.ancestorsAndSelf
        guard let common = mine.first(where: { m in theirs.contains { $0 === m } }) else {
            return view.fromScreen(toScreen(point))
        }
        var p = point
        for v in mine {
            if v === common { break }
            p = v.geometry.toParent(p)
        }
        for v in theirs.prefix(while: { $0 !== common }).reversed() {
            p = v.geometry.toChild(p)
        }
        return p
    }

    /// Converts a point in `view`'s bounds coordinates (screen coordinates when nil) into
    /// this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        guard let view else { return fromScreen(point) }
        return view.convert(point, to: self)
    }

    /// The axis-aligned box of a rect's four converted corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect.boundingBox(of: rect.corners.map { convert($0, to: view) })!
    }

    /// The axis-aligned box of a rect's four converted corners.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect.boundingBox(of: rect.corners.map { convert($0, from: view) })!
    }

    /// Screen to local: `toChild` at each level from the root (a window's superview is the
    /// screen) down to this view: the same arithmetic, in the same order, as the walk of
    /// `Screen.hitTest` performs, so a hit view's local point is exactly the one it saw.
    func fromScreen(_ p: Point) -> Point {
        var q = p
        for v in ancestorsAndSelf.reversed() { q = v.geometry.toChild(q) }
        return q
    }

    /// Local to screen: `toParent` at each level up to the root.
    func toScreen(_ p: Point) -> Point {
        var q = p
        for v in ancestorsAndSelf { q = v.geometry.toParent(q) }
        return q
    }

    /// `p`, given in this view's coordinates, converted down the chain of subviews into
    /// `descendant` (toChild at each step), or nil when `descendant` is not below this view.
    func convertDown(_ p: Point, to descendant: View) -> Point? {
        var chain: [View] = []
        var cursor: View? = descendant
        while let c = cursor, c !== self {
            chain.append(c)
            cursor = c.superview
        }
        guard cursor === self, !chain.isEmpty else { return nil }
        var q = p
        for v in chain.reversed() { q = v.geometry.toChild(q) }
        return q
    }
}
