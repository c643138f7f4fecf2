import CHitTestShim

extension ScreenIndex.Tree {
    /// Raises `top` to the highest priority among the entries whose boxes hold `(x, y)`
    /// (closed containment of a point already rounded to floats), with `slot` its
    /// `slotOfEntry` value; leaves both when none is higher. Adds the nodes visited to
    /// `visited`. Allocates nothing: the stack is a fixed buffer on the call stack.
    /// `newTop` is told each slot value that becomes the top while the walk goes on (a
    /// query asks for the candidate's columns then, so that their misses overlap the rest
    /// of the walk).
    ///
    /// Best first, and pruned: a node is entered only when its highest entry
    /// (`nodeMax`) is above `top` as it comes off the stack, and siblings stand in
    /// increasing order of their highest entries (`ScreenIndex.orderSiblings`, at the
    /// build), so pushed in lane order the most promising comes off first. So where many boxes hold the
    /// point (views stacked deep), the walk goes to the topmost first and skips the rest;
    /// where few do, it costs a compare a node more than an unpruned walk.
    @inlinable
    func topEntry(
        x: Float, y: Float, top: inout Int32, slot: inout Int32, visited: inout Int,
        newTop: (Int32) -> Void = { _ in }
    ) {
        guard packed.root >= 0, nodeMax[Int(packed.root)] > top else { return }
        var count = 0
        _PackedStack<UInt64>.with { stack in
            var next = rootEntry(x: x, y: y)
            while true {
                count &+= 1
                visit(next, x: x, y: y, top: &top, slot: &slot, stack: &stack, newTop: newTop)
                guard let e = self.next(&stack, above: top) else { break }
                next = e
            }
        }
        visited &+= count
    }

    /// The stack entry of the root for the point `(x, y)`: a walk starts by visiting it.
    /// A stack entry holds the node in the low half, and for a leaf the point's cells in
    /// its frame in the high half (worked out from the parent lane's box as it is pushed).
    @inlinable @inline(__always)
    func rootEntry(x: Float, y: Float) -> UInt64 {
        let n = packed.root
        let cells = n < packed.leafCount ? rootGrid.point(x, y) : 0
        return UInt64(UInt32(bitPattern: n)) | UInt64(cells) << 32
    }

    /// One step of a walk (`topEntry`): visits the node of stack entry `e`. A leaf raises
    /// `top` and `slot` to its highest entry that holds the point; an inner node pushes its
    /// children whose boxes hold it (in lane order: the most promising comes off first)
    /// and asks for their memory, so that it is there when they come off.
    ///
    /// Wrapping arithmetic (`&+`, `&-`, `&*`): node numbers are below 2^31 and the stack
    /// holds at most its capacity, so the overflow checks would be branches that never
    /// fire.
    @inlinable @inline(__always)
    func visit(
        _ e: UInt64, x: Float, y: Float, top: inout Int32, slot: inout Int32,
        stack: inout _PackedStack<UInt64>, newTop: (Int32) -> Void
    ) {
        let leafCount = packed.leafCount
        let leaves = UnsafeRawPointer(packed.leaves.base.unsafelyUnwrapped)
        let n = Int32(truncatingIfNeeded: e)
        if n < leafCount {
            let leaf = leaves + Int(n) &* MemoryLayout<ScreenIndex.Leaf>.stride
            ScreenIndex.Leaf.raise(
                leaf, cells: UInt32(truncatingIfNeeded: e >> 32), top: &top, slot: &slot, newTop: newTop)
            return
        }
        // Inner node `n` is at `nodes + (n - leafCount)`.
        let nodes = packed.nodes.base.unsafelyUnwrapped
        forEachChild(of: nodes + Int(n &- leafCount), x: x, y: y) { stack.push($0) }
    }

