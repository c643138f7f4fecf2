extension ChildIndex {
    /// Appends to `out` every child whose box holds the point `(x, y)` (already rounded to
    /// floats), in no particular order, and returns the number of nodes visited. The
    /// traversal uses a fixed stack on the call stack (an 8-wide tree needs at most
    /// 7 entries a level); `stack` is used only past that.
    @inlinable
    func query(
        x: Float, y: Float, boxes: _Column<Box>, stack: inout _Column<Int32>,
        out: inout _Column<Int32>
    ) -> Int {
        var visited = 0
        if root >= 0 {
            let px = SIMD8<Float>(repeating: x)
            let py = SIMD8<Float>(repeating: y)
            do {
                let nodes = self.nodes.base.unsafelyUnwrapped
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { local in
                    var top = 0
                    local[0] = root
                    top = 1
                    while top > 0 || !stack.isEmpty {
                        let n: Int32
                        if top > 0 {
                            top -= 1
                            n = local[top]
                        } else {
                            n = stack.removeLast()
                        }
                        visited += 1
                        let node = nodes + Int(n)
                        let hit =
                            (node.pointee.minX .<= px) .& (px .<= node.pointee.maxX)
                            .& (node.pointee.minY .<= py)
                            .& (py .<= node.pointee.maxY)
                        if !any(hit) { continue }
                        let child = node.pointee.child
                        for l in 0..<8 where hit[l] {
                            let v = child[l]
                            if v < 0 {
                                out.append(ChildIndex.view(ofLane: v))
                            } else if top < 256 {
                                local[top] = v
                                top += 1
                            } else {
                                stack.append(v)
                            }
                        }
                    }
                }
            }
        }
        for c in overflow where boxes[Int(c)].contains(x: x, y: y) { out.append(c) }
        return visited
    }
}
