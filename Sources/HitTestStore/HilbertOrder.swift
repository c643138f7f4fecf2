/// Hilbert-curve order of boxes, shared by the screen index and the child indexes: a
/// box's key is the distance along the curve of its centre's cell on a 65536 x 65536 grid
/// over the boxes' extent, and keys are sorted with a stable radix sort, so a build is
/// O(n) and neighbours on the curve (packed into the same leaf) are near on screen.
enum HilbertOrder {
    /// The curve index of a box's centre, on the grid over `extent` (the union of the
    /// finite boxes; `width` and `height` its sides in doubles). Infinite or NaN centres
    /// land on the grid's edges: any cell is correct, only locality is at stake.
    @inline(__always)
    static func key(of b: Box, extent: Box, width: Double, height: Double) -> UInt32 {
        let cx = Double(b.minX) / 2 + Double(b.maxX) / 2
        let cy = Double(b.minY) / 2 + Double(b.maxY) / 2
        return index(cell(cx, Double(extent.minX), width), cell(cy, Double(extent.minY), height))
    }

    /// The union of the finite, non-empty boxes among `count` read by `box(k)`, and its
    /// sides in doubles (0 when there is none).
    @inline(__always)
    static func extent(count: Int, _ box: (Int) -> Box) -> (box: Box, width: Double, height: Double)
    {
        var e = Box.empty
        for k in 0..<count {
            let b = box(k)
            if !b.isEmpty && b.minX.isFinite && b.minY.isFinite && b.maxX.isFinite
                && b.maxY.isFinite
            {
                e = e.union(b)
            }
        }
        if e.isEmpty { return (e, 0, 0) }
        return (e, Double(e.maxX) - Double(e.minX), Double(e.maxY) - Double(e.minY))
    }

    /// A coordinate's cell on a 65536-wide grid over `[lo, lo + span]`.
    static func cell(_ v: Double, _ lo: Double, _ span: Double) -> UInt32 {
        guard span > 0 else { return 0 }
        let g = 65535 * ((v - lo) / span)
        if !(g > 0) { return 0 }
        return g >= 65535 ? 65535 : UInt32(g)
    }

    /// The distance of cell `(x, y)` along the Hilbert curve that fills the 2^16 x 2^16
    /// grid. Level by level from the top bit, the quadrant's rank along the curve is
    /// `(3 * rx) ^ ry` of the cell's bits in the current orientation, and the quadrant
    /// turns the orientation of what is below it: a quadrant with `ry == 0` swaps x and y,
    /// and when also `rx == 1` mirrors both. The orientation is one of four states
    /// (swapped or not, mirrored or not), so four levels at a time come from a table
    /// (`levelTable`): four lookups per key instead of sixteen branchy steps.
    @inline(__always)
    static func index(_ x: UInt32, _ y: UInt32) -> UInt32 {
        levelTable.withUnsafeBufferPointer { t in
            var state: UInt32 = 0
            var d: UInt32 = 0
            for shift: UInt32 in [12, 8, 4, 0] {
                let nx: UInt32 = (x >> shift) & 15
                let ny: UInt32 = (y >> shift) & 15
                let e = UInt32(t[Int(state << 8 | nx << 4 | ny)])
                d = d << 8 | (e & 255)
                state = e >> 8
            }
            return d
        }
    }

    /// For each orientation state (bit 0: x and y swapped, bit 1: both mirrored) and each
    /// 4-bit pair `(x, y)`: the 8 bits of the four levels' ranks, and the state after them
    /// in bits 8 and 9.
    static let levelTable: [UInt16] = (0..<1024).map { (k: Int) -> UInt16 in
        var state = k >> 8
        let xs = (k >> 4) & 15
        let ys = k & 15
        var ranks = 0
        for level in (0..<4).reversed() {
            let bx = (xs >> level) & 1
            let by = (ys >> level) & 1
            let mirrored = state >> 1
            let swapped = state & 1 == 1
            let rx: Int = (swapped ? by : bx) ^ mirrored
            let ry: Int = (swapped ? bx : by) ^ mirrored
            ranks = ranks << 2 | ((3 * rx) ^ ry)
            if ry == 0 { state ^= rx == 1 ? 3 : 1 }
        }
        return UInt16(state << 8 | ranks)
    }

    /// Sorts by the upper 32 bits (stable, so ties keep their priority order): four
    /// passes of 8 bits.
    static func radixSortHigh32(_ a: inout _Column<UInt64>) {
        let n = a.count
        guard n > 1 else { return }
        var tmp = _Column<UInt64>(repeating: 0, count: n)
        defer { tmp.deallocate() }
        var src = a.base.unsafelyUnwrapped
        var dst = tmp.base.unsafelyUnwrapped
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            for shift in stride(from: 32, to: 64, by: 8) {
                for b in 0..<256 { counts[b] = 0 }
                for i in 0..<n { counts[Int((src[i] >> UInt64(shift)) & 255)] += 1 }
                var total = 0
                for b in 0..<256 {
                    let c = counts[b]
                    counts[b] = total
                    total += c
                }
                for i in 0..<n {
                    let v = src[i]
                    let b = Int((v >> UInt64(shift)) & 255)
                    dst[counts[b]] = v
                    counts[b] += 1
                }
                swap(&src, &dst)
            }
        }
        // Four passes: the result is back in `a`'s own storage.
        assert(src == a.base.unsafelyUnwrapped)
    }
}
