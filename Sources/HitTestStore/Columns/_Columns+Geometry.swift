import HitTestGeometry

// The per-view reads that both the store's own code and a query's column snapshot make:
// one implementation, given the side table.

/// A view's center and bounds size in 32-bit floats: 16 bytes a view where two pairs of
/// doubles take 32. UIKit geometry is doubles, and answers must be bit for bit the
/// reference's, so the floats are used only when they hold the doubles exactly (which
/// points and pixel fractions on screens below 2^24 points always do); a view whose
/// values they do not hold gets a side record (`_SideRecord.center`, `.size`), which is
/// then where its exact values live. One rule, applied by `ViewStore.setCenterSize`:
/// **a view with a side record keeps its exact center and size there; a view without one
/// has them exactly in this column.** The entry of a view with a side record holds the
/// record's index (`_Columns.sideRecordIndex`), so no column of indexes is needed.
@usableFromInline
struct _CenterSize: Sendable {
    @usableFromInline var x: Float
    @usableFromInline var y: Float
    @usableFromInline var width: Float
    @usableFromInline var height: Float

    static let zero = _CenterSize(x: 0, y: 0, width: 0, height: 0)

    init(x: Float, y: Float, width: Float, height: Float) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The values rounded to floats (exact when `holdsExactly(c, z)`).
    init(_ c: Point, _ z: Size) {
        self.init(x: Float(c.x), y: Float(c.y), width: Float(z.width), height: Float(z.height))
    }

    @inlinable var center: Point { Point(x: Double(x), y: Double(y)) }
    @inlinable var size: Size { Size(width: Double(width), height: Double(height)) }

    /// True when floats hold all four values bit for bit (-0 stays -0; subnormal and
    /// out-of-range doubles do not).
    /// Without branches, inlined: every added view asks.
    @inline(__always)
    static func holdsExactly(_ c: Point, _ z: Size) -> Bool {
        @inline(__always) func lost(_ v: Double) -> UInt64 {
            Double(Float(v)).bitPattern ^ v.bitPattern
        }
        return lost(c.x) | lost(c.y) | lost(z.width) | lost(z.height) == 0
    }
}

extension _Columns {
    /// A view's center (UIKit `center`), exact (see `_CenterSize`).
    @inline(__always)
    func center(_ s: Int32, _ sideRecords: _Column<_SideRecord>) -> Point {
        let i = Int(s)
        if flags[i] & _Flags.hasSideRecord != 0 { return sideRecords[sideRecordIndex(i)].center }
        return centerSize[i].center
    }

    /// A view's bounds size, exact (see `_CenterSize`).
    @inline(__always)
    func size(_ s: Int32, _ sideRecords: _Column<_SideRecord>) -> Size {
        let i = Int(s)
        if flags[i] & _Flags.hasSideRecord != 0 { return sideRecords[sideRecordIndex(i)].size }
        return centerSize[i].size
    }

    /// A view's UIKit geometry, assembled from its columns and side record.
    @inline(__always)
    func geometry(_ s: Int32, _ sideRecords: _Column<_SideRecord>) -> ViewGeometry {
        let i = Int(s)
        guard flags[i] & _Flags.hasSideRecord != 0 else {
            let cs = centerSize[i]
            return ViewGeometry(bounds: Rect(origin: .zero, size: cs.size), center: cs.center)
        }
        let e = sideRecords[sideRecordIndex(i)]
        return ViewGeometry(
            bounds: Rect(origin: e.boundsOrigin, size: e.size), center: e.center,
            transform: e.transform, anchorPoint: e.anchorPoint)
    }

    /// `geometry(s).toChild(p)`, bit for bit, without assembling the geometry for a view
    /// with no side record (identity transform, anchor (0.5, 0.5), bounds origin +0).
    /// There `toChild` computes `((x - cx) - 0) * 1 - 0 * dy) / 1 + (0 + 0.5 * w)`: every
    /// step but the first subtraction and the last addition is exact, except that a zero
    /// `dx` can come out as either zero; adding `0.5 * w` (which is `0 + 0.5 * w`, never
    /// -0, for `w > 0`) gives the same sum for both. Sizes that are not positive and
    /// non-finite differences (whose NaN the shortcut would not reproduce) take the full
    /// path.
    @inline(__always)
    func toChild(_ s: Int32, _ p: Point, _ sideRecords: _Column<_SideRecord>) -> Point {
        let i = Int(s)
        if flags[i] & _Flags.hasSideRecord == 0 {
            let cs = centerSize[i]
            let c = cs.center
            let dx = p.x - c.x
            let dy = p.y - c.y
            let z = cs.size
            if dx.isFinite && dy.isFinite && z.width > 0 && z.height > 0 {
                return Point(x: dx + 0.5 * z.width, y: dy + 0.5 * z.height)
            }
        }
        return geometry(s, sideRecords).toChild(p)
    }

