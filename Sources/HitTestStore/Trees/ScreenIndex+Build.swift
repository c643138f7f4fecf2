import CHitTestShim

extension ScreenIndex {
    /// Builds both trees over `boxes` (by priority; an empty box is no entry's and is left
    /// out) with `slots` (each entry's slot value: `slotValue(plain:)`, `(walkedRoot:)`), replacing
    /// what was there. `slotCount` sizes `laneOfSlot` (filled once a refit has asked for
    /// it). O(n): Hilbert keys, a radix sort, then one pass per level.
    mutating func build(boxes: _Column<Box>, slots: _Column<Int32>, slotCount: Int) {
        small.removeAll()
        large.removeAll()
        refits = 0
        if keepsLaneMap { laneOfSlot.reset(repeating: .none, count: slotCount) }
        let n = boxes.count
        count = n
        guard n > 0 else { return }

        // The extent of the finite boxes, and what counts as large in it.
        let (extent, w, h) = HilbertOrder.extent(count: n) { boxes[$0] }
        // Keys: Hilbert index of the centre on a 65536 x 65536 grid over the extent,
        // then the priority (so the sort is total and repeatable).
        var smallKeys = _Column<UInt64>(capacity: n)
        var largeKeys = _Column<UInt64>()
        defer {
            smallKeys.deallocate()
            largeKeys.deallocate()
        }
        // Small keys written through a pointer (most entries), large ones appended.
        let smallOut = smallKeys.base.unsafelyUnwrapped
        var smallCount = 0
        HilbertOrder.levelTable.withUnsafeBufferPointer { table in
            for k in 0..<n {
                let b = boxes[k]
                if b.isEmpty { continue }
                let bw = Double(b.maxX) - Double(b.minX)
                let bh = Double(b.maxY) - Double(b.minY)
                let key =
                    UInt64(HilbertOrder.key(of: b, extent: extent, width: w, height: h, table: table))
                    << 32 | UInt64(k)
                // Large: a side over an eighth of the extent's, or not finite.
                if !(bw <= w / 8) || !(bh <= h / 8) {
                    largeKeys.append(key)
                } else {
                    smallOut[smallCount] = key
                    smallCount += 1
                }
            }
        }
        _ = smallKeys.extend(by: smallCount)
        HilbertOrder.radixSortHigh32(&smallKeys)
        HilbertOrder.radixSortHigh32(&largeKeys)
        small.pack(
            keys: smallKeys, boxes: boxes, slots: slots, laneOfSlot: &laneOfSlot,
            mapLanes: keepsLaneMap, inLarge: false)
        large.pack(
            keys: largeKeys, boxes: boxes, slots: slots, laneOfSlot: &laneOfSlot,
            mapLanes: keepsLaneMap, inLarge: true)
    }

    /// Where slot `s`'s entry sits (`EntryLane.none` for none), making the lane
    /// map on the first call. `slotCount`: the store's slots (no slot is added while the
    /// index stays fresh, so the build's count).
    mutating func lane(ofSlot s: Int, slotCount: Int) -> EntryLane {
        if !keepsLaneMap { mapLanes(slotCount: slotCount) }
        return s < laneOfSlot.count ? laneOfSlot[s] : .none
    }

    /// Fills `laneOfSlot` from the leaves, and keeps it from now on. O(entries), once.
    @inline(never)
    mutating func mapLanes(slotCount: Int) {
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
        rootFrame = .empty
    }

    /// Packs the entries of `keys` (sorted; the low 32 bits are priorities) 8 to a leaf,
    /// then the levels above (`_PackedTree.packLevels`). A leaf's frame is the union of its
    /// entries' boxes; its parent lane holds that frame.
    mutating func pack(
        keys: _Column<UInt64>, boxes: _Column<Box>, slots: _Column<Int32>,
        laneOfSlot: inout _Column<ScreenIndex.EntryLane>, mapLanes: Bool, inLarge: Bool
    ) {
        let n = keys.count
        guard n > 0 else { return }
        let leafTotal = (n + 7) / 8
        // Every leaf empty in one fill, then its lanes written in place.
        packed.leaves.reset(repeating: .empty, count: leafTotal)
        var frames = _Column<Box>(capacity: leafTotal)
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
        packed.packLevels { frames[$0] }
    }
}
