extension ScreenIndex {
    /// Gives the entry at `at` (not `none`) the box `b` in place: its lane takes
    /// `b`, and every node box above it is widened to hold it (boxes never shrink here, so
    /// the index stays conservative). O(tree height). A query is as exact after it as after
    /// a rebuild; it may only visit more nodes, which is why the store rebuilds after as
    /// many refits as there are entries.
    mutating func refit(at: EntryLane, to b: Box) {
        guard !at.isNone else { return }
        refits += 1
        if at.inLarge {
            large.refit(at.position, to: b)
        } else {
            small.refit(at.position, to: b)
        }
    }

    /// The slot value in the leaf lane at `at` (not `none`): see `slotValue(plain:)`.
    func slotValue(at: EntryLane) -> Int32 {
        let position = Int(at.position)
        let tree = at.inLarge ? large : small
        return tree.leaves[position / 8].slot[position % 8]
    }

    /// True when refits have loosened the trees enough that a rebuild pays.
    var needsRebuild: Bool { refits > Swift.max(1024, count) }
}

extension ScreenIndex.Tree {
    /// Lane `position` (leaf `position / 8`) takes box `b`. When the leaf's frame holds
    /// `b`, only that lane's cells change. Otherwise the frame grows to hold it: every
    /// other lane is turned back into a float box that holds all it let through
    /// (`Leaf.lane(_:in:_:)`) and all are written again as cells of the grown frame,
    /// which the parent lane then holds; the boxes above are widened as before. A lane
    /// may so grow by a cell or two a re-encoding, never shrink below what it held: the
    /// index stays conservative, and the store rebuilds it after as many refits as
    /// entries.
    mutating func refit(_ position: Int32, to b: Box) {
        let leaf = Int(position / 8)
        let frame = frame(ofLeaf: leaf)
        let grown = frame.union(b)
        if grown == frame {
            leaves[leaf].setLane(Int(position % 8), b, ScreenIndex.Grid(frame))
            return
        }
        let (old, new) = (ScreenIndex.Grid(frame), ScreenIndex.Grid(grown))
        var l = leaves[leaf]
        for k in 0..<8 where l.entry[k] != _Lane.empty {
            l.setLane(k, k == Int(position % 8) ? b : l.lane(k, in: frame, old), new)
        }
        leaves[leaf] = l
        guard let (parent, lane) = parentLane(of: leaf, level: 0) else {
            rootFrame = grown
            return
        }
        nodes[parent - Int(leafCount)].setLane(lane, grown)
        // Widen upwards while a parent's lane does not already hold the node's new box.
        var node = parent
        var level = 1
        while let (parentNode, lane) = parentLane(of: node, level: level) {
            let i = parentNode - Int(leafCount)
            let old = nodes[i].lane(lane)
            let wider = old.union(grown)
            if wider == old { return }
            nodes[i].setLane(lane, wider)
            node = parentNode
            level += 1
        }
    }
}

extension ScreenIndex {
    /// The index's own invariants (tests and `ViewStore.invariantViolations`): every node's
    /// lane holds the box of the node it points at, every entry is where `laneOfSlot` says
    /// (once kept) and no two share a priority, and each node's parent lane by level
    /// arithmetic (`parentLane`) is the lane that points at it. Returns the first violation.
    func validate() -> String? {
        var seen = [Bool](repeating: false, count: count)
        for (tree, inLarge) in [(small, false), (large, true)] {
            let leafCount = Int(tree.leafCount)
            guard tree.leaves.count == leafCount else { return "leaf count \(leafCount) is not the leaves' \(tree.leaves.count)" }
            for n in 0..<leafCount {
                let leaf = tree.leaves[n]
                for l in 0..<8 {
                    let v = leaf.entry[l]
                    let empty = leaf.minX[l] == .max && leaf.minY[l] == .max && leaf.maxX[l] == .min && leaf.maxY[l] == .min
                    if v == _Lane.empty {
                        guard empty else { return "leaf \(n) lane \(l) is empty but its cells are not" }
                        // `mapLanes` writes every lane of the leaves before the last.
                        guard n == leafCount - 1 else { return "leaf \(n) lane \(l) is empty but is not in the last leaf" }
                        continue
                    }
                    let k = Int(ScreenIndex.Leaf.priority(ofEntry: v))
                    guard k >= 0 && k < count else { return "leaf \(n) lane \(l): entry \(k) out of range" }
                    if seen[k] { return "entry \(k) is in two lanes" }
                    seen[k] = true
                    // An entry moved out of its ancestors' boxes has an empty box: the
                    // empty cells, nothing else inverted.
                    guard empty || (leaf.minX[l] <= leaf.maxX[l] && leaf.minY[l] <= leaf.maxY[l]) else {
                        return "leaf \(n) lane \(l) (entry \(k)) has inverted cells"
                    }
                    let s = Int(ScreenIndex.slot(leaf.slot[l]))
                    guard !keepsLaneMap || (s < laneOfSlot.count && laneOfSlot[s] == EntryLane(position: Int32(n) * 8 + Int32(l), inLarge: inLarge))
                    else {
                        return "entry \(k) (slot \(s)) is at leaf \(n) lane \(l), not where laneOfSlot says"
                    }
                }
                if tree.frame(ofLeaf: n).isEmpty { return "leaf \(n) has an empty frame" }
            }
            for i in 0..<tree.nodes.count {
                let n = i + leafCount
                let node = tree.nodes[i]
                for l in 0..<8 {
                    let v = node.child[l]
                    if v == _Lane.empty { continue }
                    let c = Int(v)
                    guard c >= 0 && c < n else { return "node \(n) lane \(l): child \(c) out of order" }
                    // A leaf's frame is this lane itself; an inner child's lanes must fit in it.
                    if c >= leafCount && !node.lane(l).contains(tree.nodes[c - leafCount].bounds) {
                        return "node \(n) lane \(l) does not hold node \(c)'s box"
                    }
                    guard let up = tree.parentLane(of: c, level: tree.level(of: c)), up == (n, l) else {
                        return "node \(c)'s parent lane by level arithmetic is not node \(n) lane \(l)"
                    }
                }
            }
        }
        return nil
    }
}
