extension ChildIndex {
    /// The index's own invariants (tests and `ViewStore.invariantViolations`): the tree's
    /// shape and boxes (`_PackedTree.validate`, a leaf's box the union of its lanes);
    /// `entries` filling the leaves 8 at a time; a leaf's lanes holding children, each at
    /// most once, or nothing with an empty box; the live lanes the entries less the dead;
    /// `laneOfChild`, once made, giving every child in the tree its own lane; and every
    /// node's `nodeMax` exactly the highest order label (`order`, by slot) of the children
    /// below it. Returns the first violation.
    func validate(order: _Column<UInt32>) -> String? {
        if let problem = tree.validate(leafBox: { tree.leaves[$0].bounds }) { return problem }
        if tree.root >= 0 {
            let total = Int(tree.leafCount) + tree.nodes.count
            guard nodeMax.count == total else { return "nodeMax holds \(nodeMax.count) values for \(total) nodes" }
            if let bad = tree.checkMaxima(nodeMax, none: 0, leafMax: { leafMax($0, order: order) }) {
                return "node \(bad.node) keeps \(bad.kept) as its highest label, not \(bad.expected)"
            }
        }
        guard Int(tree.leafCount) == (entries + 7) / 8 else {
            return "\(tree.leafCount) leaves for \(entries) entries"
        }
        let leaves = tree.leaves
        var seen = Set<Int32>()
        var live = 0
        for n in 0..<Int(tree.leafCount) {
            for l in 0..<8 {
                let v = leaves[n].child[l]
                if v == _Lane.empty {
                    guard leaves[n].lane(l) == .empty else {
                        return "leaf \(n) lane \(l) is empty but its box is not"
                    }
                    continue
                }
                guard v < _Lane.empty else {
                    return "leaf \(n) lane \(l) holds node \(v), not a child"
                }
                let child = ChildIndex.view(ofLane: v)
                guard seen.insert(child).inserted else { return "child \(child) is in two lanes" }
                guard !leaves[n].lane(l).isEmpty else {
                    return "leaf \(n) lane \(l) (child \(child)) has an empty box"
                }
                live += 1
            }
        }
        guard live == entries - dead else {
            return "\(live) live lanes, but \(entries) entries and \(dead) dead"
        }
        if !laneOfChild.isEmpty {
            var previous: UInt32?
            var mapped = 0
            for pair in laneOfChild {
                let child = UInt32(truncatingIfNeeded: pair >> 32)
                let position = Int(UInt32(truncatingIfNeeded: pair))
                if let p = previous, p >= child {
                    return "laneOfChild is not sorted by child at \(child)"
                }
                previous = child
                guard position < Int(tree.leafCount) * 8 else {
                    return "laneOfChild puts child \(child) past the leaves"
                }
                let v = leaves[position / 8].child[position % 8]
                if v == _Lane.empty { continue }  // removed since the map was made
                guard v == ChildIndex.lane(ofView: Int32(bitPattern: child)) else {
                    return "laneOfChild puts child \(child) at \(position), which holds another"
                }
                mapped += 1
            }
            guard mapped == live else {
                return "laneOfChild maps \(mapped) of \(live) children in the tree"
            }
        }
        return nil
    }

    /// Every child in the tree with its lane's box (validation only: O(entries)).
    func childBoxes() -> [Int32: Box] {
        var out: [Int32: Box] = [:]
        for n in 0..<Int(tree.leafCount) {
            for l in 0..<8 where tree.leaves[n].child[l] < _Lane.empty {
                out[ChildIndex.view(ofLane: tree.leaves[n].child[l])] = tree.leaves[n].lane(l)
            }
        }
        return out
    }
}
