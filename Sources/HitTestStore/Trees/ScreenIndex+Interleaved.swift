import CHitTestShim

extension ScreenIndex {
    /// The most walks a batch keeps in flight (`topEntries`): enough that the other
    /// walks' turns outlast a miss to memory (perf/RESULTS.md).
    static let walksInFlight = 16

    /// Words of `stacks` each walk takes: its stack.
    static var walkWords: Int { _PackedStack<UInt64>.capacity }

    /// `topEntry` for `count` points at once (at most `walksInFlight`): the top entry and
    /// slot value of point `k` (`xs[k]`, `ys[k]`, rounded to floats) into `tops[k]` and
    /// `slots[k]`, exactly as `topEntry` gives them. Each tree is walked for all the
    /// points together, so that their misses overlap instead of queueing: a level at a
    /// time (`Tree.levelWalk`) where its leaves' frames hold a point `walks.maximumLevelCover`
    /// times or fewer, else, or when a level walk gives up, by interleaved walks
    /// (`Tree.interleave`) that take turns: a turn visits nodes until the next is one it
    /// asked for itself below the cached levels (the levels from the root down that fit in
    /// `walks.cachedLevelBytes`, `Tree.firstCachedNode`), so that while that node's memory
    /// comes in the other walks' turns run. `scratch`: `max(count * walkWords, levelWords)`
    /// words. Adds the nodes visited to `visited`.
    mutating func topEntries(
        count: Int, xs: UnsafePointer<Float>, ys: UnsafePointer<Float>,
        tops: UnsafeMutablePointer<Int32>, slots: UnsafeMutablePointer<Int32>,
        scratch stacks: UnsafeMutablePointer<UInt64>, walks settings: BatchWalks, visited: inout Int,
        newTop: (Int32) -> Void
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
                if tree.leafCover <= settings.maximumLevelCover,
                    let v = tree.levelWalk(
                        count: count, xs: xs, ys: ys, tops: tops, slots: slots, queue: stacks, newTop: newTop)
                {
                    visited &+= v
                    return
                }
                visited &+= tree.interleave(
                    count: count, xs: xs, ys: ys, tops: tops, slots: slots, stacks: stacks,
                    walks: walks, cached: tree.firstCachedNode(within: settings.cachedLevelBytes), newTop: newTop)
            }
            walk(first)
            walk(second)
        }
    }
}

extension ScreenIndex.Tree {
    /// The walks of `ScreenIndex.topEntries` through this tree (which has a root): each
    /// point whose top this tree can still beat starts a walk, and the walks take turns,
    /// those that have finished taken out of the round (the last one moved into their
    /// place), until none is left. A turn visits nodes until the next entry on its stack
    /// is a node below `cached` (a level outside the cache) that this turn pushed: its
    /// memory was asked for a moment ago. Entries pushed in earlier turns have had the
    /// other walks' turns to come in, and the cached levels need no wait, so a walk runs
    /// through them in one turn. Returns the nodes visited.
    @inline(__always)
    fileprivate func interleave(
        count: Int, xs: UnsafePointer<Float>, ys: UnsafePointer<Float>,
        tops: UnsafeMutablePointer<Int32>, slots: UnsafeMutablePointer<Int32>,
        stacks: UnsafeMutablePointer<UInt64>, walks: UnsafeMutablePointer<_Walk>, cached: Int32,
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
                // Stack places below `older` hold entries pushed before this turn.
                var older = w.stack.count
                var over = false
                while true {
                    let c = w.stack.count
                    if c > older && Int32(truncatingIfNeeded: w.stack.base[c &- 1]) < cached { break }
                    guard let e = next(&w.stack, above: w.top) else {
                        over = true
                        break
                    }
                    older = Swift.min(older, w.stack.count)
                    visit(e, x: w.x, y: w.y, top: &w.top, slot: &w.slot, stack: &w.stack, newTop: newTop)
                    nodes &+= 1
                }
                if over {
                    tops[Int(w.point)] = w.top
                    slots[Int(w.point)] = w.slot
                    live &-= 1
                    walks[i] = walks[live]
                } else {
                    // Only what a turn changes goes back.
                    walks[i].stack.count = w.stack.count
                    walks[i].top = w.top
                    walks[i].slot = w.slot
                }
            }
        }
        return nodes
    }
}

extension ScreenIndex.Tree {
    /// The first node of the levels from the root down whose nodes, with their `nodeMax`
    /// words, fit in `bytes` together (levels are numbered leaves first, so those levels
    /// are the nodes from here up); past the root when not even the root's level fits.
    /// O(height).
    func firstCachedNode(within bytes: Int) -> Int32 {
        let leafCount = Int(packed.leafCount)
        func size(_ level: _PackedLevel) -> Int {
            let node = level.start < leafCount ? MemoryLayout<ScreenIndex.Leaf>.stride : MemoryLayout<_PackedNode>.stride
            return level.count * (node + MemoryLayout<Int32>.stride)
        }
        var level = packed.leafLevel
        var total = size(level)
        while !level.isRoot {
            level = level.above
            total += size(level)
        }
        // Levels off the bottom until the rest fit.
        level = packed.leafLevel
        while total > bytes && !level.isRoot {
            total -= size(level)
            level = level.above
        }
        return total > bytes ? packed.root &+ 1 : Int32(level.start)
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
