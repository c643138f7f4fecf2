import CHitTestShim

extension ScreenIndex {
    /// The most points a packet takes (`packetTopEntries`): one bit each in a byte.
    static let packetWidth = 8

    /// Words of scratch `packetTopEntries` takes: a stack of `_PacketEntry`, as deep as a
    /// walk's (`_PackedStack`).
    static var packetWords: Int {
        _PackedStack<UInt64>.capacity * MemoryLayout<_PacketEntry>.stride / MemoryLayout<UInt64>.stride
    }

    /// `topEntry` for `count` points (at most `packetWidth`) that lie near each other, as
    /// consecutive points of a batch in its curve order do: one walk for them all, the
    /// packet's. A node comes off the stack with the points whose boxes tests let it in,
    /// keeps those whose tops it can still beat (`nodeMax`) and is visited once for them:
    /// an inner node pushes every lane that holds any of them, with the points it holds,
    /// found from the packet's box when each lane holds the box or misses it
    /// (`htShim_NodeLanesForBox`: the upper levels) and else by testing each point; a
    /// leaf raises each point's top as `topEntry` does. Every point's top entry and slot
    /// value come out exactly as `topEntry` gives them: each skips only nodes that cannot
    /// beat its own top, and a leaf's lanes are taken in the same order. Where the points
    /// share their nodes (the upper levels, most of the lower ones for neighbours) a
    /// packet pays a node's visit once instead of once a point.
    ///
    /// `xs`, `ys`, `tops`, `slots`: `packetWidth` places each, the points' coordinates
    /// (rounded to floats; those past `count` are read and ignored) and their answers
    /// (all set). `stack`: `packetWords` words. Adds the nodes visited to `visited`;
    /// `newTop` as in `topEntry`.
    mutating func packetTopEntries(
        count: Int, xs: UnsafePointer<Float>, ys: UnsafePointer<Float>,
        tops: UnsafeMutablePointer<Int32>, slots: UnsafeMutablePointer<Int32>,
        stack: UnsafeMutablePointer<UInt64>, visited: inout Int, newTop: (Int32) -> Void
    ) {
        assert(count >= 1 && count <= ScreenIndex.packetWidth)
        for k in 0..<ScreenIndex.packetWidth {
            tops[k] = _Slot.none
            slots[k] = 0
        }
        // The tree whose highest entry is higher first, as `topEntry`.
        let largeFirst = large.maxPriority > small.maxPriority
        let (first, second) = largeFirst ? (large, small) : (small, large)
        stack.withMemoryRebound(to: _PacketEntry.self, capacity: _PackedStack<UInt64>.capacity) { entries in
            visited &+= first.packet(count: count, xs: xs, ys: ys, tops: tops, slots: slots, stack: entries, newTop: newTop)
            visited &+= second.packet(count: count, xs: xs, ys: ys, tops: tops, slots: slots, stack: entries, newTop: newTop)
        }
    }
}

/// A node on a packet's stack (`ScreenIndex.packetTopEntries`): its number; for a leaf,
/// the inner node and lane whose box is the leaf's frame (its cells' grid); and the
/// packet's points (bits) inside that box.
struct _PacketEntry {
    var node: Int32
    var parent: Int32
    var lane: Int32
    var points: UInt32
}

