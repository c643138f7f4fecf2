import CHitTestShim

extension ScreenIndex {
    /// A leaf of the screen index: 8 entries' boxes as 16-bit grid cells of the leaf's
    /// *frame* (the box its parent lane holds, or the tree's `rootFrame` when the leaf is
    /// the root), their values (`entry(priority:)`, `_Lane.empty` for an empty lane) and
    /// their slot values. 128 bytes, two cache lines, where a leaf of float boxes would take 192
    /// (three): 8 bytes an entry less, and a query reads one line less a leaf.
    ///
    /// Conservative by construction, with no error bound to argue: a coordinate's cell is
    /// `ScreenIndex.cell`, the same float arithmetic for the boxes at build and for the
    /// query point, and that arithmetic never decreases when its input increases
    /// (rounding, subtracting the frame's minimum, multiplying by a non-negative scale and
    /// clamping are all monotone). So a point inside an entry's float box is inside its
    /// cells, and the exact confirmation after the walk decides, as it did for the float
    /// boxes' padding. Cells are stored minus 32768 so that SSE2's signed 16-bit compare
    /// tests all 8 lanes of a coordinate at once (`htShim_LeafLanes`).
    @usableFromInline
    struct Leaf: Sendable {
        @usableFromInline var minX: SIMD8<Int16>  // 16 bytes
        @usableFromInline var minY: SIMD8<Int16>  // 16 bytes
        @usableFromInline var maxX: SIMD8<Int16>  // 16 bytes
        @usableFromInline var maxY: SIMD8<Int16>  // 16 bytes
        /// Each lane's entry (`entry(priority:)`, at most -2); `_Lane.empty` for none.
        @usableFromInline var entry: SIMD8<Int32>
        /// Each lane's slot value (`ScreenIndex.slotValue(plain:)` or `(walkedRoot:)`).
        @usableFromInline var slot: SIMD8<Int32>

        /// Where `entry` and `slot` start (pinned by `leafLayoutForTheLaneTest`).
        @usableFromInline static let entryOffset = 64
        @usableFromInline static let slotOffset = 96

        /// No entries: every lane's cells empty (minimum above maximum).
        static let empty = Leaf(
            minX: SIMD8(repeating: .max), minY: SIMD8(repeating: .max),
            maxX: SIMD8(repeating: .min), maxY: SIMD8(repeating: .min),
            entry: SIMD8(repeating: _Lane.empty), slot: SIMD8(repeating: _Slot.none))

        /// The lane value of the entry of `priority`, below `_Lane.empty` (`_BelowNone`).
        @inlinable @inline(__always) static func entry(priority: Int32) -> Int32 { _BelowNone.encode(priority) }
        /// The priority of a lane value that is not `_Lane.empty`.
        @inlinable @inline(__always) static func priority(ofEntry v: Int32) -> Int32 { _BelowNone.decode(v) }
    }

    /// The grid of a leaf's frame on one axis: its minimum and the scale that maps the
    /// frame's extent onto 65,535 cells. A frame that is not a finite, positive extent has
    /// scale 0: every coordinate then falls in cell 0, so every entry of the leaf is a
    /// candidate for every point the parent lets through (slower, never wrong).
    @usableFromInline
    struct Axis {
        @usableFromInline let origin: Float
        @usableFromInline let scale: Float

        @inlinable @inline(__always)
        init(_ lo: Float, _ hi: Float) {
            let extent = hi - lo
            origin = lo
            scale = extent > 0 && extent.isFinite ? 65535 / extent : 0
        }

        /// The cell of `v`, minus 32768. Monotone in `v`: `t` is NaN only for `0 * inf`
        /// (a coordinate at a tiny frame's minimum, whose cell is 0 anyway) or when the
        /// scale is 0 (every cell 0).
        @inlinable @inline(__always)
        func cell(_ v: Float) -> Int16 {
            let t = (v - origin) * scale
            let c: Float = t >= 0 ? (t <= 65535 ? t : 65535) : 0
            return Int16(truncatingIfNeeded: Int32(c) &- 32768)
        }

