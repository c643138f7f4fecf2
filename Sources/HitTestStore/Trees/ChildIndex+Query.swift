extension ChildIndex {
    // The children whose boxes hold a point, highest order label first, one at a time, in
    // two steps. Most containers hand out one child, which takes the point: the first is
    // found by a pruned depth-first walk (`topChild`), as the screen index finds its top
    // entry. Only when the caller asks for more (the first failed its exact test) does a
    // best-first walk start, whose heap lives in the caller's column (`heap`, from
    // `start`: the column's tail, which nothing else touches while the walk goes on, so
    // that a walk nested inside one child's answer keeps its own heap after it). Heap
    // items: `key << 32 | child bit | number`, the key a child's label or a node's highest
    // label (`nodeMax`), the number a child's slot (child bit set) or a node's number. A
    // child comes off only when every item left has a lower key: no node left can hold a
    // child above it. Allocates nothing once the column has grown.

    @inline(__always)
    private static func item(key: UInt32, number: Int32, child: Bool) -> UInt64 {
        UInt64(key) << 32 | (child ? 1 << 31 : 0) | UInt64(UInt32(bitPattern: number))
    }

    /// The child with the highest order label (`order`, by slot) whose box holds the point
    /// `(x, y)` (already rounded to floats), `_Slot.none` for none; adds the nodes opened
    /// to `visited`. A node is opened only when its highest label (`nodeMax`) beats the
    /// best child found when it comes off the stack. Allocates nothing: the stack is a
    /// `_PackedStack` on the call stack.
    func topChild(
        x: Float, y: Float, boxes: _Column<Box>, order: _Column<UInt32>, visited: inout Int
    ) -> Int32 {
        var top: Int64 = -1
        var slot = _Slot.none
        for c in overflow where Int64(order[Int(c)]) > top && boxes[Int(c)].contains(x: x, y: y) {
            (top, slot) = (Int64(order[Int(c)]), c)
        }
        guard tree.root >= 0, Int64(nodeMax[Int(tree.root)]) > top else { return slot }
        let leafCount = tree.leafCount
        let leaves = tree.leaves.base.unsafelyUnwrapped
        // Inner node `n` is at `nodes + (n - leafCount)` (no inner nodes: never read).
        let nodes = tree.nodes.base
        let maxes = nodeMax.base.unsafelyUnwrapped
        var count = 0
        _PackedStack<Int32>.with { stack in
            stack.push(tree.root)
            while !stack.isEmpty {
                let n = stack.pop()
                if Int64(maxes[Int(n)]) <= top { continue }
                count &+= 1
                let node = n < leafCount ? leaves + Int(n) : nodes.unsafelyUnwrapped + Int(n &- leafCount)
                var bits = _PackedNode.laneBits(node, x, y)
                // Lanes read in place (see `ScreenIndex.Tree.topEntry`): a leaf's hold
                // children (below `_Lane.empty`), an inner node's node numbers.
                let lanes = UnsafeRawPointer(node) + _PackedNode.childOffset
                if n < leafCount {
                    while bits != 0 {
                        let l = bits.trailingZeroBitCount
                        bits &= bits &- 1
                        let c = ChildIndex.view(ofLane: lanes.load(fromByteOffset: 4 * l, as: Int32.self))
                        let k = Int64(order[Int(c)])
                        if k > top { (top, slot) = (k, c) }
                    }
                    continue
                }
                // Siblings stand in increasing order of their highest label
                // (`ScreenIndex.orderSiblings`, at the build): pushed in lane order, the
                // most promising comes off first. Whether each can still beat `top` is
                // asked as it comes off, as in the screen index.
                while bits != 0 {
                    let l = bits.trailingZeroBitCount
                    bits &= bits &- 1
                    stack.push(lanes.load(fromByteOffset: 4 * l, as: Int32.self))
                }
            }
        }
        visited &+= count
        return slot
    }

    /// Starts the best-first walk for the point `(x, y)` over the children labelled below
    /// `below` (those above were handed out by `topChild`): pushes the root and the
    /// overflow children whose boxes hold the point onto `heap`, whose tail from its count
    /// now is the walk's. When the host's allocator refuses the heap room, `refused` is
    /// set and the walk's answers are not to be trusted (the caller answers again by a
    /// walk without indexes).
    func startBestFirst(
        x: Float, y: Float, boxes: _Column<Box>, order: _Column<UInt32>, below: UInt32,
        heap: inout _Column<UInt64>, refused: inout Bool
    ) {
        let start = heap.count
        if tree.root >= 0 {
            if !heap.tryHeapPush(
                ChildIndex.item(key: nodeMax[Int(tree.root)], number: tree.root, child: false), from: start)
            {
                refused = true
            }
        }
        for c in overflow where order[Int(c)] < below && boxes[Int(c)].contains(x: x, y: y) {
            if !heap.tryHeapPush(ChildIndex.item(key: order[Int(c)], number: c, child: true), from: start) {
                refused = true
            }
        }
    }

    /// The next child labelled below `below` (highest label first) whose box holds the
    /// point of the walk whose heap is `heap[start...]` (`startBestFirst`), or nil when
    /// there is none; adds the nodes opened to `visited`. A refused heap push sets
    /// `refused`, as in `startBestFirst`.
    func nextBestFirst(
        x: Float, y: Float, order: _Column<UInt32>, below: UInt32, heap: inout _Column<UInt64>,
        from start: Int, visited: inout Int, refused: inout Bool
    ) -> Int32? {
        let leafCount = tree.leafCount
        while let top = heap.heapPopMax(from: start) {
            let number = Int32(truncatingIfNeeded: top & 0x7FFF_FFFF)
            if top & (1 << 31) != 0 { return number }
            visited &+= 1
            let node =
                number < leafCount
                ? tree.leaves.base.unsafelyUnwrapped + Int(number)
                : tree.nodes.base.unsafelyUnwrapped + Int(number &- leafCount)
            var bits = _PackedNode.laneBits(node, x, y)
            let lanes = UnsafeRawPointer(node) + _PackedNode.childOffset
            while bits != 0 {
                let l = bits.trailingZeroBitCount
                bits &= bits &- 1
                let v = lanes.load(fromByteOffset: 4 * l, as: Int32.self)
                if v < 0 {
                    let c = ChildIndex.view(ofLane: v)
                    if order[Int(c)] < below,
                        !heap.tryHeapPush(ChildIndex.item(key: order[Int(c)], number: c, child: true), from: start)
                    {
                        refused = true
                    }
                } else if !heap.tryHeapPush(
                    ChildIndex.item(key: nodeMax[Int(v)], number: v, child: false), from: start)
                {
                    refused = true
                }
            }
        }
        return nil
    }
}
