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
        guard packed.root >= 0 else { return }
        let leafCount = packed.leafCount
        let leaves = UnsafeRawPointer(packed.leaves.base.unsafelyUnwrapped)
        // Inner node `n` is at `nodes + (n - leafCount)`.
        let nodes = packed.nodes.base
        var count = 0
        // Wrapping arithmetic in the loop (`&+`, `&-`, `&*`): node numbers are below 2^31
        // and the stack holds at most its capacity, so the overflow checks would be
        // branches that never fire.
        // A stack entry: the node in the low half, and for a leaf the point's cells in its
        // frame in the high half, worked out from the parent lane's box as it is pushed.
        // Four words of scratch past the stack hold the 8 lanes' cells of a node above the
        // leaves.
        _PackedStack<UInt64>.with(scratch: 4) { stack, scratch in
            let laneCells = UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: UInt32.self)
            var n = packed.root
            var cells = n < leafCount ? rootGrid.point(x, y) : 0
            while true {
                count &+= 1
                if n < leafCount {
                    let leaf = leaves + Int(n) &* MemoryLayout<ScreenIndex.Leaf>.stride
                    var bits = ScreenIndex.Leaf.laneBits(leaf, cells)
                    // A lane's entry (`Leaf.entry(priority:)`) and slot value read in place.
                    while bits != 0 {
                        let l = bits.trailingZeroBitCount
                        bits &= bits - 1
                        let k = ScreenIndex.Leaf.priority(
                            ofEntry: leaf.load(fromByteOffset: ScreenIndex.Leaf.entryOffset + 4 * l, as: Int32.self))
                        if k > top {
                            top = k
                            slot = leaf.load(fromByteOffset: ScreenIndex.Leaf.slotOffset + 4 * l, as: Int32.self)
                            newTop(slot)
                        }
                    }
                } else {
                    let node = nodes.unsafelyUnwrapped + Int(n &- leafCount)
                    var bits = _PackedNode.laneBits(node, x, y)
                    let lanes = UnsafeRawPointer(node)
                    let values = lanes + _PackedNode.childOffset
                    // A node's children are on one level: leaves if its first is.
                    if bits != 0 && values.load(as: Int32.self) < leafCount {
                        // Each lane's box is its leaf's frame: the point's cells in all 8.
                        lanes.withMemoryRebound(to: Float.self, capacity: 32) {
                            htShim_NodeCells($0, x, y, bits, laneCells)
                        }
                        while bits != 0 {
                            let l = bits.trailingZeroBitCount
                            bits &= bits - 1
                            let child = values.load(fromByteOffset: 4 * l, as: Int32.self)
                            htShim_PrefetchScreenLeaf(leaves + Int(child) &* MemoryLayout<ScreenIndex.Leaf>.stride)
                            stack.push(UInt64(UInt32(bitPattern: child)) | UInt64(laneCells[l]) << 32)
                        }
                    }
                    while bits != 0 {
                        let l = bits.trailingZeroBitCount
                        bits &= bits - 1
                        let child = values.load(fromByteOffset: 4 * l, as: Int32.self)
                        htShim_PrefetchScreenNode(nodes.unsafelyUnwrapped + Int(child &- leafCount))
                        stack.push(UInt64(UInt32(bitPattern: child)))
                    }
                }
                if stack.isEmpty { break }
                let next = stack.pop()
                n = Int32(truncatingIfNeeded: next)
                cells = UInt32(truncatingIfNeeded: next >> 32)
            }
        }
        visited &+= count
    }

    /// Appends to `out` every entry whose box holds `(x, y)`, in no particular order, as
    /// `ScreenIndex.candidate(entry:slot:)`.
    func allEntries(x: Float, y: Float, stack: inout _Column<Int32>, out: inout _Column<UInt64>)
        -> Int
    {
        guard packed.root >= 0 else { return 0 }
        let leafCount = packed.leafCount
        var visited = 0
        stack.removeAll()
        stack.append(packed.root)
        while let n = stack.popLast() {
            visited += 1
            if n < leafCount {
                let leaf = packed.leaves[Int(n)]
                let cells = ScreenIndex.Grid(frame(ofLeaf: Int(n))).point(x, y)
                let (cx, cy) = (Int16(truncatingIfNeeded: cells), Int16(truncatingIfNeeded: cells >> 16))
                for l in 0..<8
                where leaf.minX[l] <= cx && cx <= leaf.maxX[l] && leaf.minY[l] <= cy && cy <= leaf.maxY[l] {
                    out.append(ScreenIndex.candidate(entry: ScreenIndex.Leaf.priority(ofEntry: leaf.entry[l]), slot: leaf.slot[l]))
                }
            } else {
                let node = packed.nodes[Int(n - leafCount)]
                for l in 0..<8
                where node.minX[l] <= x && x <= node.maxX[l] && node.minY[l] <= y && y <= node.maxY[l] {
                    stack.append(node.child[l])
                }
            }
        }
        return visited
    }
}

extension ScreenIndex {
    /// The highest-priority entry whose box holds the point (`_Slot.none` for none) and its
    /// `slotOfEntry` value. `mutating` though it changes nothing: called on the store's
    /// property it then works in place, where a non-mutating call copies the whole index
    /// (a `memcpy` per query).
    @inlinable
    mutating func topEntry(
        x: Float, y: Float, visited: inout Int, newTop: (Int32) -> Void = { _ in }
    ) -> (entry: Int32, slot: Int32) {
        var top: Int32 = _Slot.none
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
