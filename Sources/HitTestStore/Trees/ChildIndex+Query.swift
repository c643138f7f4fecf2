import CHitTestShim

extension ChildIndex {
    /// Appends to `out` every child whose box holds the point `(x, y)` (already rounded to
    /// floats), in no particular order, and returns the number of nodes visited. Allocates
    /// nothing: the stack is a `_PackedStack` on the call stack.
    @inlinable
    func query(x: Float, y: Float, boxes: _Column<Box>, out: inout _Column<Int32>) -> Int {
        var visited = 0
        if tree.root >= 0 {
            let leafCount = tree.leafCount
            let leaves = tree.leaves.base.unsafelyUnwrapped
            // Inner node `n` is at `nodes + (n - leafCount)` (no inner nodes: never read).
            let nodes = tree.nodes.base
            _PackedStack<Int32>.with { stack, _ in
                stack.push(tree.root)
                while !stack.isEmpty {
                    let n = stack.pop()
                    visited += 1
                    let node = n < leafCount ? leaves + Int(n) : nodes.unsafelyUnwrapped + Int(n - leafCount)
                    var bits = _PackedNode.laneBits(node, x, y)
                    // Lanes read in place (see `ScreenIndex.Tree.topEntry`): a leaf's hold
                    // children (below `_Lane.empty`), an inner node's node numbers.
                    let child = UnsafeRawPointer(node) + _PackedNode.childOffset
                    while bits != 0 {
                        let l = bits.trailingZeroBitCount
                        bits &= bits - 1
                        let v = child.load(fromByteOffset: 4 * l, as: Int32.self)
                        if v < 0 {
                            out.append(ChildIndex.view(ofLane: v))
                        } else {
                            stack.push(v)
                        }
                    }
                }
            }
        }
        for c in overflow where boxes[Int(c)].contains(x: x, y: y) { out.append(c) }
        return visited
    }
}