        /// A float below every `v` whose cell is at least `c` (`c` minus 32768, as
        /// stored), for re-encoding a lane in a grown frame: the frame's minimum for the
        /// first cell (points below the frame never reach the leaf), else a value whose
        /// cell is below `c`, found by stepping down from the cell's estimate.
        func below(_ c: Int16) -> Float {
            if c == .min { return origin }
            var v = origin + (Float(Int32(c) + 32768) - 1) / scale
            if !v.isFinite { return origin }
            while cell(v) >= c { v = v.nextDown }
            return v
        }

        /// A float above every `v` whose cell is at most `c`; the frame's maximum (`hi`)
        /// for the last cell.
        func above(_ c: Int16, hi: Float) -> Float {
            if c == .max { return hi }
            var v = origin + (Float(Int32(c) + 32768) + 2) / scale
            if !v.isFinite { return hi }
            while cell(v) <= c { v = v.nextUp }
            return v
        }
    }

    /// The grid of a leaf whose frame is `f`.
    @usableFromInline
    struct Grid {
        @usableFromInline let x: Axis
        @usableFromInline let y: Axis

        @inlinable @inline(__always)
        init(_ f: Box) {
            x = Axis(f.minX, f.maxX)
            y = Axis(f.minY, f.maxY)
        }

        /// The query point's cells, packed as the leaf test takes them.
        @inlinable @inline(__always)
        func point(_ px: Float, _ py: Float) -> UInt32 {
            UInt32(UInt16(bitPattern: x.cell(px))) | UInt32(UInt16(bitPattern: y.cell(py))) << 16
        }
    }
}

extension ScreenIndex.Leaf {
    /// Lane `l` takes box `b` in the grid of `frame` (an empty box empties the lane).
    mutating func setLane(_ l: Int, _ b: Box, _ grid: ScreenIndex.Grid) {
        if b.isEmpty {
            (minX[l], minY[l], maxX[l], maxY[l]) = (.max, .max, .min, .min)
            return
        }
        minX[l] = grid.x.cell(b.minX)
        minY[l] = grid.y.cell(b.minY)
        maxX[l] = grid.x.cell(b.maxX)
        maxY[l] = grid.y.cell(b.maxY)
    }

    /// A float box holding every point of `frame` that lane `l` lets through (empty for
    /// an empty lane): what re-encoding in a grown frame starts from.
    func lane(_ l: Int, in frame: Box, _ grid: ScreenIndex.Grid) -> Box {
        guard entry[l] != _Lane.empty, minX[l] <= maxX[l], minY[l] <= maxY[l] else { return .empty }
        // Clamped to the frame: only points inside it reach the leaf.
        return Box(
            minX: Swift.max(grid.x.below(minX[l]), frame.minX),
            minY: Swift.max(grid.y.below(minY[l]), frame.minY),
            maxX: Swift.min(grid.x.above(maxX[l], hi: frame.maxX), frame.maxX),
            maxY: Swift.min(grid.y.above(maxY[l], hi: frame.maxY), frame.maxY))
    }

    /// The lanes that hold the query point's cells `cells` (`Grid.point`), as bits 0-7.
    @inlinable @inline(__always)
    static func laneBits(_ leaf: UnsafeRawPointer, _ cells: UInt32) -> UInt32 {
        htShim_LeafLanes(
            leaf.assumingMemoryBound(to: Int16.self), Int16(truncatingIfNeeded: cells),
            Int16(truncatingIfNeeded: cells >> 16))
    }

    /// A walk's visit of a leaf for a point whose cells in its frame are `cells`: raises
    /// `top` to the highest priority among the lanes that hold them, with `slot` that
    /// lane's slot value, telling `newTop` each slot value that becomes the top. The
    /// entries and slot values are read in place. Shared by the single walk
    /// (`Tree.visit`) and a packet's (`ScreenIndex.packetTopEntries`), so that both take a
    /// leaf's lanes in the same order.
    @inlinable @inline(__always)
    static func raise(
        _ leaf: UnsafeRawPointer, cells: UInt32, top: inout Int32, slot: inout Int32,
        newTop: (Int32) -> Void
    ) {
        var bits = laneBits(leaf, cells)
        while bits != 0 {
            let l = bits.trailingZeroBitCount
            bits &= bits &- 1
            let k = priority(ofEntry: leaf.load(fromByteOffset: entryOffset &+ 4 &* l, as: Int32.self))
            if k > top {
                top = k
                slot = leaf.load(fromByteOffset: slotOffset &+ 4 &* l, as: Int32.self)
                newTop(slot)
            }
        }
    }
}
