extension ChildIndex {
    /// Builds the index over `children` with their `boxes` (indexed by slot); children
    /// with empty boxes are left out (see `refit`). Packing
    /// them 8 to a leaf by sort-tile-recursive order: slabs along x, then runs along y,
    /// so that each node covers a compact area. O(n log n).
    mutating func build(children: [Int32], boxes: _Column<Box>) {
        nodes.removeAll()
        overflow.removeAll()
        dead = 0
        root = -1
        // Level 0: the children that can be hit (an empty box never can).
        var level: [(id: Int32, box: Box)] = children.compactMap {
            boxes[Int($0)].isEmpty ? nil : ($0, boxes[Int($0)])
        }
        entries = level.count
        guard !level.isEmpty else { return }
        var isLeaf = true
        var total = 0
        var n = level.count
        repeat {
            n = (n + 7) / 8
            total += n
        } while n > 1
        nodes.reserveCapacity(total)
        while true {
            let packed = ChildIndex.tileOrder(level)
            var next: [(id: Int32, box: Box)] = []
            next.reserveCapacity((packed.count + 7) / 8)
            var start = 0
            while start < packed.count {
                let end = min(start + 8, packed.count)
                var node = Node.emptyLanes
                var u = Box.empty
                for l in 0..<(end - start) {
                    let e = packed[start + l]
                    node.child[l] = isLeaf ? ChildIndex.lane(ofView: e.id) : e.id
                    node.minX[l] = e.box.minX
                    node.minY[l] = e.box.minY
                    node.maxX[l] = e.box.maxX
                    node.maxY[l] = e.box.maxY
                    u = u.union(e.box)
                }
                let index = Int32(nodes.count)
                nodes.append(node)
                next.append((index, u))
                start = end
            }
            if next.count == 1 {
                root = next[0].id
                return
            }
            level = next
            isLeaf = false
        }
    }

    /// Sort-tile-recursive order of boxes by their centres (empty boxes last).
    static func tileOrder(_ items: [(id: Int32, box: Box)]) -> [(id: Int32, box: Box)] {
        if items.count <= 8 { return items }
        func cx(_ b: Box) -> Float { b.isEmpty ? .infinity : b.minX / 2 + b.maxX / 2 }
        func cy(_ b: Box) -> Float { b.isEmpty ? .infinity : b.minY / 2 + b.maxY / 2 }
        let leaves = (items.count + 7) / 8
        let slabs = Int(Double(leaves).squareRoot().rounded(.up))
        let perSlab = slabs * 8
        let byX = items.sorted {
            cx($0.box) < cx($1.box) || (cx($0.box) == cx($1.box) && $0.id < $1.id)
        }
        var out: [(id: Int32, box: Box)] = []
        out.reserveCapacity(items.count)
        var start = 0
        while start < byX.count {
            let end = min(start + perSlab, byX.count)
            out += byX[start..<end].sorted {
                cy($0.box) < cy($1.box) || (cy($0.box) == cy($1.box) && $0.id < $1.id)
            }
            start = end
        }
        return out
    }
}
