extension ChildIndex {
    /// Appends to `out` every child whose box holds the point `(x, y)` (already rounded to
    /// floats), in no particular order, and returns the number of nodes visited.
    /// `stack` is scratch space (emptied on return).
    @inlinable
    func query(
        x: Float, y: Float, boxes: _Column<Box>, stack: inout [Int32], out: inout [Int32]
    ) -> Int {
        var visited = 0
        if root >= 0 {
            stack.append(root)
            let px = SIMD8<Float>(repeating: x)
            let py = SIMD8<Float>(repeating: y)
            nodes.withUnsafeBufferPointer { nodes in
                while let n = stack.popLast() {
                    visited += 1
                    let node = nodes[Int(n)]
                    let hit = (node.minX .<= px) .& (px .<= node.maxX) .& (node.minY .<= py) .& (py .<= node.maxY)
                    if !any(hit) { continue }
                    for l in 0..<8 where hit[l] {
                        if node.isLeaf { out.append(node.child[l]) } else { stack.append(node.child[l]) }
                    }
                }
            }
        }
        for c in overflow where boxes[Int(c)].contains(x: x, y: y) { out.append(c) }
        return visited
    }
}
