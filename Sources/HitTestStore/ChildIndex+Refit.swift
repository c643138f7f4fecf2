extension ChildIndex {
    /// Finds the lane holding `child`, whose entry box is `old`, and the path of (node,
    /// lane) pairs from the root down to it: only lanes whose boxes hold `old` are
    /// searched, so this is about O(log n).
    func locate(_ child: Int32, box old: Box) -> [(node: Int32, lane: Int)]? {
        guard root >= 0 else { return nil }
        let target = ChildIndex.lane(ofView: child)
        // Depth-first, keeping the path: (node, next lane to try).
        var path: [(node: Int32, lane: Int)] = [(root, 0)]
        while let (n, start) = path.last {
            let node = nodes[Int(n)]
            var descended = false
            var l = start
            while l < 8 {
                let v = node.child[l]
                if v == target {
                    path[path.count - 1].lane = l
                    return path
                }
                if v >= 0 {
                    let b = Box(
                        minX: node.minX[l], minY: node.minY[l], maxX: node.maxX[l],
                        maxY: node.maxY[l])
                    if b.contains(old) {
                        path[path.count - 1].lane = l + 1
                        path.append((v, 0))
                        descended = true
                        break
                    }
                }
                l += 1
            }
            if !descended {
                path.removeLast()
                if path.isEmpty { return nil }
                // Resume the parent after the lane we went down.
            }
        }
        return nil
    }

    /// The child's box changed from `old` to `new`: update its entry and widen the lanes
    /// above it (boxes never shrink here). A child still in the overflow list needs
    /// nothing: the list is tested against the store's boxes.
    mutating func refit(_ child: Int32, from old: Box, to new: Box, boxes: _Column<Box>) {
        // Children with empty boxes are never in the tree (they cannot be hit).
        if old.isEmpty {
            if !new.isEmpty && !overflow.contains(child) { overflow.append(child) }
            return
        }
        guard let path = locate(child, box: old) else {
            precondition(overflow.contains(child), "child \(child) is not in its parent's index")
            return
        }
        let (n, l) = path[path.count - 1]
        if new.isEmpty {
            set(lane: l, of: n, to: .empty)
            nodes[Int(n)].child[l] = -1
            dead += 1
            return
        }
        set(lane: l, of: n, to: new)
        // Widen the lanes that lead here, from the bottom up. In the path, a parent's
        // lane is recorded as "next to try", one past the lane taken.
        for k in stride(from: path.count - 2, through: 0, by: -1) {
            let (up, next) = path[k]
            let lane = next - 1
            let current = Box(
                minX: nodes[Int(up)].minX[lane], minY: nodes[Int(up)].minY[lane],
                maxX: nodes[Int(up)].maxX[lane], maxY: nodes[Int(up)].maxY[lane])
            if current.contains(new) { return }
            set(lane: lane, of: up, to: current.union(new))
        }
    }

    /// A child was removed: its entry becomes an empty lane.
    mutating func remove(_ child: Int32, box old: Box) {
        if let i = overflow.firstIndex(of: child) {
            overflow.remove(at: i)
            return
        }
        guard !old.isEmpty, let path = locate(child, box: old) else { return }
        let (n, l) = path[path.count - 1]
        set(lane: l, of: n, to: .empty)
        nodes[Int(n)].child[l] = -1
        dead += 1
    }

    /// A child was added: it waits in the overflow list until the next build.
    mutating func insert(_ child: Int32) {
        overflow.append(child)
    }

    mutating private func set(lane l: Int, of n: Int32, to b: Box) {
        nodes[Int(n)].minX[l] = b.minX
        nodes[Int(n)].minY[l] = b.minY
        nodes[Int(n)].maxX[l] = b.maxX
        nodes[Int(n)].maxY[l] = b.maxY
    }
}
