extension ChildIndex {
    /// Where `child` sits in the tree (`leaf * 8 + lane`), or nil when no lane holds it
    /// (it waits in the overflow list, was removed, or had an empty box at the build).
    /// A binary search of `laneOfChild`, which the first call after a build makes from the
    /// leaves: O(entries) once, then O(log entries). Throws the host allocator's refusal
    /// of that map (the index is unchanged and the map left unmade).
    mutating func position(of child: Int32) throws(AllocationRefused) -> Int? {
        guard tree.root >= 0 else { return nil }
        if laneOfChild.isEmpty { try mapLanes() }
        var (lo, hi) = (0, laneOfChild.count)
        let key = UInt32(bitPattern: child)
        while lo < hi {
            let mid = (lo + hi) / 2
            if UInt32(truncatingIfNeeded: laneOfChild[mid] >> 32) < key {
                lo = mid + 1
            } else {
                hi = mid
            }
        }
        guard lo < laneOfChild.count, UInt32(truncatingIfNeeded: laneOfChild[lo] >> 32) == key
        else { return nil }
        let position = Int(UInt32(truncatingIfNeeded: laneOfChild[lo]))
        // A removed child's lane is empty now; the map keeps its old place until the build.
        return tree.leaves[position / 8].child[position % 8] == ChildIndex.lane(ofView: child)
            ? position : nil
    }

    /// Fills `laneOfChild` from the leaves' lanes; on a refusal it is left empty.
    private mutating func mapLanes() throws(AllocationRefused) {
        try laneOfChild.reserve(entries)
        for n in 0..<Int(tree.leafCount) {
            for l in 0..<8 where tree.leaves[n].child[l] < _Lane.empty {
                let slot = UInt32(bitPattern: ChildIndex.view(ofLane: tree.leaves[n].child[l]))
                laneOfChild.append(UInt64(slot) << 32 | UInt64(n * 8 + l))
            }
        }
        do throws(AllocationRefused) { try HilbertOrder.radixSortHigh32(&laneOfChild) } catch {
            laneOfChild.removeAll()
            throw error
        }
    }

    /// The child's box changed from `old` to `new`: its lane takes `new` and the lanes
    /// above it are widened to hold it (`_PackedTree.widen`). O(log entries). A child
    /// still in the overflow list needs nothing: the list is tested against the store's
    /// boxes. Labels do not change, so neither does `nodeMax`, unless the child leaves its
    /// lane (`order`: the labels, by slot). Throws the host allocator's refusal of the
    /// lane map or of the overflow list's room, with the child not placed: the store then
    /// drops the index.
    mutating func refit(
        _ child: Int32, from old: Box, to new: Box, boxes: _Column<Box>, order: _Column<UInt32>
    ) throws(AllocationRefused) {
        guard let position = try position(of: child) else {
            // Children with empty boxes are never in the tree (they cannot be hit).
            if old.isEmpty {
                if !new.isEmpty && !overflow.contains(child) {
                    try overflow.reserveForAppend()
                    overflow.append(child)
                }
            } else {
                precondition(
                    overflow.contains(child), "child \(child) is not in its parent's index")
            }
            return
        }
        let (leaf, l) = (position / 8, position % 8)
        if new.isEmpty {
            clear(lane: l, of: leaf, order: order)
            return
        }
        tree.leaves[leaf].setLane(l, new)
        tree.widen(above: leaf, on: tree.leafLevel, toHold: new)
    }

    /// A child was removed: its entry becomes an empty lane. Throws the refusal of the
    /// lane map, as `refit`.
    mutating func remove(_ child: Int32, box old: Box, order: _Column<UInt32>)
        throws(AllocationRefused)
    {
        if let i = overflow.firstIndex(of: child) {
            overflow.remove(at: i)
            return
        }
        guard let position = try position(of: child) else { return }
        clear(lane: position % 8, of: position / 8, order: order)
    }

    /// `child` took a new order label (`order`, by slot): moved among its siblings. The
    /// values of `nodeMax` above its lane follow. O(height) once the lane map is made.
    /// Throws the refusal of the lane map, as `refit`.
    mutating func relabel(_ child: Int32, order: _Column<UInt32>) throws(AllocationRefused) {
        guard let position = try position(of: child) else { return }  // in the overflow list or not indexed
        refreshMaxima(ofLeaf: position / 8, order: order)
    }

    /// Leaf `leaf`'s `nodeMax` and the values above it made exact again.
    private mutating func refreshMaxima(ofLeaf leaf: Int, order: _Column<UInt32>) {
        let m = leafMax(leaf, order: order)
        if nodeMax[leaf] == m { return }
        nodeMax[leaf] = m
        tree.refreshMaxima(aboveLeaf: leaf, &nodeMax, none: 0)
    }

    /// Lane `l` of leaf `leaf` loses its child: an empty box, no child, one more dead
    /// entry, and the highest labels above it without the child's.
    private mutating func clear(lane l: Int, of leaf: Int, order: _Column<UInt32>) {
        tree.leaves[leaf].setLane(l, .empty)
        tree.leaves[leaf].child[l] = _Lane.empty
        dead += 1
        refreshMaxima(ofLeaf: leaf, order: order)
    }
}
