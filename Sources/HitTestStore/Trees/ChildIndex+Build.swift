extension ChildIndex {
    /// Builds the index over `children` with their `boxes` (indexed by slot); children
    /// with empty boxes are left out (see `refit`). Leaves take the children 8 at a time
    /// in Hilbert order of their centres (`HilbertOrder`: a radix sort, O(n)), so that
    /// each leaf covers a compact area, then siblings reordered by their highest label
    /// (`ScreenIndex.orderSiblings`); the levels above are packed from the leaves
    /// (`_PackedTree.packLevels`), and `nodeMax` from the children's order labels
    /// (`order`, by slot).
    ///
    /// Every buffer is asked for fallibly: when the host's allocator refuses one, the
    /// refusal is thrown with the index part made, and the store drops it (its container's
    /// subviews are then tested one by one, as exactly).
    mutating func build(children: [Int32], boxes: _Column<Box>, order: _Column<UInt32>)
        throws(AllocationRefused)
    {
        tree.removeAll()
        nodeMax.removeAll()
        overflow.removeAll()
        laneOfChild.removeAll()
        dead = 0
        let (extent, w, h) = HilbertOrder.extent(count: children.count) { boxes[Int(children[$0])] }
        // Keys: the curve index, then the position among the children (a total order).
        var keys = try _Column<UInt64>(reserving: children.count)
        defer { keys.deallocate() }
        for (k, c) in children.enumerated() {
            let b = boxes[Int(c)]
            if b.isEmpty { continue }  // an empty box can never be hit
            keys.append(
                UInt64(HilbertOrder.key(of: b, extent: extent, width: w, height: h)) << 32
                    | UInt64(k))
        }
        entries = keys.count
        guard entries > 0 else { return }
        try HilbertOrder.radixSortHigh32(&keys)
        // Siblings in increasing order of their highest label, as in the screen index, so
        // that `topChild` takes the most promising first: `children` come bottom to top,
        // so a child's position (the keys' low half) ranks its label.
        try ScreenIndex.orderSiblings(&keys)
        try tree.leaves.reserve((entries + 7) / 8)
        var start = 0
        while start < entries {
            let end = min(start + 8, entries)
            var node = _PackedNode.emptyLanes
            for l in 0..<(end - start) {
                let c = children[Int(Int32(truncatingIfNeeded: keys[start + l]))]
                node.setLane(l, boxes[Int(c)])
                node.child[l] = ChildIndex.lane(ofView: c)
            }
            tree.leaves.append(node)
            start = end
        }
        tree.leafCount = Int32(tree.leaves.count)
        let leaves = tree.leaves  // the same storage, read while the levels are packed
        try tree.packLevels { leaves[$0].bounds }
        try relabel(order: order)
    }

    /// Every node's `nodeMax` made again from the children's order labels (`order`, by
    /// slot): after a build, or once the labels of all the siblings were spread anew.
    /// O(entries). Allocates only after a build (the values of an index that has them are
    /// overwritten in place).
    mutating func relabel(order: _Column<UInt32>) throws(AllocationRefused) {
        guard tree.root >= 0 else { return }
        let n = Int(tree.leafCount) + tree.nodes.count
        try nodeMax.reserve(n)
        nodeMax.reset(repeating: 0, count: n)
        for n in 0..<Int(tree.leafCount) { nodeMax[n] = leafMax(n, order: order) }
        tree.fillInnerMaxima(&nodeMax, none: 0)
    }

    /// The highest order label among the children in leaf `n`'s lanes, 0 for none.
    func leafMax(_ n: Int, order: _Column<UInt32>) -> UInt32 {
        var m: UInt32 = 0
        for l in 0..<8 where tree.leaves[n].child[l] < _Lane.empty {
            m = Swift.max(m, order[Int(ChildIndex.view(ofLane: tree.leaves[n].child[l]))])
        }
        return m
    }
}
