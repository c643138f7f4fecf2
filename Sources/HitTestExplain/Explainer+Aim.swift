import HitTestGeometry
import HitTestReference

/// Where on the screen a view is, for asking about it without working out coordinates by
/// hand: a dump's frames are relative to each superview, a question is in screen points.
public struct ViewPlacement: Sendable, Equatable {
    /// The view's bounds on the screen: the axis-aligned box of their four corners
    /// converted up through every ancestor's transform.
    public var screenRect: Rect
    /// The part of `screenRect` inside every ancestor's bounds (as boxes on the screen),
    /// where a touch can reach the view as far as its ancestors decide; nil when nothing
    /// of it is inside them.
    public var visibleRect: Rect?

    /// The point to aim at: the center of the visible part, or of the whole rect when
    /// no part is visible.
    public var aim: Point {
        let r = visibleRect ?? screenRect
        return Point(x: r.midX, y: r.midY)
    }
}

extension Explainer {
    /// The placement on the screen of the view with this id, or nil when no view has it.
    public func placement(of id: String) -> ViewPlacement? {
        guard let view = view(id) else { return nil }
        let rect = view.convert(view.bounds, to: nil)
        var visible: Rect? = rect
        var ancestor = view.superview
        while let a = ancestor, let v = visible {
            visible = Self.intersection(v, a.convert(a.bounds, to: nil))
            ancestor = a.superview
        }
        return ViewPlacement(screenRect: rect, visibleRect: visible)
    }

    /// The overlap of two rects with some area, or nil.
    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX)
        let y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX)
        let y1 = min(a.maxY, b.maxY)
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
