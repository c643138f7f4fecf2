import CHitTestShim

extension ScreenIndex {
    /// Gives the entry at `at` (not `none`) the box `b` in place: its lane takes
    /// `b`, and every node box above it is widened to hold it (boxes never shrink here, so
    /// the index stays conservative). O(tree height). A query is as exact after it as after
    /// a rebuild; it may only visit more nodes when a leaf's frame grew, which is why the
    /// store rebuilds after as many of those as there are entries.
    mutating func refit(at: EntryLane, to b: Box) {
        guard !at.isNone else { return }
        refits += 1
        let grew = at.inLarge ? large.refit(at.position, to: b) : small.refit(at.position, to: b)
        if grew { frameGrowths += 1 }
    }

    /// The slot value in the leaf lane at `at` (not `none`): see `slotValue(plain:)`.
    func slotValue(at: EntryLane) -> Int32 {
        let position = Int(at.position)
        let tree = at.inLarge ? large : small
        return tree.packed.leaves[position / 8].slot[position % 8]
    }

    /// True when refits have loosened the trees enough that a rebuild pays: as many
    /// frame growths as entries (at least 1,024).
    var needsRebuild: Bool { frameGrowths > Swift.max(1024, count) }
}

extension ScreenIndex.Tree {
    /// Lane `position` (leaf `position / 8`) takes box `b`. When the leaf's frame holds
    /// `b`, only that lane's cells change. Otherwise the frame grows to hold it: every
    /// other lane is turned back into a float box that holds all it let through
    /// (`Leaf.lane(_:in:_:)`) and all are written again as cells of the grown frame,
    /// which the parent lane then holds; the boxes above are widened as before. A lane
    /// may so grow by a cell or two a re-encoding, never shrink below what it held: the
    /// index stays conservative, and the store rebuilds it after as many frame growths
    /// as entries. Returns whether the frame grew.
    @discardableResult
    mutating func refit(_ position: Int32, to b: Box) -> Bool {
        let leaf = Int(position / 8)
        let frame = frame(ofLeaf: leaf)
        let grown = frame.union(b)
        if grown == frame {
            packed.leaves[leaf].setLane(Int(position % 8), b, ScreenIndex.Grid(frame))
            return false
        }
        let (old, new) = (ScreenIndex.Grid(frame), ScreenIndex.Grid(grown))
        var l = packed.leaves[leaf]
        for k in 0..<8 where l.entry[k] != _Lane.empty {
            l.setLane(k, k == Int(position % 8) ? b : l.lane(k, in: frame, old), new)
        }
        packed.leaves[leaf] = l
        if packed.parentLane(ofLeaf: leaf) == nil {
            rootFrame = grown
            return true
        }
        // The parent lane holds the frame, so widening it to the grown frame sets it.
        packed.widen(above: leaf, on: packed.leafLevel, toHold: grown)
        return true
    }
}

