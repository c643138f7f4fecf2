import CHitTestShim

extension ScreenIndex.Tree {
    /// Raises `top` to the highest priority among the entries whose boxes hold `(x, y)`
    /// (closed containment of a point already rounded to floats), with `slot` its
    /// `slotOfEntry` value; leaves both when none is higher. Adds the nodes visited to
    /// `visited`. Allocates nothing: the stack is a fixed buffer on the call stack.
    /// `newTop` is told each slot value that becomes the top while the walk goes on (a
    /// query asks for the candidate's columns then, so that their misses overlap the rest
    /// of the walk).
    @inlinable
    func topEntry(
        x: Float, y: Float, top: inout Int32, slot: inout Int32, visited: inout Int,
        newTop: (Int32) -> Void = { _ in }
    ) {
        guard root >= 0 else { return }
        let nodes = self.nodes.base.unsafelyUnwrapped
        let leaves = leafCount
        var count = 0
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: ScreenIndex.stackCapacity) {
            stack in
            var sp = 0
            var n = root
            while true {
                count += 1
                let node = nodes + Int(n)
                var bits = ScreenIndex.laneBits(node, x, y)
                // A lane's value and slot read in place: indexing a copied SIMD8 by a
                // variable lane spills the whole vector first.
                let values = UnsafeRawPointer(node) + ChildIndex.Node.childOffset
                if n < leaves {
                    // Entries are -2 - priority.
                    while bits != 0 {
                        let l = bits.trailingZeroBitCount
                        bits &= bits - 1
                        let k = -2 - values.load(fromByteOffset: 4 * l, as: Int32.self)
                        if k > top {
                            top = k
                            slot = values.load(
                                fromByteOffset: ScreenIndex.Node.slotDistance + 4 * l,
                                as: Int32.self)
                            newTop(slot)
                        }
                    }
                } else {
                    while bits != 0 {
                        let l = bits.trailingZeroBitCount
                        bits &= bits - 1
                        assert(sp < ScreenIndex.stackCapacity, "screen index stack overflow")
                        let child = values.load(fromByteOffset: 4 * l, as: Int32.self)
                        htShim_PrefetchScreenNode(nodes + Int(child))
                        stack[sp] = child
                        sp += 1
                    }
                }
                if sp == 0 { break }
                sp -= 1
                n = stack[sp]
            }
        }
        visited += count
    }

    /// Appends to `out` every entry whose box holds `(x, y)`, in no particular order, as
    /// `ScreenIndex.candidate(entry:slot:)`.
    func allEntries(x: Float, y: Float, stack: inout _Column<Int32>, out: inout _Column<UInt64>)
        -> Int
    {
        guard root >= 0 else { return 0 }
        var visited = 0
        stack.removeAll()
        stack.append(root)
        while let n = stack.popLast() {
            visited += 1
            let node = nodes[Int(n)].lanes
            for l in 0..<8
            where node.minX[l] <= x && x <= node.maxX[l] && node.minY[l] <= y && y <= node.maxY[l] {
                let v = node.child[l]
                if n < leafCount {
                    out.append(ScreenIndex.candidate(entry: -2 - v, slot: nodes[Int(n)].slot[l]))
                } else {
                    stack.append(v)
                }
            }
        }
        return visited
    }
}

extension ScreenIndex {
    /// The lanes of `node` whose boxes hold `(x, y)` (`ChildIndex.laneBits`).
    @inlinable @inline(__always)
    static func laneBits(_ node: UnsafeMutablePointer<Node>, _ x: Float, _ y: Float) -> UInt32 {
        UnsafeMutableRawPointer(node).withMemoryRebound(to: ChildIndex.Node.self, capacity: 1) {
            ChildIndex.laneBits($0, x, y)
        }
    }

    /// The highest-priority entry whose box holds the point (-1 for none) and its
    /// `slotOfEntry` value. `mutating` though it changes nothing: called on the store's
    /// property it then works in place, where a non-mutating call copies the whole index
    /// (a `memcpy` per query).
    @inlinable
    mutating func topEntry(
        x: Float, y: Float, visited: inout Int, newTop: (Int32) -> Void = { _ in }
    ) -> (entry: Int32, slot: Int32) {
        var top: Int32 = -1
        var slot: Int32 = 0
        large.topEntry(x: x, y: y, top: &top, slot: &slot, visited: &visited, newTop: newTop)
        small.topEntry(x: x, y: y, top: &top, slot: &slot, visited: &visited, newTop: newTop)
        return (top, slot)
    }
}

extension ScreenIndex {
    /// A candidate of the full query: the entry's priority in the high half (so that
    /// candidates sort by it) and its slot value in the low half.
    @inline(__always)
    static func candidate(entry: Int32, slot: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: entry)) << 32 | UInt64(UInt32(bitPattern: slot))
    }
}
