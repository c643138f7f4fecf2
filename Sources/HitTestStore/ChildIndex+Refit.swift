extension ChildIndex {
    /// Finds the node and lane holding `child`, whose entry box is `old`: only nodes whose
    /// lanes hold `old` are searched, so this is about O(log n).
    func locate(_ child: Int32, box old: Box) -> (node: Int32, lane: Int)? {
        guard root >= 0 else { return nil }
        var stack: [Int32] = [root]
        while let n = stack.popLast() {
            let node = nodes[Int(n)]
            for l in 0..<8 where node.child[l] >= 0 {
                if node.isLeaf {
                    if node.child[l] == child { return (n, l) }
                } else {
                    let b = Box(minX: node.minX[l], minY: node.minY[l], maxX: node.maxX[l], maxY: node.maxY[l])
                    if b.contains(old) { stack.append(node.child[l]) }
                }
            }
        }
        return nil
    }

    /// The child's box changed from `old` to `new`: update its entry and widen the nodes
    /// above it (boxes never shrink here). A child still in the overflow list needs
    /// nothing: the list is tested against the store's boxes.
    func refit(_ child: Int32, from old: Box, to new: Box, boxes: _Column<Box>) {
        // Children with empty boxes are never in the tree (they cannot be hit).
        if old.isEmpty {
            if !new.isEmpty && !overflow.contains(child) { overflow.append(child) }
            return
        }
        guard let (n, l) = locate(child, box: old) else {
            precondition(overflow.contains(child), "child \(child) is not in its parent's index")
            return
        }
        if new.isEmpty {
            set(lane: l, of: n, to: .empty)
            nodes[Int(n)].child[l] = -1
            dead += 1
            return
        }
        set(lane: l, of: n, to: new)
        var node = n
        var b = new
        while nodes[Int(node)].parent >= 0 {
            let up = nodes[Int(node)].parent
            let lane = (0..<8).first { nodes[Int(up)].child[$0] == node }!
            let current = Box(
                minX: nodes[Int(up)].minX[lane], minY: nodes[Int(up)].minY[lane],
                maxX: nodes[Int(up)].maxX[lane], maxY: nodes[Int(up)].maxY[lane])
            if current.contains(b) { return }
            b = current.union(b)
            set(lane: lane, of: up, to: b)
            node = up
        }
    }

    /// A child was removed: its entry becomes an empty lane.
    func remove(_ child: Int32, box old: Box) {
        if let i = overflow.firstIndex(of: child) {
            overflow.remove(at: i)
            return
        }
        guard !old.isEmpty, let (n, l) = locate(child, box: old) else { return }
        set(lane: l, of: n, to: .empty)
        nodes[Int(n)].child[l] = -1
        dead += 1
    }

    /// A child was added: it waits in the overflow list until the next build.
    func insert(_ child: Int32) {
        overflow.append(child)
    }

    private func set(lane l: Int, of n: Int32, to b: Box) {
        nodes[Int(n)].minX[l] = b.minX
        nodes[Int(n)].minY[l] = b.minY
        nodes[Int(n)].maxX[l] = b.maxX
        nodes[Int(n)].maxY[l] = b.maxY
    }
}