    /// Gives `body` the stack entry of each child of inner node `node` whose box holds the
    /// point `(x, y)`, in lane order, and asks for the child's memory, so that it is there
    /// when the entry is visited. A leaf's entry carries the point's cells in its frame.
    @inlinable @inline(__always)
    func forEachChild(
        of node: UnsafeMutablePointer<_PackedNode>, x: Float, y: Float, _ body: (UInt64) -> Void
    ) {
        var bits = _PackedNode.laneBits(node, x, y)
        if bits == 0 { return }
        let leafCount = packed.leafCount
        let lanes = UnsafeRawPointer(node)
        // A node's children are consecutive node numbers on one level: leaves if its first
        // is. They stand in increasing order of their highest entry
        // (`ScreenIndex.orderSiblings`): pushed in lane order, the most promising comes off
        // first. Whether each can still beat `top` is asked as it comes off (`next`), not
        // here: asking twice cost more on shallow scenes than the pushes it saved.
        let first = (lanes + _PackedNode.childOffset).load(as: Int32.self)
        if first < leafCount {
            // Each lane's box is its leaf's frame: the point's cells in it go on the stack
            // with the leaf.
            let leaves = UnsafeRawPointer(packed.leaves.base.unsafelyUnwrapped)
            let boxes = lanes.assumingMemoryBound(to: Float.self)
            while bits != 0 {
                let l = bits.trailingZeroBitCount
                bits &= bits &- 1
                let child = first &+ Int32(l)
                htShim_PrefetchScreenLeaf(leaves + Int(child) &* MemoryLayout<ScreenIndex.Leaf>.stride)
                let cells = htShim_LaneCells(boxes, x, y, Int32(l))
                body(UInt64(UInt32(bitPattern: child)) | UInt64(cells) << 32)
            }
            return
        }
        let nodes = packed.nodes.base.unsafelyUnwrapped
        while bits != 0 {
            let l = bits.trailingZeroBitCount
            bits &= bits &- 1
            let child = first &+ Int32(l)
            htShim_PrefetchScreenNode(nodes + Int(child &- leafCount))
            body(UInt64(UInt32(bitPattern: child)))
        }
    }

    /// The next stack entry whose node can still hold an entry above `top` (`nodeMax`),
    /// taking off those that cannot; nil when the walk is over.
    @inlinable @inline(__always)
    func next(_ stack: inout _PackedStack<UInt64>, above top: Int32) -> UInt64? {
        let maxes = nodeMax.base.unsafelyUnwrapped
        while !stack.isEmpty {
            let e = stack.pop()
            if maxes[Int(Int32(truncatingIfNeeded: e))] > top { return e }
        }
        return nil
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
        // The tree whose highest entry is higher first: the other is then often skipped
        // whole.
        if large.maxPriority > small.maxPriority {
            large.topEntry(x: x, y: y, top: &top, slot: &slot, visited: &visited, newTop: newTop)
            small.topEntry(x: x, y: y, top: &top, slot: &slot, visited: &visited, newTop: newTop)
        } else {
            small.topEntry(x: x, y: y, top: &top, slot: &slot, visited: &visited, newTop: newTop)
            large.topEntry(x: x, y: y, top: &top, slot: &slot, visited: &visited, newTop: newTop)
        }
        return (top, slot)
    }
}

extension ScreenIndex {
    /// The entries whose boxes hold a point, highest priority first, one at a time: what a
    /// query tries when the top entry does not confirm (a point within a rounding of an
    /// edge, a walked subtree that answers nil). Best first over both trees at once: a
    /// max-heap (`heap`, the caller's scratch) holds nodes keyed by their highest entry
    /// (`Tree.nodeMax`) and entries keyed by their priority; the top item is an entry
    /// exactly when no node left can hold a higher one. So the walk opens only the nodes
    /// it must to reach the next candidate, and a query that confirms its second candidate
    /// does not pay for all the others, however deep the views are stacked.
    ///
    /// A heap item: the key (a priority, at least 0) in the high half; in the low half bit
    /// 31 for an entry (else a node), bit 30 for the large tree, and below them the node
    /// number or the entry's position (`leaf * 8 + lane`), both below 2^30.
    struct BestFirst {
        let x: Float
        let y: Float
        /// Only entries below this priority are given (those at or above it were tried).
        let below: Int32
        /// Set when the host's allocator refused the heap room for an item: the walk may
        /// then have passed over an entry, and its caller answers again without the index.
        var refused = false

