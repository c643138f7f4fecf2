extension ChildIndex {
    /// Builds the index over `children` with their `boxes` (indexed by slot); children
    /// with empty boxes are left out (see `refit`). Leaves take the children 8 at a time
    /// in Hilbert order of their centres (`HilbertOrder`: a radix sort, O(n)), so that
    /// each leaf covers a compact area; each level above takes the one below 8 at a time,
    /// in order, up to one root (the last node). Every leaf is on level 0, so the levels'
    /// starts follow from `entries` alone (`parentLane`).
    mutating func build(children: [Int32], boxes: _Column<Box>) {
        nodes.removeAll()
        overflow.removeAll()
        laneOfChild.removeAll()
        dead = 0
        root = _Slot.none
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
        var total = 0
        var m = entries
        repeat {
            m = (m + 7) / 8
            total += m
        } while m > 1
        nodes.reserveCapacity(total)
        var start = 0
        while start < entries {
            let end = min(start + 8, entries)
            var node = Node.emptyLanes
            for l in 0..<(end - start) {
                let c = children[Int(Int32(truncatingIfNeeded: keys[start + l]))]
                node.setLane(l, boxes[Int(c)])
                node.child[l] = ChildIndex.lane(ofView: c)
            }
            nodes.append(node)
            start = end
        }
        var levelStart = 0
        var levelEnd = nodes.count
        while levelEnd - levelStart > 1 {
            var k = levelStart
            while k < levelEnd {
                let end = min(k + 8, levelEnd)
                var node = Node.emptyLanes
                for l in 0..<(end - k) {
                    node.setLane(l, nodes[k + l].bounds)
                    node.child[l] = Int32(k + l)
                }
                nodes.append(node)
                k = end
            }
            levelStart = levelEnd
            levelEnd = nodes.count
        }
        root = Int32(nodes.count - 1)
    }
}
