import CHitTestShim

extension ScreenIndex {
    /// Builds both trees over `boxes` (by priority; an empty box is no entry's and is left
    /// out) with `slots` (each entry's slot value: `slotValue(plain:)`, `(walkedRoot:)`), replacing
    /// what was there. `slotCount` sizes `laneOfSlot` (filled once a refit has asked for
    /// it). O(n): Hilbert keys, a radix sort, then one pass per level.
    ///
    /// Every buffer, the trees' and the build's own, is reserved before it is written:
    /// when the host's allocator refuses one, the build throws and the index holds some
    /// of the new entries (the caller builds into a fresh index and frees it then).
    mutating func build(boxes: _Column<Box>, slots: _Column<Int32>, slotCount: Int)
        throws(AllocationRefused)
    {
        small.removeAll()
        large.removeAll()
        refits = 0
        frameGrowths = 0
        if keepsLaneMap {
            try laneOfSlot.reserve(slotCount)
            laneOfSlot.reset(repeating: .none, count: slotCount)
        }
        let n = boxes.count
        count = n
        guard n > 0 else { return }

        // The extent of the finite boxes, and what counts as large in it.
        let (extent, w, h) = HilbertOrder.extent(count: n) { boxes[$0] }
        let (typicalW, typicalH) = try ScreenIndex.typicalSides(boxes)
        // Keys: Hilbert index of the centre on a 65536 x 65536 grid over the extent,
        // then the priority (so the sort is total and repeatable).
        var smallKeys = _Column<UInt64>()
        var largeKeys = _Column<UInt64>()
        defer {
            smallKeys.deallocate()
            largeKeys.deallocate()
        }
        try smallKeys.reserve(n)
        // Small keys written from the front of one buffer (most entries), large ones from
        // its back, then copied out in their order once their number is known.
        let smallOut = smallKeys.base.unsafelyUnwrapped
        var smallCount = 0
        var largeCount = 0
        HilbertOrder.levelTable.withUnsafeBufferPointer { table in
            for k in 0..<n {
                let b = boxes[k]
                if b.isEmpty { continue }
                let bw = Double(b.maxX) - Double(b.minX)
                let bh = Double(b.maxY) - Double(b.minY)
                let key =
                    UInt64(HilbertOrder.key(of: b, extent: extent, width: w, height: h, table: table))
                    << 32 | UInt64(k)
                // Large: not finite, or a side over an eighth of the extent's and over
                // twice the typical one (a strip of a few rows of like views keeps them
                // small), or over 16 times the typical one.
                if !bw.isFinite || !bh.isFinite || (bw > w / 8 && bw > 2 * typicalW)
                    || (bh > h / 8 && bh > 2 * typicalH) || bw > 16 * typicalW || bh > 16 * typicalH
                {
                    largeCount += 1
                    smallOut[n - largeCount] = key
                } else {
                    smallOut[smallCount] = key
                    smallCount += 1
                }
            }
        }
        try largeKeys.reserve(largeCount)
        for j in 0..<largeCount { largeKeys.append(smallOut[n - 1 - j]) }
        _ = smallKeys.extend(by: smallCount)
        try HilbertOrder.radixSortHigh32(&smallKeys)
        try HilbertOrder.radixSortHigh32(&largeKeys)
        try ScreenIndex.orderSiblings(&smallKeys)
        try ScreenIndex.orderSiblings(&largeKeys)
        try small.pack(
            keys: smallKeys, boxes: boxes, slots: slots, laneOfSlot: &laneOfSlot,
            mapLanes: keepsLaneMap, inLarge: false)
        try large.pack(
            keys: largeKeys, boxes: boxes, slots: slots, laneOfSlot: &laneOfSlot,
            mapLanes: keepsLaneMap, inLarge: true)
    }

