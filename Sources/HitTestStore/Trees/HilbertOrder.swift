/// Hilbert-curve order of boxes, shared by the screen index and the child indexes: a
/// box's key is the distance along the curve of its centre's cell on a 65536 x 65536 grid
/// over the boxes' extent, and keys are sorted with a stable radix sort, so a build is
/// O(n) and neighbours on the curve (packed into the same leaf) are near on screen.
enum HilbertOrder {
    /// The curve index of a box's centre, on the grid over `extent` (the union of the
    /// finite boxes; `width` and `height` its sides in doubles). Infinite or NaN centres
    /// land on the grid's edges: any cell is correct, only locality is at stake.
    ///
    /// The grid's cells are square: both axes span the longer side, so that neighbours
    /// on the curve are near on screen whatever the extent's shape. (A grid stretched to
    /// each side makes a few points across a tall, narrow scene weigh as much as many
    /// rows down it, and a leaf then gathers boxes from rows apart.)
    @inline(__always)
    static func key(of b: Box, extent: Box, width: Double, height: Double) -> UInt32 {
        levelTable.withUnsafeBufferPointer { key(of: b, extent: extent, width: width, height: height, table: $0) }
    }

    /// `key(of:extent:width:height:)` with `levelTable` already in hand, for loops over
    /// many boxes (one access to the lazily made table instead of one a key).
    @inline(__always)
    static func key(
        of b: Box, extent: Box, width: Double, height: Double, table: UnsafeBufferPointer<UInt16>
    ) -> UInt32 {
        let cx = Double(b.minX) / 2 + Double(b.maxX) / 2
        let cy = Double(b.minY) / 2 + Double(b.maxY) / 2
        let side = Swift.max(width, height)
        return index(
            cell(cx, Double(extent.minX), side), cell(cy, Double(extent.minY), side), table: table)
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
        levelTable.withUnsafeBufferPointer { index(x, y, table: $0) }
    }

    /// `bits` (a multiple of 4, at most 16): the grid's side is `2^bits` cells, `x` and
    /// `y` below it, and the distance below `4^bits`.
    @inline(__always)
    static func index(
        _ x: UInt32, _ y: UInt32, bits: UInt32 = 16, table t: UnsafeBufferPointer<UInt16>
    ) -> UInt32 {
        assert(bits % 4 == 0 && bits <= 16, "four levels a table lookup, at most sixteen")
        var state: UInt32 = 0
        var d: UInt32 = 0
        var shift: UInt32 = bits
        while shift > 0 {
            shift -= 4
            let nx: UInt32 = (x >> shift) & 15
            let ny: UInt32 = (y >> shift) & 15
            let e = UInt32(t[Int(state << 8 | nx << 4 | ny)])
            d = d << 8 | (e & 255)
            state = e >> 8
        }
        return d
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

    /// Sorts by the upper 32 bits (stable, so ties keep their priority order). Every
    /// digit's counts come from one pass over the keys; then one scatter pass a digit:
    /// four of 8 bits for short arrays (a child index's few dozen), three of 11, 11 and 10
    /// bits from 4,096 keys on (the screen index's), whose counts still fit in L1.
    /// Its two buffers are reserved first: a refusal throws with `a` as it was.
    static func radixSortHigh32(_ a: inout _Column<UInt64>) throws(AllocationRefused) {
        guard a.count > 1 else { return }
        var spare = _Column<UInt64>()
        var counts = _Column<Int32>()
        defer {
            spare.deallocate()
            counts.deallocate()
        }
        try spare.reserve(a.count)
        try counts.reserve(radixCountWords)
        radixSortHigh32(&a, spare: &spare, counts: &counts)
    }

    /// `radixSortHigh32(_:)` with the caller's second buffer (`spare`, grown to `a`'s
    /// count when shorter; its contents are lost, and the two may trade storage) and
    /// digit counts (`counts`, a few thousand words), so that a caller that keeps them
    /// allocates nothing once they have grown (batch queries).
    static func radixSortHigh32(
        _ a: inout _Column<UInt64>, spare: inout _Column<UInt64>, counts: inout _Column<Int32>
    ) {
        let n = a.count
        guard n > 1 else { return }
        if n < radixWideMinimum {
            radixSort(&a, spare: &spare, counts: &counts, digits: 4, bits: 8)
        } else {
            radixSort(&a, spare: &spare, counts: &counts, digits: 3, bits: 11)
        }
    }

    /// `radixSortHigh32(_:spare:counts:)` for keys below 2^22 in the upper half: two
    /// digits of 11 bits (a batch's point order, `orderPoints`).
    static func radixSortHigh22(
        _ a: inout _Column<UInt64>, spare: inout _Column<UInt64>, counts: inout _Column<Int32>
    ) {
        guard a.count > 1 else { return }
        radixSort(&a, spare: &spare, counts: &counts, digits: 2, bits: 11)
    }

    /// The smallest array sorted in three digits of 11 bits rather than four of 8.
    private static let radixWideMinimum = 4096

    /// The most words of digit counts a sort needs (three digits of 2,048 counts).
    static let radixCountWords = 3 << 11

    /// LSD radix sort of the upper 32 bits in `digits` digits of `bits` bits (the last
    /// one takes what is left), through `tmp`, with each digit's counts in `counts`.
    @inline(__always)
    private static func radixSort(
        _ a: inout _Column<UInt64>, spare tmp: inout _Column<UInt64>,
        counts countColumn: inout _Column<Int32>, digits: Int, bits: Int
    ) {
        let n = a.count
        tmp.removeAll()
        _ = tmp.extend(by: n)
        let buckets = 1 << bits
        let mask = UInt64(buckets - 1)
        countColumn.removeAll()
        let countStart = countColumn.extend(by: digits * buckets)
        countStart.initialize(repeating: 0, count: digits * buckets)
        do {
            let counts = UnsafeMutableBufferPointer(start: countStart, count: digits * buckets)
            let keys = a.base.unsafelyUnwrapped
            let c = counts.baseAddress.unsafelyUnwrapped
            for i in 0..<n {
                let h = keys[i] >> 32
                for d in 0..<digits {
                    c[d * buckets + Int((h >> UInt64(d * bits)) & mask)] &+= 1
                }
            }
            for d in 0..<digits {
                var total: Int32 = 0
                for b in (d * buckets)..<((d + 1) * buckets) {
                    let k = c[b]
                    c[b] = total
                    total &+= k
                }
            }
            var src = a.base.unsafelyUnwrapped
            var dst = tmp.base.unsafelyUnwrapped
            for d in 0..<digits {
                let shift = UInt64(32 + d * bits)
                let at = counts.baseAddress.unsafelyUnwrapped + d * buckets
                for i in 0..<n {
                    let v = src[i]
                    let b = Int((v >> shift) & mask)
                    dst[Int(at[b])] = v
                    at[b] &+= 1
                }
                swap(&src, &dst)
            }
        }
        // After an odd number of passes the sorted keys are in `tmp`'s storage.
        if digits % 2 == 1 { swap(&a, &tmp) }
    }
}
