import CHitTestShim

extension ScreenIndex {
    /// The most (node, point) pairs one level of a group's level walk holds
    /// (`Tree.levelWalk`): 40 a point, where views that tile the screen put about 2.
    static var levelPairs: Int { walksInFlight * 40 }

    /// Words of a batch's scratch a level walk takes: two levels of pairs (the level being
    /// visited and the one it fills), 8 bytes a node entry and a byte a point.
    static var levelWords: Int { 2 * levelPairs + (2 * levelPairs + 7) / 8 }
}

extension ScreenIndex.Tree {
    /// `ScreenIndex.topEntries` through this tree (which has a root) a level at a time:
    /// the (node, point) pairs of one level are visited in one loop that writes the
    /// pairs of the level below, each child's memory asked for as it is written, so that
    /// it comes in while the rest of the level is visited; the leaves come last and raise
    /// the points' tops. Every node a point's box test takes is visited unless its highest
    /// entry (`nodeMax`) cannot beat the point's top, as in `topEntry`; but the tops rise
    /// only at the leaves, so above them nothing is skipped that the top from the other
    /// tree does not skip. Where views tile the screen a point's walk holds about two
    /// nodes a level, and the loop costs fewer instructions a visit than interleaved walks
    /// that load and save each walk's state. `queue`: `ScreenIndex.levelWords` words.
    /// Returns the nodes visited, or nil, with `tops` and `slots` as they came, when a
    /// level would hold more than `ScreenIndex.levelPairs` pairs.
    @inline(__always)
    func levelWalk(
        count: Int, xs: UnsafePointer<Float>, ys: UnsafePointer<Float>,
        tops: UnsafeMutablePointer<Int32>, slots: UnsafeMutablePointer<Int32>,
        queue: UnsafeMutablePointer<UInt64>, newTop: (Int32) -> Void
    ) -> Int? {
        precondition(count <= Int(UInt8.max) + 1, "a level walk's points are named by a byte")
        let capacity = ScreenIndex.levelPairs
        let leafCount = packed.leafCount
        let leaves = UnsafeRawPointer(packed.leaves.base.unsafelyUnwrapped)
        // None in a tree whose root is a leaf.
        let nodes = packed.nodes.base
        let maxes = nodeMax.base.unsafelyUnwrapped
        // Two levels of pairs: a stack entry (`rootEntry`, `visit`) and the point's place.
        var entries = queue
        var below = queue + capacity
        let owners = UnsafeMutableRawPointer(queue + 2 * capacity).assumingMemoryBound(to: UInt8.self)
        var points = owners
        var belowPoints = owners + capacity
        let rootMax = maxes[Int(packed.root)]
        var n = 0
        for k in 0..<count where rootMax > tops[k] {
            entries[n] = rootEntry(x: xs[k], y: ys[k])
            points[n] = UInt8(truncatingIfNeeded: k)
            n &+= 1
        }
        var visited = 0
        while n > 0 {
            var m = 0
            // From the last pair down: a node's children are written in lane order (the
            // most promising last), so at the leaves a point's most promising comes first
            // and raises its top before the others are asked whether they can beat it.
            var i = n
            while i > 0 {
                i &-= 1
                let e = entries[i]
                let k = Int(points[i])
                let node = Int32(truncatingIfNeeded: e)
                if maxes[Int(node)] <= tops[k] { continue }
                visited &+= 1
                if node < leafCount {
                    ScreenIndex.Leaf.raise(
                        leaves + Int(node) &* MemoryLayout<ScreenIndex.Leaf>.stride,
                        cells: UInt32(truncatingIfNeeded: e >> 32), top: &tops[k], slot: &slots[k],
                        newTop: newTop)
                    continue
                }
                // A node adds at most 8 pairs. The leaves, the only level that raises a
                // top, are never cut short, so a walk given up has raised nothing.
                if m > capacity &- 8 { return nil }
                let owner = UInt8(truncatingIfNeeded: k)
                forEachChild(of: nodes.unsafelyUnwrapped + Int(node &- leafCount), x: xs[k], y: ys[k]) {
                    below[m] = $0
                    belowPoints[m] = owner
                    m &+= 1
                }
            }
            swap(&entries, &below)
            swap(&points, &belowPoints)
            n = m
        }
        return visited
    }
}
