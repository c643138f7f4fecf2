extension ChildIndex {
    /// Builds the index over `children` with their `boxes` (indexed by slot); children
    /// with empty boxes are left out (see `refit`). Leaves take the children 8 at a time
    /// in Hilbert order of their centres (`HilbertOrder`: a radix sort, O(n)), so that
    /// each leaf covers a compact area; the levels above are packed from the leaves
    /// (`_PackedTree.packLevels`).
    mutating func build(children: [Int32], boxes: _Column<Box>) {
        tree.removeAll()
        overflow.removeAll()
        laneOfChild.removeAll()
        dead = 0
        let (extent, w, h) = HilbertOrder.extent(count: children.count) { boxes[Int(children[$0])] }
        // Keys: the curve index, then the position among the children (a total order).
        var keys = _Column<UInt64>(capacity: children.count)
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
        HilbertOrder.radixSortHigh32(&keys)
        tree.leaves.reserveCapacity((entries + 7) / 8)
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
        tree.packLevels { leaves[$0].bounds }
    }
}
