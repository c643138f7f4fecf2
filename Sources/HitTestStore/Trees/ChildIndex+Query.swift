import CHitTestShim

extension ChildIndex {
    /// Appends to `out` every child whose box holds the point `(x, y)` (already rounded to
    /// floats), in no particular order, and returns the number of nodes visited. Allocates
    /// nothing: the stack is a fixed buffer on the call stack of `stackCapacity` entries,
    /// which the tree's height bounds.
    @inlinable
    func query(x: Float, y: Float, boxes: _Column<Box>, out: inout _Column<Int32>) -> Int {
        var visited = 0
        if root >= 0 {
            let nodes = self.nodes.base.unsafelyUnwrapped
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: ChildIndex.stackCapacity) {
                stack in
                var top = 1
                stack[0] = root
                while top > 0 {
                    top -= 1
                    let n = stack[top]
                    visited += 1
                    let node = nodes + Int(n)
                    var bits = ChildIndex.laneBits(node, x, y)
                    // Lanes read in place (see `ScreenIndex.Tree.topEntry`).
                    let child = UnsafeRawPointer(node) + ChildIndex.Node.childOffset
                    while bits != 0 {
                        let l = bits.trailingZeroBitCount
                        bits &= bits - 1
                        let v = child.load(fromByteOffset: 4 * l, as: Int32.self)
                        if v < 0 {
                            out.append(ChildIndex.view(ofLane: v))
                        } else {
                            assert(
                                top < ChildIndex.stackCapacity, "child index deeper than its bound")
                            stack[top] = v
                            top += 1
                        }
                    }
                }
            }
        }
        for c in overflow where boxes[Int(c)].contains(x: x, y: y) { out.append(c) }
        return visited
    }
}

extension ChildIndex {
    /// The lanes of `node` whose boxes hold `(x, y)`, as the low 8 bits of an integer:
    /// SSE2 compares and a movemask in the shim (`htShim_NodeLanes`).
    @inlinable @inline(__always)
    static func laneBits(_ node: UnsafeMutablePointer<Node>, _ x: Float, _ y: Float) -> UInt32 {
        UnsafeRawPointer(node).withMemoryRebound(to: Float.self, capacity: 32) {
            htShim_NodeLanes($0, x, y)
        }
    }
}