    /// Reorders keys sorted along the Hilbert curve so that, in the tree `Tree.pack` (or
    /// `ChildIndex.build`, whose keys rank children) makes of them (8 keys a leaf, 8 nodes
    /// a node, in order), the 8 children of every node stand in increasing order of
    /// their highest priority. Only siblings trade places,
    /// whole subtrees at a time, so every node covers what it covered; a query then pushes
    /// a node's children in lane order and the one with the highest entry comes off its
    /// stack first, with no sorting per query.
    ///
    /// Level by level from the leaves, each subtree gets its rank among its full siblings
    /// (the last subtree of all may be short, and keeps its place, last); a leaf's run of
    /// keys then goes where its ranks at every level put it, in one pass. O(n).
    /// Its buffers are reserved first: a refusal throws with `keys` as they were.
    static func orderSiblings(_ keys: inout _Column<UInt64>) throws(AllocationRefused) {
        let n = keys.count
        let chunks = (n + 7) / 8
        guard chunks > 1 else { return }
        // Each subtree's highest priority (the keys' low half) on the current level, and
        // the ranks of every level, the leaves' first (a level's ranks are a seventh of
        // the one's below at most, plus one for a short group).
        var maxes = _Column<Int32>()
        var ranks = _Column<UInt8>()
        var sorted = _Column<UInt64>()
        defer {
            maxes.deallocate()
            ranks.deallocate()
            sorted.deallocate()
        }
        try maxes.reserve(chunks)
        try ranks.reserve(chunks + chunks / 7 + 16)
        try sorted.reserve(n)
        let base = keys.base.unsafelyUnwrapped
        for c in 0..<chunks {
            var m = Int32.min
            for j in (c * 8)..<Swift.min(c * 8 + 8, n) { m = Swift.max(m, Int32(truncatingIfNeeded: base[j])) }
            maxes.append(m)
        }
        var size = 8
        var anyMoved = false
        // A group's order (8 words), then where each level's ranks start (at most 11
        // levels: 8-wide over 2^31 entries), on the call stack.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 24) { words in
            let order = words.baseAddress.unsafelyUnwrapped
            let levelStarts = order + 8
            var levels = 0
            while maxes.count > 1 {
                let subtrees = maxes.count
                let fullSubtrees = n / size
                let m = maxes.base.unsafelyUnwrapped
                levelStarts[levels] = ranks.count
                levels += 1
                var g = 0
                while g < subtrees {
                    let end = Swift.min(g + 8, subtrees)
                    // The full subtrees of this group, by insertion sort of at most 8.
                    let count = Swift.max(0, Swift.min(end, fullSubtrees) - g)
                    for i in 0..<count {
                        let x = i
                        var j = i - 1
                        while j >= 0 && m[g + order[j]] > m[g + x] {
                            order[j + 1] = order[j]
                            j -= 1
                        }
                        order[j + 1] = x
                    }
                    // Rank by subtree: where subtree `g + order[r]` goes is `r`.
                    let first = ranks.count
                    for i in 0..<(end - g) { ranks.append(UInt8(i)) }
                    for r in 0..<count where order[r] != r {
                        ranks[first + order[r]] = UInt8(r)
                        anyMoved = true
                    }
                    // The group's highest, for the level above.
                    var top = Int32.min
                    for i in g..<end { top = Swift.max(top, m[i]) }
                    m[g / 8] = top
                    g = end
                }
                maxes.truncate(to: (subtrees + 7) / 8)
                size *= 8
            }
            guard anyMoved else { return }
            // Each leaf's run of keys to its place: the sum of its ranks, a digit a level.
            sorted.reset(repeating: 0, count: n)
            let out = sorted.base.unsafelyUnwrapped
            let r = ranks.base.unsafelyUnwrapped
            for c in 0..<chunks {
                var place = 0
                var index = c
                var shift = 0
                for level in 0..<levels {
                    place |= Int(r[levelStarts[level] + index]) << shift
                    index >>= 3
                    shift += 3
                }
                let count = Swift.min(8, n - c * 8)
                (out + place * 8).update(from: base + c * 8, count: count)
            }
        }
        guard anyMoved else { return }
        swap(&keys, &sorted)
    }

    /// The median width and height of up to 1,024 finite, non-empty boxes spread evenly
    /// over `boxes` (infinity when there are none): what a typical entry measures, so that
    /// entries far larger than it (a group wider than the cells it holds, stacked many
    /// deep) go to the large tree and do not widen the leaves of the small ones.
    static func typicalSides(_ boxes: _Column<Box>) throws(AllocationRefused)
        -> (width: Double, height: Double)
    {
        let n = boxes.count
        let step = Swift.max(1, n / 1024)
        // Widths then heights in one buffer, each half sorted in place (no allocation but
        // the buffer's).
        var sides = try _Column<Double>(reserving: 2 * Swift.min(n, 1024) + 2)
        defer { sides.deallocate() }
        var k = 0
        while k < n {
            let b = boxes[k]
            let bw = Double(b.maxX) - Double(b.minX)
            if !b.isEmpty && bw.isFinite && (Double(b.maxY) - Double(b.minY)).isFinite { sides.append(bw) }
            k += step
        }
        let count = sides.count
        guard count > 0 else { return (.infinity, .infinity) }
        k = 0
        while k < n {
            let b = boxes[k]
            let bh = Double(b.maxY) - Double(b.minY)
            if !b.isEmpty && bh.isFinite && (Double(b.maxX) - Double(b.minX)).isFinite { sides.append(bh) }
            k += step
        }
        sides.heapSortDescending(from: count) { $0 }
        let height = sides[count + count / 2]
        sides.truncate(to: count)
        sides.heapSortDescending(from: 0) { $0 }
        return (sides[count / 2], height)
    }

    /// Where slot `s`'s entry sits (`EntryLane.none` for none), making the lane
    /// map on the first call. `slotCount`: the store's slots (no slot is added while the
    /// index stays fresh, so the build's count). Throws when the host's allocator refuses
    /// the map (the index is then as it was).
    mutating func lane(ofSlot s: Int, slotCount: Int) throws(AllocationRefused) -> EntryLane {
        if !keepsLaneMap { try mapLanes(slotCount: slotCount) }
        return s < laneOfSlot.count ? laneOfSlot[s] : .none
    }

    /// Fills `laneOfSlot` from the leaves, and keeps it from now on. O(entries), once.
    @inline(never)
    mutating func mapLanes(slotCount: Int) throws(AllocationRefused) {
        try laneOfSlot.reserve(slotCount)
        keepsLaneMap = true
        laneOfSlot.reset(repeating: .none, count: slotCount)
        small.mapLanes(into: &laneOfSlot, inLarge: false)
        large.mapLanes(into: &laneOfSlot, inLarge: true)
    }

    /// The slot of an entry's slot value (`slotValue(plain:)` or `(walkedRoot:)`).
    @inlinable @inline(__always)
    static func slot(_ v: Int32) -> Int32 { isWalkedRoot(v) ? ~v : v }
}

