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
        // The tree whose highest entry is higher first, as `topEntry`.
        let largeFirst = large.maxPriority > small.maxPriority
        let first = largeFirst ? large : small
        let second = largeFirst ? small : large
        withUnsafeTemporaryAllocation(of: _Walk.self, capacity: count) { walks in
            let walk = walks.baseAddress.unsafelyUnwrapped
            for k in 0..<count {
                (walk + k).initialize(
                    to: _Walk(stack: _PackedStack(base: stacks + k * ScreenIndex.walkWords), tree: 0))
                tops[k] = _Slot.none
                slots[k] = 0
                if first.packed.root >= 0 { walk[k].stack.push(first.rootEntry(x: xs[k], y: ys[k])) }
            }
            var live = count
            var nodes = 0
            // One turn of walk `k` in `tree`: a node visited, false when the tree has none
            // left for it. The walk's stack, top and slot are copied in for the turn and
            // back after it.
            @inline(__always) func turn(_ tree: ScreenIndex.Tree, _ k: Int) -> Bool {
                // An empty tree's walk starts empty (and its `nodeMax` has no buffer).
                if walk[k].stack.isEmpty { return false }
                var stack = walk[k].stack
                var top = tops[k]
                guard let e = tree.next(&stack, above: top) else {
                    walk[k].stack = stack
                    return false
                }
                var slot = slots[k]
                tree.visit(e, x: xs[k], y: ys[k], top: &top, slot: &slot, stack: &stack, newTop: newTop)
                walk[k].stack = stack
                tops[k] = top
                slots[k] = slot
                nodes &+= 1
                return true
            }
            while live > 0 {
                for k in 0..<count where walk[k].tree < 2 {
                    if walk[k].tree == 0 {
                        if turn(first, k) { continue }
                        walk[k].tree = 1
                        if second.packed.root >= 0 { walk[k].stack.push(second.rootEntry(x: xs[k], y: ys[k])) }
                    }
                    if !turn(second, k) {
                        walk[k].tree = 2
                        live -= 1
                    }
                }
            }
            visited &+= nodes
        }
    }
}

/// One walk of `ScreenIndex.topEntries`: its stack, and the tree it is in (0 the first,
/// 1 the second, 2 done).
private struct _Walk {
    var stack: _PackedStack<UInt64>
    var tree: UInt8
}
