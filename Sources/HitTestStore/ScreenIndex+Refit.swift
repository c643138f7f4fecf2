extension ScreenIndex {
    /// Gives the entry at `at` (a `laneOfSlot` value) the box `b` in place: its lane takes
    /// `b`, and every node box above it is widened to hold it (boxes never shrink here, so
    /// the index stays conservative). O(tree height). A query is as exact after it as after
    /// a rebuild; it may only visit more nodes, which is why the store rebuilds after as
    /// many refits as there are entries.
    mutating func refit(at: Int32, to b: Box) {
        guard at >= 0 else { return }
        refits += 1
        let inLarge = at & ScreenIndex.largeFlag != 0
        let position = at & ~ScreenIndex.largeFlag
        if inLarge {
            large.refit(position, to: b)
        } else {
            small.refit(position, to: b)
        }
    }

    /// The slot value in the leaf lane at `at` (a `laneOfSlot` value, not -1): the slot,
    /// or `~slot` when the entry is a walked subtree's root.
    func slotValue(at: Int32) -> Int32 {
        let position = Int(at & ~ScreenIndex.largeFlag)
        let tree = at & ScreenIndex.largeFlag != 0 ? large : small
        return tree.nodes[position / 8].slot[position % 8]
    }

    /// True when refits have loosened the trees enough that a rebuild pays.
    var needsRebuild: Bool { refits > Swift.max(1024, count) }
}

extension ScreenIndex.Tree {
    mutating func refit(_ position: Int32, to b: Box) {
        var node = Int(position / 8)
        nodes[node].lanes.setLane(Int(position % 8), b)
        // Widen upwards while a parent's lane does not already hold the node's new box.
        var level = 0
        while let (parentNode, lane) = parentLane(of: node, level: level) {
            let old = nodes[parentNode].lanes.lane(lane)
            let grown = old.union(b)
            if grown == old { return }
            nodes[parentNode].lanes.setLane(lane, grown)
            node = parentNode
            level += 1
        }
    }
}

extension ScreenIndex {
    /// The index's own invariants (tests and `ViewStore.checkInvariants`): every node's
    /// lane holds the box of the node it points at, every entry is where `laneOfSlot` says
    /// (once kept) and no two share a priority, and each node's parent lane by level
    /// arithmetic (`parentLane`) is the lane that points at it. Returns the first violation.
    func validate() -> String? {
        var seen = [Bool](repeating: false, count: count)
        for (tree, flag) in [(small, Int32(0)), (large, ScreenIndex.largeFlag)] {
            for n in 0..<tree.nodes.count {
                let node = tree.nodes[n].lanes
                for l in 0..<8 {
                    let v = node.child[l]
                    if v == -1 { continue }
                    if n < Int(tree.leafCount) {
                        let k = Int(-2 - v)
                        guard k >= 0 && k < count else { return "leaf \(n) lane \(l): entry \(k) out of range" }
                        if seen[k] { return "entry \(k) is in two lanes" }
                        seen[k] = true
                        let s = Int(ScreenIndex.slot(tree.nodes[n].slot[l]))
                        guard !keepsLaneMap || (s < laneOfSlot.count && laneOfSlot[s] == (Int32(n) * 8 + Int32(l)) | flag)
                        else {
                            return "entry \(k) (slot \(s)) is at leaf \(n) lane \(l), not where laneOfSlot says"
                        }
                    } else {
                        let c = Int(v)
                        guard c >= 0 && c < n else { return "node \(n) lane \(l): child \(c) out of order" }
                        if !node.lane(l).contains(tree.nodes[c].lanes.bounds) {
                            return "node \(n) lane \(l) does not hold node \(c)'s box"
                        }
                        guard let up = tree.parentLane(of: c, level: tree.level(of: c)),
                            up == (n, l)
                        else {
                            return "node \(c)'s parent lane by level arithmetic is not node \(n) lane \(l)"
                        }
                    }
                }
            }
        }
        return nil
    }
}