extension ScreenIndex.Tree {
    /// Writes where each leaf entry sits into `laneOfSlot` (see `ScreenIndex.mapLanes`).
    /// The leaves are in Hilbert order and the map by slot, so at 1M each write is a miss:
    /// the lines `ahead` leaves on are asked for first, so that the misses overlap instead
    /// of queueing one by one. Every leaf but the last is full (`pack` fills them 8 at a
    /// time and nothing empties a lane), so only the last one's lanes are checked.
    func mapLanes(into laneOfSlot: inout _Column<ScreenIndex.EntryLane>, inLarge: Bool) {
        let count = Int(packed.leafCount)
        guard count > 0 else { return }
        let ahead = 4
        let leafBase = UnsafeRawPointer(packed.leaves.base.unsafelyUnwrapped)
        let map = laneOfSlot.base.unsafelyUnwrapped
        let stride = MemoryLayout<ScreenIndex.Leaf>.stride
        // The slot of lane `l`'s slot value in the leaf at `leaf`.
        @inline(__always) func slot(_ leaf: UnsafeRawPointer, _ l: Int) -> Int {
            Int(ScreenIndex.slot(leaf.load(fromByteOffset: ScreenIndex.Leaf.slotOffset + 4 * l, as: Int32.self)))
        }
        for n in 0..<(count - 1) {
            if n + ahead < count - 1 {
                let next = leafBase + (n + ahead) * stride
                for l in 0..<8 { htShim_PrefetchWrite(map + slot(next, l)) }
            }
            let leaf = leafBase + n * stride
            for l in 0..<8 { map[slot(leaf, l)] = ScreenIndex.EntryLane(position: Int32(n * 8 + l), inLarge: inLarge) }
        }
        let last = count - 1
        for l in 0..<8 where packed.leaves[last].entry[l] != _Lane.empty {
            map[slot(leafBase + last * stride, l)] = ScreenIndex.EntryLane(position: Int32(last * 8 + l), inLarge: inLarge)
        }
    }

    mutating func removeAll() {
        packed.removeAll()
        nodeMax.removeAll()
        rootFrame = .empty
        leafCover = 0
    }

    /// Fills `nodeMax` once the leaves and levels are packed: each leaf's highest entry,
    /// then each inner node's highest child, level by level (children come before their
    /// parents in node order).
    mutating func computeNodeMax() throws(AllocationRefused) {
        let total = Int(packed.leafCount) + packed.nodes.count
        try nodeMax.reserve(total)
        nodeMax.reset(repeating: _Slot.none, count: total)
        let leafCount = Int(packed.leafCount)
        // A lane's entry is `Leaf.entry(priority:)`, decreasing in the priority, and an
        // empty lane's is above every entry: the highest priority is the lowest value.
        for n in 0..<leafCount {
            let lowest = packed.leaves[n].entry.min()
            nodeMax[n] = lowest == _Lane.empty ? _Slot.none : ScreenIndex.Leaf.priority(ofEntry: lowest)
        }
        packed.fillInnerMaxima(&nodeMax, none: _Slot.none)
    }

