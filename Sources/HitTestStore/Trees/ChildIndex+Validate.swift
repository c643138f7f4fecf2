extension ChildIndex {
    /// The index's own invariants (tests and `ViewStore.invariantViolations`): the nodes
    /// are the levels `entries` gives, leaves first and the root last; a leaf's lanes hold
    /// children, each at most once, or nothing with an empty box; an inner node's lanes
    /// hold the nodes of the level below in order (so that `parentLane` is the lane that
    /// points at each), each lane's box holding the boxes of the node it points at; the
    /// live lanes are the entries less the dead; and `laneOfChild`, once made, gives every
    /// child in the tree its own lane. Returns the first violation.
    func validate() -> String? {
        guard root >= 0 else {
            return nodes.isEmpty && entries == 0
                ? nil : "no root, but \(nodes.count) nodes and \(entries) entries"
        }
        guard entries > 0 else { return "a root but no entries" }
        var total = 0
        var m = entries
        repeat {
            m = (m + 7) / 8
            total += m
        } while m > 1
        guard nodes.count == total else {
            return "\(nodes.count) nodes where \(entries) entries make \(total)"
        }
        guard Int(root) == nodes.count - 1 else { return "root \(root) is not the last node" }
        var seen = Set<Int32>()
        var live = 0
        for n in 0..<leafCount {
            for l in 0..<8 {
                let v = nodes[n].child[l]
                if v == _Lane.empty {
                    guard nodes[n].lane(l) == .empty else {
                        return "leaf \(n) lane \(l) is empty but its box is not"
                    }
                    continue
                }
                guard v < _Lane.empty else {
                    return "leaf \(n) lane \(l) holds node \(v), not a child"
                }
                let child = ChildIndex.view(ofLane: v)
                guard seen.insert(child).inserted else { return "child \(child) is in two lanes" }
                guard !nodes[n].lane(l).isEmpty else {
                    return "leaf \(n) lane \(l) (child \(child)) has an empty box"
                }
                live += 1
            }
        }
        guard live == entries - dead else {
            return "\(live) live lanes, but \(entries) entries and \(dead) dead"
        }
        var (levelStart, levelCount) = (0, leafCount)
        while levelCount > 1 {
            for node in levelStart..<(levelStart + levelCount) {
                guard
                    let (up, lane) = ChildIndex.parentLane(
                        of: node, levelStart: levelStart, levelCount: levelCount),
                    nodes[up].child[lane] == Int32(node)
                else {
                    return "node \(node)'s parent lane by level arithmetic does not point at it"
                }
                guard nodes[up].lane(lane).contains(nodes[node].bounds) else {
                    return "node \(up) lane \(lane) does not hold node \(node)'s box"
                }
            }
            let next = levelStart + levelCount
            let count = (levelCount + 7) / 8
            for up in next..<(next + count) {
                for l in 0..<8
                where nodes[up].child[l] == _Lane.empty && (up - next) * 8 + l < levelCount {
                    return
                        "node \(up) lane \(l) is empty but node \(levelStart + (up - next) * 8 + l) is below it"
                }
                for l in 0..<8
                where nodes[up].child[l] != _Lane.empty && (up - next) * 8 + l >= levelCount {
                    return "node \(up) lane \(l) points past its level"
                }
            }
            (levelStart, levelCount) = (next, count)
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
                guard position < leafCount * 8 else {
                    return "laneOfChild puts child \(child) past the leaves"
                }
                let v = nodes[position / 8].child[position % 8]
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
        for n in 0..<(root >= 0 ? leafCount : 0) {
            for l in 0..<8 where nodes[n].child[l] < _Lane.empty {
                out[ChildIndex.view(ofLane: nodes[n].child[l])] = nodes[n].lane(l)
            }
        }
        return out
    }
}