extension ScreenIndex {
    /// The index's own invariants (tests and `ViewStore.invariantViolations`): each tree's
    /// shape and boxes (`_PackedTree.validate`), every entry where `laneOfSlot` says (once
    /// kept), no two sharing a priority, and every leaf's cells well formed. Returns the
    /// first violation.
    func validate() -> String? {
        var seen = [Bool](repeating: false, count: count)
        for (tree, inLarge) in [(small, false), (large, true)] {
            // A leaf's frame is its parent lane by construction: nothing to hold.
            if let problem = tree.packed.validate(leafBox: { _ in nil }) {
                return "\(inLarge ? "large" : "small") tree: \(problem)"
            }
            let leafCount = Int(tree.packed.leafCount)
            for n in 0..<leafCount {
                let leaf = tree.packed.leaves[n]
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
            if let problem = tree.validateNodeMax() { return "\(inLarge ? "large" : "small") tree: \(problem)" }
        }
        return nil
    }
}

extension ScreenIndex {
    /// What differs between the index and the entries a build would make of `boxes` and
    /// `slots` (by priority; an empty box is no entry), or nil: every entry is in a lane
    /// with its slot value and cells that hold its box, and no other is. For checks; O(n),
    /// allocates.
    func mismatch(boxes: _Column<Box>, slots: _Column<Int32>) -> String? {
        guard count == boxes.count else { return "holds \(count) entries, not \(boxes.count)" }
        var seen = [Bool](repeating: false, count: count)
        for (tree, inLarge) in [(small, false), (large, true)] {
            for n in 0..<Int(tree.packed.leafCount) {
                let leaf = tree.packed.leaves[n]
                let grid = ScreenIndex.Grid(tree.frame(ofLeaf: n))
                for l in 0..<8 where leaf.entry[l] != _Lane.empty {
                    let k = Int(ScreenIndex.Leaf.priority(ofEntry: leaf.entry[l]))
                    guard k >= 0 && k < count else { return "entry \(k) out of range" }
                    seen[k] = true
                    guard leaf.slot[l] == slots[k] else {
                        return "entry \(k) names \(leaf.slot[l]), not \(slots[k])"
                    }
                    var made = leaf
                    made.setLane(l, boxes[k], grid)
                    guard
                        leaf.minX[l] <= made.minX[l] && leaf.minY[l] <= made.minY[l]
                            && leaf.maxX[l] >= made.maxX[l] && leaf.maxY[l] >= made.maxY[l]
                    else {
                        let tree = inLarge ? "large" : "small"
                        return "entry \(k)'s lane (\(tree) tree) does not hold \(boxes[k])"
                    }
                }
            }
        }
        for k in 0..<count where !seen[k] && !boxes[k].isEmpty {
            return "entry \(k) (\(slots[k])) is in no lane"
        }
        return nil
    }

    /// The slot value of every entry, in leaf order (for checks; O(entries), allocates).
    func entrySlotValues() -> [Int32] {
        var out: [Int32] = []
        for tree in [small, large] {
            for n in 0..<Int(tree.packed.leafCount) {
                let leaf = tree.packed.leaves[n]
                for l in 0..<8 where leaf.entry[l] != _Lane.empty { out.append(leaf.slot[l]) }
            }
        }
        return out
    }
}

extension ScreenIndex.Tree {
    /// Every node's `nodeMax` is the highest priority below it, exactly (a build makes it
    /// so and refits change no priority).
    func validateNodeMax() -> String? {
        let total = Int(packed.leafCount) + packed.nodes.count
        guard packed.root >= 0 else { return nil }
        guard nodeMax.count == total else { return "nodeMax holds \(nodeMax.count) values for \(total) nodes" }
        let bad = packed.checkMaxima(nodeMax, none: _Slot.none) { n in
            let leaf = packed.leaves[n]
            var m = _Slot.none
            for l in 0..<8 where leaf.entry[l] != _Lane.empty {
                m = Swift.max(m, ScreenIndex.Leaf.priority(ofEntry: leaf.entry[l]))
            }
            return m
        }
        if let bad { return "node \(bad.node) keeps \(bad.kept) as its highest entry, not \(bad.expected)" }
        return nil
    }
}

extension ScreenIndex {
    /// Asks for the map entry of slot `s`: the first of a refit's misses (a hint: it
    /// changes nothing). Nothing while the index keeps no lane map.
    @inline(__always)
    func prefetchLane(ofSlot s: Int) {
        guard keepsLaneMap, s < laneOfSlot.count, let base = laneOfSlot.base else { return }
        htShim_PrefetchRead(base + s)
    }

    /// Asks for the leaf that holds slot `s`'s entry and the parent lane that frames it,
    /// which a refit of that entry reads once the map entry (`prefetchLane`) has come in
    /// (a hint: it changes nothing).
    @inline(__always)
    func prefetchEntry(ofSlot s: Int) {
        guard keepsLaneMap, s < laneOfSlot.count, let lanes = laneOfSlot.base else { return }
        let at = lanes[s]
        guard !at.isNone else { return }
        let tree = at.inLarge ? large : small
        let leaf = Int(at.position / 8)
        guard leaf < tree.packed.leaves.count, let leaves = tree.packed.leaves.base else { return }
        htShim_PrefetchScreenLeaf(leaves + leaf)
        if let (node, _) = tree.packed.parentLane(ofLeaf: leaf), let nodes = tree.packed.nodes.base {
            htShim_PrefetchScreenNode(nodes + (node - Int(tree.packed.leafCount)))
        }
    }
}