        private static var entryBit: UInt64 { 1 << 31 }
        private static var largeBit: UInt64 { 1 << 30 }
        private static var numberMask: UInt64 { (1 << 30) - 1 }

        /// Starts a walk for the point `(x, y)` (rounded to floats), with `heap` emptied and
        /// holding the two roots.
        init(_ index: ScreenIndex, x: Float, y: Float, below: Int32, heap: inout _Column<UInt64>) {
            self.x = x
            self.y = y
            self.below = below
            heap.removeAll()
            if index.small.maxPriority >= 0 {
                push(BestFirst.item(key: index.small.maxPriority, number: index.small.packed.root, entry: false, inLarge: false), &heap)
            }
            if index.large.maxPriority >= 0 {
                push(BestFirst.item(key: index.large.maxPriority, number: index.large.packed.root, entry: false, inLarge: true), &heap)
            }
        }

        /// Pushes `item`, or notes the host allocator's refusal (`refused`).
        @inline(__always)
        private mutating func push(_ item: UInt64, _ heap: inout _Column<UInt64>) {
            if !heap.tryHeapPush(item) { refused = true }
        }

        @inline(__always)
        private static func item(key: Int32, number: Int32, entry: Bool, inLarge: Bool) -> UInt64 {
            UInt64(UInt32(bitPattern: key)) << 32 | (entry ? entryBit : 0) | (inLarge ? largeBit : 0)
                | UInt64(UInt32(bitPattern: number))
        }

        /// The slot value of the next entry (highest first) whose box holds the point, or
        /// nil when there is none; adds the nodes opened to `visited`.
        mutating func next(_ index: ScreenIndex, heap: inout _Column<UInt64>, visited: inout Int) -> Int32? {
            while let top = heap.heapPopMax() {
                let inLarge = top & BestFirst.largeBit != 0
                let number = Int(top & BestFirst.numberMask)
                let tree = inLarge ? index.large : index.small
                if top & BestFirst.entryBit != 0 { return tree.packed.leaves[number / 8].slot[number % 8] }
                visited += 1
                let leafCount = Int(tree.packed.leafCount)
                if number < leafCount {
                    let cells = ScreenIndex.Grid(tree.frame(ofLeaf: number)).point(x, y)
                    let (cx, cy) = (Int16(truncatingIfNeeded: cells), Int16(truncatingIfNeeded: cells >> 16))
                    let leaf = tree.packed.leaves[number]
                    // Empty lanes hold no cell (minimum above maximum).
                    for l in 0..<8
                    where leaf.minX[l] <= cx && cx <= leaf.maxX[l] && leaf.minY[l] <= cy && cy <= leaf.maxY[l] {
                        let k = ScreenIndex.Leaf.priority(ofEntry: leaf.entry[l])
                        if k < below {
                            push(BestFirst.item(key: k, number: Int32(number * 8 + l), entry: true, inLarge: inLarge), &heap)
                        }
                    }
                } else {
                    let node = tree.packed.nodes[number - leafCount]
                    for l in 0..<8 where node.child[l] != _Lane.empty
                        && node.minX[l] <= x && x <= node.maxX[l] && node.minY[l] <= y && y <= node.maxY[l]
                    {
                        let child = node.child[l]
                        let m = tree.nodeMax[Int(child)]
                        if m >= 0 { push(BestFirst.item(key: m, number: child, entry: false, inLarge: inLarge), &heap) }
                    }
                }
            }
            return nil
        }
    }
}
