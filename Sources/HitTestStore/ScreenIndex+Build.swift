extension ScreenIndex {
    /// Builds both trees over `boxes` (by priority; an empty box is no entry's and is left
    /// out) with `slots` (see `slotOfEntry`), replacing what was there. `slotCount` sizes
    /// `entryOfSlot`. O(n): Hilbert keys, a radix sort, then one pass per level.
    mutating func build(boxes: _Column<Box>, slots: _Column<Int32>, slotCount: Int) {
        small.clear()
        large.clear()
        refits = 0
        slotOfEntry.removeAll()
        slotOfEntry.append(contentsOf: UnsafeBufferPointer(start: slots.base, count: slots.count))
        entryLane.removeAll()
        entryLane.reserveCapacity(slots.count)
        for _ in 0..<slots.count { entryLane.append(-1) }
        entryOfSlot.removeAll()
        entryOfSlot.reserveCapacity(slotCount)
        for _ in 0..<slotCount { entryOfSlot.append(-1) }
        let n = boxes.count
        guard n > 0 else { return }
        for k in 0..<n { entryOfSlot[Int(ScreenIndex.slot(slots[k]))] = Int32(k) }

        // The extent of the finite boxes, and what counts as large in it.
        var extent = Box.empty
        for k in 0..<n {
            let b = boxes[k]
            if !b.isEmpty && b.minX.isFinite && b.minY.isFinite && b.maxX.isFinite && b.maxY.isFinite {
                extent = extent.union(b)
            }
        }
        let w = extent.isEmpty ? 0 : Double(extent.maxX) - Double(extent.minX)
        let h = extent.isEmpty ? 0 : Double(extent.maxY) - Double(extent.minY)
        // Keys: Hilbert index of the centre on a 65536 x 65536 grid over the extent,
        // then the priority (so the sort is total and repeatable).
        var smallKeys = _Column<UInt64>(capacity: n)
        var largeKeys = _Column<UInt64>()
        defer {
            smallKeys.deallocate()
            largeKeys.deallocate()
        }
        for k in 0..<n {
            let b = boxes[k]
            if b.isEmpty { continue }
            let bw = Double(b.maxX) - Double(b.minX)
            let bh = Double(b.maxY) - Double(b.minY)
            let cx = Double(b.minX) / 2 + Double(b.maxX) / 2
            let cy = Double(b.minY) / 2 + Double(b.maxY) / 2
            let key =
                UInt64(
                    ScreenIndex.hilbert(
                        ScreenIndex.grid(cx, Double(extent.minX), w),
                        ScreenIndex.grid(cy, Double(extent.minY), h))) << 32 | UInt64(k)
            // Large: a side over an eighth of the extent's, or not finite.
            if !(bw <= w / 8) || !(bh <= h / 8) {
                largeKeys.append(key)
            } else {
                smallKeys.append(key)
            }
        }
        ScreenIndex.radixSortHigh32(&smallKeys)
        ScreenIndex.radixSortHigh32(&largeKeys)
        small.pack(keys: smallKeys, boxes: boxes, slots: slots, entryLane: &entryLane, flag: 0)
        large.pack(
            keys: largeKeys, boxes: boxes, slots: slots, entryLane: &entryLane, flag: ScreenIndex.largeFlag)
    }

    /// The slot of an entry's `slotOfEntry` value (plain or walked).
    @inlinable @inline(__always)
    static func slot(_ v: Int32) -> Int32 { v >= 0 ? v : ~v }

    /// A coordinate's cell on a 65536-wide grid over `[lo, lo + span]`.
    static func grid(_ v: Double, _ lo: Double, _ span: Double) -> UInt32 {
        guard span > 0 else { return 0 }
        let g = 65535 * ((v - lo) / span)
        if !(g > 0) { return 0 }
        return g >= 65535 ? 65535 : UInt32(g)
    }

    /// The distance of cell `(x, y)` along the Hilbert curve that fills the 2^16 x 2^16
    /// grid: at each scale, the quadrant's rank along the curve, then the point turned
    /// into that quadrant's own orientation.
    static func hilbert(_ x0: UInt32, _ y0: UInt32) -> UInt32 {
        var x = x0
        var y = y0
        var d: UInt32 = 0
        var s: UInt32 = 1 << 15
        while s > 0 {
            let rx: UInt32 = x & s != 0 ? 1 : 0
            let ry: UInt32 = y & s != 0 ? 1 : 0
            d &+= s &* s &* ((3 &* rx) ^ ry)
            if ry == 0 {
                if rx == 1 {
                    x = 65535 - x
                    y = 65535 - y
                }
                swap(&x, &y)
            }
            s >>= 1
        }
        return d
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

extension ScreenIndex.Tree {
    mutating func clear() {
        nodes.removeAll()
        nodeParent.removeAll()
        root = -1
        leafCount = 0
    }

    /// Packs the entries of `keys` (sorted; the low 32 bits are priorities) 8 to a leaf,
    /// then 8 nodes to a node, level by level up to one root.
    mutating func pack(
        keys: _Column<UInt64>, boxes: _Column<Box>, slots: _Column<Int32>,
        entryLane: inout _Column<Int32>, flag: Int32
    ) {
        let n = keys.count
        guard n > 0 else { return }
        var total = 0
        var m = n
        repeat {
            m = (m + 7) / 8
            total += m
        } while m > 1
        nodes.reserveCapacity(total)
        nodeParent.reserveCapacity(total)
        // Leaves.
        var start = 0
        while start < n {
            let end = Swift.min(start + 8, n)
            var node = ScreenIndex.Node.empty
            let index = Int32(nodes.count)
            for l in 0..<(end - start) {
                let k = Int32(truncatingIfNeeded: keys[start + l])
                node.lanes.setLane(l, boxes[Int(k)])
                node.lanes.child[l] = -2 - k
                node.slot[l] = slots[Int(k)]
                entryLane[Int(k)] = (index * 8 + Int32(l)) | flag
            }
            nodes.append(node)
            nodeParent.append(-1)
            start = end
        }
        leafCount = Int32(nodes.count)
        // Inner levels: the nodes of the level below, 8 at a time, in order.
        var levelStart = 0
        var levelEnd = nodes.count
        while levelEnd - levelStart > 1 {
            var k = levelStart
            while k < levelEnd {
                let end = Swift.min(k + 8, levelEnd)
                var node = ScreenIndex.Node.empty
                let index = Int32(nodes.count)
                for l in 0..<(end - k) {
                    node.lanes.setLane(l, nodes[k + l].lanes.bounds)
                    node.lanes.child[l] = Int32(k + l)
                    nodeParent[k + l] = index * 8 + Int32(l)
                }
                nodes.append(node)
                nodeParent.append(-1)
                k = end
            }
            levelStart = levelEnd
            levelEnd = nodes.count
        }
        root = Int32(nodes.count - 1)
    }
}

extension ChildIndex.Node {
    /// The union of the lanes' boxes (empty lanes hold the empty box).
    var bounds: Box {
        Box(minX: minX.min(), minY: minY.min(), maxX: maxX.max(), maxY: maxY.max())
    }
}
