import HitTestGeometry

// The per-view reads that both the store's own code and a query's column snapshot make:
// one implementation, given the side table.

extension _Columns {
    /// A view's UIKit geometry, assembled from its columns and side record.
    @inline(__always)
    func geometry(_ s: Int32, _ extras: _Column<_ViewExtras>) -> ViewGeometry {
        let i = Int(s)
        guard flags[i] & _Flags.hasExtras != 0 else {
            return ViewGeometry(bounds: Rect(origin: .zero, size: size[i]), center: center[i])
        }
        let e = extras[Int(extra[i])]
        return ViewGeometry(
            bounds: Rect(origin: e.boundsOrigin, size: size[i]), center: center[i],
            transform: e.transform, anchorPoint: e.anchorPoint)
    }

    /// A view's hit rect: its bounds inset by its hit insets.
    @inline(__always)
    func hitRect(_ s: Int32, _ extras: _Column<_ViewExtras>) -> Rect {
        let i = Int(s)
        guard flags[i] & _Flags.hasExtras != 0 else { return Rect(origin: .zero, size: size[i]) }
        let e = extras[Int(extra[i])]
        return Rect(origin: e.boundsOrigin, size: size[i]).inset(by: e.hitInsets)
    }

    /// Where a view's `pointInside` can be true: its `box` unless recorded apart.
    @inline(__always)
    func pointInsideBox(_ s: Int32, _ extras: _Column<_ViewExtras>) -> Box {
        let i = Int(s)
        if flags[i] & _Flags.hasExtras != 0, let b = extras[Int(extra[i])].pointInsideBox { return b }
        return box[i]
    }
}