extension ScreenIndex.Tree {
    /// The packet's walk through this tree (`ScreenIndex.packetTopEntries`); returns the
    /// nodes visited. Wrapping arithmetic as in `visit`: node numbers are below 2^31, bit
    /// positions below 64, and the stack holds at most a walk's bound (8 lanes pushed a
    /// level, as a walk's).
    @inline(__always)
    fileprivate func packet(
        count: Int, xs: UnsafePointer<Float>, ys: UnsafePointer<Float>,
        tops: UnsafeMutablePointer<Int32>, slots: UnsafeMutablePointer<Int32>,
        stack: UnsafeMutablePointer<_PacketEntry>, newTop: (Int32) -> Void
    ) -> Int {
        let root = packed.root
        guard root >= 0 else { return 0 }
        let leafCount = packed.leafCount
        var visited = 0
        if root < leafCount {
            // A tree of one leaf: its frame is no lane's box; the plain walk knows its grid.
            for k in 0..<count {
                topEntry(x: xs[k], y: ys[k], top: &tops[k], slot: &slots[k], visited: &visited, newTop: newTop)
            }
            return visited
        }
        let maxes = nodeMax.base.unsafelyUnwrapped
        let leaves = UnsafeRawPointer(packed.leaves.base.unsafelyUnwrapped)
        let nodes = packed.nodes.base.unsafelyUnwrapped
        // The packet's box: a lane that holds it holds every point, one that misses it none.
        var (x0, y0, x1, y1) = (xs[0], ys[0], xs[0], ys[0])
        for k in 1..<count {
            (x0, x1) = (Swift.min(x0, xs[k]), Swift.max(x1, xs[k]))
            (y0, y1) = (Swift.min(y0, ys[k]), Swift.max(y1, ys[k]))
        }
        stack[0] = _PacketEntry(node: root, parent: _Slot.none, lane: 0, points: (1 &<< UInt32(count)) &- 1)
        var depth = 1
        // The points' cells in a leaf's frame, 8 words (`htShim_PacketCells`).
        var cells: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        while depth > 0 {
            depth &-= 1
            let e = stack[depth]
            var live = htShim_PacketBelow(tops, maxes[Int(e.node)], e.points)
            if live == 0 { continue }
            visited &+= 1
            if e.node < leafCount {
                let leaf = leaves + Int(e.node) &* MemoryLayout<ScreenIndex.Leaf>.stride
                let frame = UnsafeRawPointer(nodes + Int(e.parent &- leafCount)).assumingMemoryBound(to: Float.self)
                if live & (live &- 1) == 0 {
                    // One point: its cells alone, as a single walk works them out.
                    let k = Int(live.trailingZeroBitCount)
                    let c = htShim_LaneCells(frame, xs[k], ys[k], e.lane)
                    ScreenIndex.Leaf.raise(leaf, cells: c, top: &tops[k], slot: &slots[k], newTop: newTop)
                    continue
                }
                withUnsafeMutableBytes(of: &cells) { raw in
                    let cs = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self)
                    htShim_PacketCells(frame, xs, ys, e.lane, cs)
                    while live != 0 {
                        let k = Int(live.trailingZeroBitCount)
                        live &= live &- 1
                        ScreenIndex.Leaf.raise(leaf, cells: cs[k], top: &tops[k], slot: &slots[k], newTop: newTop)
                    }
                }
                continue
            }
            let node = nodes + Int(e.node &- leafCount)
            // Byte l: the points lane l holds; `lanes`: the lanes that hold any.
            var byLane: UInt64
            var lanes: UInt32 = 0
            var meets: UInt32 = 0
            let holds = UnsafeRawPointer(node).withMemoryRebound(to: Float.self, capacity: 32) {
                htShim_NodeLanesForBox($0, x0, y0, x1, y1, &meets)
            }
            if meets & ~holds == 0 {
                // Every lane holds the packet's box or misses it (most nodes above the
                // leaves' parents): no point needs its own test.
                if holds == 0 { continue }
                lanes = holds
                byLane = UInt64(live) &* 0x0101_0101_0101_0101
            } else {
                // Byte l: the points lane l holds, each lane that meets the box tested
                // against all the points at once.
                byLane = htShim_NodePointsByLane(
                    UnsafeRawPointer(node).assumingMemoryBound(to: Float.self), xs, ys, live, holds, meets & ~holds,
                    &lanes)
                if lanes == 0 { continue }
            }
            // Pushed in lane order, as `visit` does: the most promising comes off first.
            let first = (UnsafeRawPointer(node) + _PackedNode.childOffset).load(as: Int32.self)
            let leafChildren = first < leafCount
            while lanes != 0 {
                let l = lanes.trailingZeroBitCount
                lanes &= lanes &- 1
                let child = first &+ Int32(l)
                if leafChildren {
                    htShim_PrefetchScreenLeaf(leaves + Int(child) &* MemoryLayout<ScreenIndex.Leaf>.stride)
                } else {
                    htShim_PrefetchScreenNode(nodes + Int(child &- leafCount))
                }
                stack[depth] = _PacketEntry(
                    node: child, parent: e.node, lane: Int32(l),
                    points: UInt32(truncatingIfNeeded: byLane &>> UInt64(8 &* l)) & 0xFF)
                depth &+= 1
            }
        }
        return visited
    }
}
