import CHitTestShim

extension ScreenIndex {
    /// The most walks a batch keeps in flight (`topEntries`).
    static let walksInFlight = 8

    /// Words of `stacks` each walk takes: its stack.
    static var walkWords: Int { _PackedStack<UInt64>.capacity }

    /// `topEntry` for `count` points at once (at most `walksInFlight`): the top entry and
    /// slot value of point `k` (`xs[k]`, `ys[k]`, rounded to floats) into `tops[k]` and
    /// `slots[k]`, exactly as `topEntry` gives them. The walks take turns a node at a
    /// time: each visit asks for the memory of the nodes it pushes, and the other walks'
    /// visits run while it comes in, so that the walks' misses overlap instead of
    /// queueing. `stacks`: `count * walkWords` words. Adds the nodes visited to `visited`.
    mutating func topEntries(
        count: Int, xs: UnsafePointer<Float>, ys: UnsafePointer<Float>,
        tops: UnsafeMutablePointer<Int32>, slots: UnsafeMutablePointer<Int32>,
        stacks: UnsafeMutablePointer<UInt64>, visited: inout Int, newTop: (Int32) -> Void
    ) {
        for k in 0..<count {
            tops[k] = _Slot.none
            slots[k] = 0
        }
        // The tree whose highest entry is higher first, as `topEntry`: every walk goes
        // through it, then through the other with the tops it found.
        let largeFirst = large.maxPriority > small.maxPriority
        let (first, second) = largeFirst ? (large, small) : (small, large)
        withUnsafeTemporaryAllocation(of: _Walk.self, capacity: count) { buffer in
            let walks = buffer.baseAddress.unsafelyUnwrapped
            @inline(__always) func walk(_ tree: ScreenIndex.Tree) {
                guard tree.packed.root >= 0 else { return }
                visited &+= tree.interleave(
                    count: count, xs: xs, ys: ys, tops: tops, slots: slots, stacks: stacks,
                    walks: walks, newTop: newTop)
            }
            walk(first)
            walk(second)
        }
    }
}

extension ScreenIndex.Tree {
    /// The walks of `ScreenIndex.topEntries` through this tree (which has a root): each
    /// point whose top this tree can still beat starts a walk, and the walks take turns a
    /// visit each, those that have finished taken out of the round (the last one moved
    /// into their place), until none is left. Returns the nodes visited.
    @inline(__always)
    fileprivate func interleave(
        count: Int, xs: UnsafePointer<Float>, ys: UnsafePointer<Float>,
        tops: UnsafeMutablePointer<Int32>, slots: UnsafeMutablePointer<Int32>,
        stacks: UnsafeMutablePointer<UInt64>, walks: UnsafeMutablePointer<_Walk>,
        newTop: (Int32) -> Void
    ) -> Int {
        let rootMax = nodeMax[Int(packed.root)]
        var live = 0
        for k in 0..<count where rootMax > tops[k] {
            var stack = _PackedStack(base: stacks + k * ScreenIndex.walkWords)
            stack.push(rootEntry(x: xs[k], y: ys[k]))
            (walks + live).initialize(
                to: _Walk(stack: stack, x: xs[k], y: ys[k], top: tops[k], slot: slots[k], point: Int32(k)))
            live &+= 1
        }
        var nodes = 0
        while live > 0 {
            // A round from the last live walk down, so that a finished walk's place takes
            // one that has had its turn.
            var i = live
            while i > 0 {
                i &-= 1
                var w = walks[i]
                if let e = next(&w.stack, above: w.top) {
                    visit(e, x: w.x, y: w.y, top: &w.top, slot: &w.slot, stack: &w.stack, newTop: newTop)
                    // Only what a visit changes goes back.
                    walks[i].stack.count = w.stack.count
                    walks[i].top = w.top
                    walks[i].slot = w.slot
                    nodes &+= 1
                } else {
                    tops[Int(w.point)] = w.top
                    slots[Int(w.point)] = w.slot
                    live &-= 1
                    walks[i] = walks[live]
                }
            }
        }
        return nodes
    }
}

/// One walk of `ScreenIndex.topEntries` through one tree: its stack, its point, the top
/// entry and slot value found so far, and the point's place in the batch.
private struct _Walk {
    var stack: _PackedStack<UInt64>
    let x: Float
    let y: Float
    var top: Int32
    var slot: Int32
    let point: Int32
}