    /// Packs the entries of `keys` (sorted; the low 32 bits are priorities) 8 to a leaf,
    /// then the levels above (`_PackedTree.packLevels`). A leaf's frame is the union of its
    /// entries' boxes; its parent lane holds that frame.
    mutating func pack(
        keys: _Column<UInt64>, boxes: _Column<Box>, slots: _Column<Int32>,
        laneOfSlot: inout _Column<ScreenIndex.EntryLane>, mapLanes: Bool, inLarge: Bool
    ) throws(AllocationRefused) {
        let n = keys.count
        guard n > 0 else { return }
        let leafTotal = (n + 7) / 8
        // Every leaf empty in one fill, then its lanes written in place.
        try packed.leaves.reserve(leafTotal)
        packed.leaves.reset(repeating: .empty, count: leafTotal)
        var frames = try _Column<Box>(reserving: leafTotal)
        defer { frames.deallocate() }
        let leafBase = packed.leaves.base.unsafelyUnwrapped
        var start = 0
        var index: Int32 = 0
        // The keys are in Hilbert order, the boxes and slots by priority, `laneOfSlot` by
        // slot: each entry's reads and write are misses at 1M. They are asked for ahead
        // (the box and slot `ahead` entries on, the lane map's line half as far, once its
        // slot has come in), so that they overlap instead of queueing one by one.
        let ahead = 32
        let (boxBase, slotBase) = (boxes.base, slots.base)
        let laneBase = laneOfSlot.base
        while start < n {
            let end = Swift.min(start + 8, n)
            let leaf = leafBase + Int(index)
            for j in Swift.stride(from: start == 0 ? 0 : start + ahead, to: Swift.min(end + ahead, n), by: 1) {
                let k = Int(Int32(truncatingIfNeeded: keys[j]))
                htShim_PrefetchRead(boxBase.unsafelyUnwrapped + k)
                htShim_PrefetchRead(slotBase.unsafelyUnwrapped + k)
            }
            if mapLanes {
                for j in Swift.stride(from: start + ahead / 2, to: Swift.min(end + ahead / 2, n), by: 1) {
                    let s = slots[Int(Int32(truncatingIfNeeded: keys[j]))]
                    htShim_PrefetchWrite(laneBase.unsafelyUnwrapped + Int(ScreenIndex.slot(s)))
                }
            }
            var frame = Box.empty
            for l in 0..<(end - start) {
                let k = Int32(truncatingIfNeeded: keys[start + l])
                frame = frame.union(boxes[Int(k)])
                leaf.pointee.entry[l] = ScreenIndex.Leaf.entry(priority: k)
                let slot = slots[Int(k)]
                leaf.pointee.slot[l] = slot
                if mapLanes {
                    laneOfSlot[Int(ScreenIndex.slot(slot))] = ScreenIndex.EntryLane(position: index * 8 + Int32(l), inLarge: inLarge)
                }
            }
            let grid = ScreenIndex.Grid(frame)
            for l in 0..<(end - start) {
                let k = Int32(truncatingIfNeeded: keys[start + l])
                leaf.pointee.setLane(l, boxes[Int(k)], grid)
            }
            frames.append(frame)
            index += 1
            start = end
        }
        packed.leafCount = index
        rootFrame = index == 1 ? frames[0] : .empty
        leafCover = ScreenIndex.Tree.cover(frames)
        try packed.packLevels { frames[$0] }
        try computeNodeMax()
    }
}

extension ScreenIndex.Tree {
    /// How many of `frames` hold a point of their union on average: the sum of their areas
    /// over the union's. Infinite (or not a number) for frames without a finite area
    /// between them.
    static func cover(_ frames: _Column<Box>) -> Double {
        var all = Box.empty
        var sum = 0.0
        for f in 0..<frames.count {
            let b = frames[f]
            all = all.union(b)
            sum += Double(b.maxX - b.minX) * Double(b.maxY - b.minY)
        }
        return sum / (Double(all.maxX - all.minX) * Double(all.maxY - all.minY))
    }
}