    /// `shapeContains(v, p)`, computed as `HitRules.shapeContains` computes it. (With zero
    /// insets the inset is skipped: adding 0 changes no comparison.)
    @inline(__always)
    func shapeContains(_ s: Int32, _ p: Point, _ sideRecords: _Column<_SideRecord>) -> Bool {
        let r = hitRect(s, sideRecords)
        return flags[Int(s)] & _Flags.ellipse != 0 ? r.ellipseContains(p) : r.contains(p)
    }

    /// The one descent: the point `p` converted down a chain of views, the first view
    /// first, with `toChild` at each (the reference's arithmetic, so local points agree
    /// bit for bit). With `testingShapes`, each view's shape is tested on the way down as
    /// the reference's `hitTest` tests it, and the descent stops with nil at the first
    /// view that does not hold the point; without, it never returns nil. `view(j)` is the
    /// chain's view `j`, with `count - 1` the first and 0 the last. `steps` counts the
    /// views converted. Used by the screen index's fast hit and confirmation (shapes
    /// tested), and by `localPoint` and `convertDown` (conversion alone).
    @inline(__always)
    func descend(
        _ count: Int, _ view: (Int) -> Int32, from p: Point, _ sideRecords: _Column<_SideRecord>,
        testingShapes: Bool = true, steps: inout Int
    ) -> Point? {
        var q = p
        var j = count - 1
        while j >= 0 {
            let y = view(j)
            let i = Int(y)
            steps += 1
            j -= 1
            // The common view (no side record, a rectangle): `toChild`'s shortcut and
            // `Rect(origin: .zero, size: z).contains(q)` with one read of each column.
            if flags[i] & (_Flags.hasSideRecord | _Flags.ellipse) == 0 {
                let cs = centerSize[i]
                let c = cs.center
                let z = cs.size
                let dx = q.x - c.x
                let dy = q.y - c.y
                // Testing shapes, the shortcut's guards are not needed: a point the test
                // takes has finite differences and a finite, positive size (a NaN or
                // infinite coordinate fails `0 <= q < size`, and so does every point when
                // a side is not positive), where the shortcut is `toChild` bit for bit; a
                // point it refuses, `shapeContains` refuses too (a non-finite coordinate,
                // or a side not positive, holds nothing).
                if testingShapes || (dx.isFinite && dy.isFinite && z.width > 0 && z.height > 0) {
                    q = Point(x: dx + 0.5 * z.width, y: dy + 0.5 * z.height)
                    if testingShapes && !(0 <= q.x && q.x < z.width && 0 <= q.y && q.y < z.height) { return nil }
                    continue
                }
            }
            q = toChild(y, q, sideRecords)
            if testingShapes && !shapeContains(y, q, sideRecords) { return nil }
        }
        return q
    }

    /// A view's hit rect: its bounds inset by its hit insets.
    @inline(__always)
    func hitRect(_ s: Int32, _ sideRecords: _Column<_SideRecord>) -> Rect {
        let i = Int(s)
        guard flags[i] & _Flags.hasSideRecord != 0 else {
            return Rect(origin: .zero, size: centerSize[i].size)
        }
        let e = sideRecords[sideRecordIndex(i)]
        return Rect(origin: e.boundsOrigin, size: e.size).inset(by: e.hitInsets)
    }

    /// Where a view's `pointInside` can be true: its `box` unless recorded apart.
    @inline(__always)
    func pointInsideBox(_ s: Int32, _ sideRecords: _Column<_SideRecord>) -> Box {
        let i = Int(s)
        if flags[i] & _Flags.hasSideRecord != 0, let b = sideRecords[sideRecordIndex(i)].pointInsideBox {
            return b
        }
        return box[i]
    }
}
