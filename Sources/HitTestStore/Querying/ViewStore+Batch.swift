import Dispatch
import HitTestGeometry

extension ViewStore {
    /// Answers many points at once (hit maps, multi-touch, hover), in order, with the same
    /// answers as one query at a time. With `threads > 1` the points are split into
    /// chunks answered on that many threads, each with its own scratch; the store must not
    /// change meanwhile. Views with custom code run their closures on those threads too:
    /// a store that has any is answered on one thread.
    /// The corresponding C function is `htWorld_HitTestBatch`.
    public func hitTest(_ points: [Point], useIndexes: Bool = true, threads: Int = 1)
        -> [StoreHit?]
    {
        var results = [StoreHit?](repeating: nil, count: points.count)
        let workers =
            anyViewHasCustomCode ? 1 : max(1, min(threads, points.count / 256 + 1))
        let chunk = (points.count + workers - 1) / max(workers, 1)
        points.withUnsafeBufferPointer { src in
            results.withUnsafeMutableBufferPointer { out in
                if workers == 1 {
                    hitTest(src, into: out, useIndexes: useIndexes, scratch: QueryScratch())
                    return
                }
                nonisolated(unsafe) let (src, out) = (src, out)
                nonisolated(unsafe) let store = self
                DispatchQueue.concurrentPerform(iterations: workers) { w in
                    let start = w * chunk
                    let end = min(start + chunk, points.count)
                    guard start < end else { return }
                    store.hitTest(
                        UnsafeBufferPointer(rebasing: src[start..<end]),
                        into: UnsafeMutableBufferPointer(rebasing: out[start..<end]),
                        useIndexes: useIndexes, scratch: QueryScratch())
                }
            }
        }
        return results
    }

    /// Answers `points` into `results` (at least as many) exactly as one
    /// `hitTest(_:useIndexes:scratch:)` a point would, on this thread with `scratch`.
    /// Allocates nothing once `scratch` has grown, and does nothing in proportion to the
    /// store's size: what hit maps, hover over many pointers and test harnesses call with
    /// buffers of their own. The corresponding C function is `htWorld_HitTestBatch` (with
    /// one thread).
    public func hitTest(
        _ points: UnsafeBufferPointer<Point>, into results: UnsafeMutableBufferPointer<StoreHit?>,
        useIndexes: Bool = true, scratch: QueryScratch
    ) {
        hitTest(points, into: results, useIndexes: useIndexes, scratch: scratch, curveOrder: nil)
    }

    /// `hitTest(_:into:useIndexes:scratch:)` with the order and the walks chosen
    /// (`curveOrder`, `inFlight`, `walks`, see `hitTest(count:...)`): what tests call to
    /// take the curve order and each kind of walk on small stores.
    package func hitTest(
        _ points: UnsafeBufferPointer<Point>, into results: UnsafeMutableBufferPointer<StoreHit?>,
        useIndexes: Bool = true, scratch: QueryScratch, curveOrder: Bool?, inFlight: Bool? = nil,
        walks: BatchWalks = BatchWalks()
    ) {
        precondition(results.count >= points.count, "results holds \(results.count) answers for \(points.count) points")
        hitTest(
            count: points.count, useIndexes: useIndexes, scratch: scratch, curveOrder: curveOrder,
            inFlight: inFlight, walks: walks, point: { points[$0] },
            answer: { results[$0] = $1 })
    }

    /// The batch query behind the Swift and C forms: `count` points read by `point(i)`,
    /// each answer given to `answer(i, hit)`, exactly as one query a point.
    ///
    /// In a big store (`batchInFlightMinimumViews` views or more) with no custom code and
    /// a fresh screen index, the points go `ScreenIndex.walksInFlight` at a time
    /// (`hitTestInFlight`): their walks of the index a level at a time or interleaved, so
    /// that their misses overlap; along the curve, `ScreenIndex.packetWidth` at a time as
    /// one packet (`hitTestAlongCurve`).
    ///
    /// A big batch (`batchCurveMinimum` points or more) in a big store
    /// (`batchCurveMinimumViews` views or more) with no custom code and a fresh screen index
    /// is answered along the Hilbert curve of its points (the order the screen index packs
    /// its leaves in), so that consecutive queries share the upper nodes and read leaves
    /// and column rows near the ones before: the points' keys are sorted in `scratch` (a
    /// radix sort, linear in the batch), each answer still given for its own point. When
    /// the scratch cannot grow (the host's allocator refuses) the points go in their order.
    ///
    /// Otherwise (a short batch, a store whose memory the caches hold anyway, or custom
    /// code, whose calls must see the points in their order) the points go in their order,
    /// one query each. `curveOrder` and `inFlight` true or false override the sizes' rules
    /// (not custom code's); nil keeps them. `walks`: how the groups walk the index (tests
    /// choose; the defaults are the measured ones).
    package func hitTest(
        count n: Int, useIndexes: Bool, scratch: QueryScratch, curveOrder: Bool? = nil,
        inFlight: Bool? = nil, walks settings: BatchWalks = BatchWalks(),
        point: (Int) -> Point, answer: (Int, StoreHit?) -> Void
    ) {
        let big = n >= ViewStore.batchCurveMinimum && count >= ViewStore.batchCurveMinimumViews
        let indexed = useIndexes && storage.screenIndexState == .fresh && n > 1 && !anyViewHasCustomCode
        let walks = indexed && (inFlight ?? (count >= ViewStore.batchInFlightMinimumViews))
        // A position takes the low 32 bits of its key.
        if indexed && n <= Int(UInt32.max) && (curveOrder ?? big) && scratch.reserveBatchOrder(n) {
            var order = scratch.batchOrder
            defer { scratch.batchOrder = order }
            HilbertOrder.orderPoints(
                count: n, point, into: &order.keys, spare: &order.spare, counts: &order.counts)
            let keys = order.keys.base.unsafelyUnwrapped
            if walks && scratch.reserveBatchWalks() {
                hitTestAlongCurve(
                    count: n, scratch: scratch,
                    index: { Int(UInt32(truncatingIfNeeded: keys[$0])) }, point: point, answer: answer)
            } else {
                for k in 0..<n {
                    let i = Int(UInt32(truncatingIfNeeded: keys[k]))
                    answer(i, hitTest(point(i), useIndexes: true, scratch: scratch))
                }
            }
            return
        }
        if walks && scratch.reserveBatchWalks() {
            hitTestInFlight(
                count: n, scratch: scratch, walks: settings,
                index: { $0 }, point: point, answer: answer)
            return
        }
        for i in 0..<n { answer(i, hitTest(point(i), useIndexes: useIndexes, scratch: scratch)) }
    }

    /// Answers the points `index(0)`, `index(1)`, ... (each `point(i)`, given to
    /// `answer(i, hit)`; in no particular order) with the screen index,
    /// `ScreenIndex.walksInFlight` at a time: their walks a level at a time or interleaved
    /// (`ScreenIndex.topEntries`, as `walks` says) and their candidates' ancestors asked
    /// for a level a round, so that the misses of several points overlap; then each is
    /// confirmed in turn. The same answers as one query a point (the short path's, and the
    /// full query where it leaves one undecided); the store has no custom code (whose
    /// calls must see the points one at a time, in order) and a fresh screen index, and
    /// the scratch has room for the walks (`reserveBatchWalks`).
    func hitTestInFlight(
        count n: Int, scratch: QueryScratch, walks: BatchWalks,
        index: (Int) -> Int, point: (Int) -> Point, answer: (Int, StoreHit?) -> Void
    ) {
        let stacks = scratch.batchWalks.base.unsafelyUnwrapped
        let columns = _CandidateColumns(self.columns)
        forEachGroup(
            of: ScreenIndex.walksInFlight, count: n, scratch: scratch, index: index, point: point, answer: answer
        ) { group, m, visited in
            storage.screenIndex.topEntries(
                count: m, xs: group.xs, ys: group.ys, tops: group.tops, slots: group.slots,
                scratch: stacks, walks: walks, visited: &visited
            ) { columns.prefetch($0) }
            askForAncestors(count: m, of: group.tops, group.slots, using: group.climbers, columns)
        }
    }

    /// Answers the points `index(0)`, `index(1)`, ... (each `point(i)`, given to
    /// `answer(i, hit)`; consecutive ones near each other, along the curve) with the
    /// screen index, `ScreenIndex.packetWidth` at a time as one packet
    /// (`ScreenIndex.packetTopEntries`): one walk for the group, each node visited once
    /// for all the points it may serve, and the ancestors' rows shared by neighbours; then
    /// each is confirmed in turn. The same answers, and the same conditions, as
    /// `hitTestInFlight`.
    func hitTestAlongCurve(
        count n: Int, scratch: QueryScratch,
        index: (Int) -> Int, point: (Int) -> Point, answer: (Int, StoreHit?) -> Void
    ) {
        let stack = scratch.batchWalks.base.unsafelyUnwrapped
        let columns = _CandidateColumns(self.columns)
        forEachGroup(
            of: ScreenIndex.packetWidth, count: n, scratch: scratch, index: index, point: point, answer: answer
        ) { group, m, visited in
            storage.screenIndex.packetTopEntries(
                count: m, xs: group.xs, ys: group.ys, tops: group.tops, slots: group.slots,
                stack: stack, visited: &visited
            ) { columns.prefetch($0) }
        }
    }

    /// The loop both group walks share: the points `index(start)`, ... `g` at a time into
    /// a `_FlightGroup`, `walk(group, m, &visited)` for a group of `m` to fill its tops
    /// and slots, then each point confirmed and answered in turn. A group with a point
    /// off the floats' range goes one query a point.
    @inline(__always)
    private func forEachGroup(
        of g: Int, count n: Int, scratch: QueryScratch, index: (Int) -> Int, point: (Int) -> Point,
        answer: (Int, StoreHit?) -> Void, walk: (_FlightGroup, Int, inout Int) -> Void
    ) {
        withUnsafeTemporaryAllocation(byteCount: _FlightGroup.byteCount(g), alignment: 16) { raw in
            let group = _FlightGroup(raw.baseAddress.unsafelyUnwrapped, g)
            var start = 0
            while start < n {
                let m = Swift.min(g, n - start)
                var finite = true
                for j in 0..<m {
                    let i = index(start + j)
                    let p = point(i)
                    group.indices[j] = i
                    group.points[j] = p
                    group.xs[j] = Float(p.x)
                    group.ys[j] = Float(p.y)
                    finite = finite && group.xs[j].isFinite && group.ys[j].isFinite
                }
                start += m
                if !finite {
                    for j in 0..<m {
                        answer(group.indices[j], hitTest(group.points[j], useIndexes: true, scratch: scratch))
                    }
                    continue
                }
                var visited = 0
                walk(group, m, &visited)
                scratch.buffers.stats.indexNodesVisited += visited
                for j in 0..<m {
                    let p = group.points[j]
                    let fast = confirmTopEntry(p, top: group.tops[j], slot: group.slots[j], scratch)
                    answer(group.indices[j], self.answer(p, fast, scratch))
                }
            }
        }
    }

    /// Asks for the rows of the ancestors of the `count` candidates (`tops[j]`, an entry or
    /// `_Slot.none`; `slots[j]`, its slot value), a level a round for them all: each round
    /// reads the parents asked for in the one before and asks for theirs, so that the
    /// confirmations after it find their rows in cache. `climbers`: `count` words.
    private func askForAncestors(
        count: Int, of tops: UnsafePointer<Int32>, _ slots: UnsafePointer<Int32>,
        using climbers: UnsafeMutablePointer<Int32>, _ columns: _CandidateColumns
    ) {
        let parents = self.columns.parent.base.unsafelyUnwrapped
        // A walked root's slot value is negative: its walk reads other rows. `ended`:
        // negative when every chain has ended (the AND of the climbers' signs).
        var ended: Int32 = -1
        for j in 0..<count {
            let x = tops[j] >= 0 ? slots[j] : _Slot.none
            climbers[j] = x
            ended &= x
        }
        // No branch on a chain's own data (whether it goes on, which a predictor often
        // guesses wrong): a chain that has ended reads the first slot's parent and asks
        // for the first slot's rows (in cache; the slot exists, as some chain goes on)
        // while the others climb.
        while ended >= 0 {
            ended = -1
            for j in 0..<count {
                let x = climbers[j]
                let up = parents[Int(Swift.max(x, 0))]
                let next = x >= 0 ? up : x
                climbers[j] = next
                ended &= next
                columns.prefetchAlways(Swift.max(next, 0))
            }
        }
    }

    /// The smallest store whose batches keep several walks in flight: below it the index
    /// and the rows a query reads stay in the last-level cache, and interleaving the walks
    /// costs more instructions than it hides (perf/RESULTS.md).
    package static let batchInFlightMinimumViews = 1 << 18

    /// The smallest batch answered in the points' curve order: below it the sort's cost
    /// is not paid back (a few random points share little).
    package static let batchCurveMinimum = 2048

    /// The smallest store whose batches are answered in their points' curve order: below
    /// it the nodes, leaves and rows a query reads stay in the last-level cache, and the
    /// sort's cost is not paid back (perf/RESULTS.md).
    package static let batchCurveMinimumViews = 1 << 18

    /// True when some view's code is custom (answered by its `CustomHitTestCode`). O(1).
    var anyViewHasCustomCode: Bool { storage.customCodeCount > 0 }
}

/// How a batch's groups of points in no particular order walk the screen index
/// (`ScreenIndex.topEntries`): a tree whose leaves' frames hold a point about
/// `maximumLevelCover` times or fewer (`ScreenIndex.Tree.leafCover`: views side by side)
/// a level at a time, any other (views stacked deep) by interleaved walks that skip what
/// cannot beat the best found, which run without a pause through the levels from the
/// root down that fit in `cachedLevelBytes`. The defaults are the measured ones
/// (perf/RESULTS.md); tests choose others to take each walk on small scenes.
package struct BatchWalks: Sendable {
    /// About a core's second-level cache.
    package var cachedLevelBytes = 512 << 10
    package var maximumLevelCover = 8.0

    package init() {}

    /// Interleaved walks only, with `cachedLevelBytes` (0: a turn ends at every node it
    /// asks for).
    package static func interleaved(cachedLevelBytes: Int) -> BatchWalks {
        var walks = BatchWalks()
        walks.cachedLevelBytes = cachedLevelBytes
        walks.maximumLevelCover = -.infinity
        return walks
    }

    /// Level walks for every tree whose cover is a number (one over a deep pile gives up at
    /// its first level past `ScreenIndex.levelPairs`, and its walks go interleaved).
    package static var levels: BatchWalks {
        var walks = BatchWalks()
        walks.maximumLevelCover = .infinity
        return walks
    }
}

/// The arrays of one group of `hitTestInFlight` or `hitTestAlongCurve` (`forEachGroup`),
/// `count` entries each, carved from one buffer of `byteCount(count)` bytes (16-byte
/// aligned): the points and their indices in the batch, their coordinates as floats (what
/// the screen index compares), the walks' top entries and slot values, and the ancestors
/// being asked for.
private struct _FlightGroup {
    let points: UnsafeMutablePointer<Point>
    let indices: UnsafeMutablePointer<Int>
    let xs: UnsafeMutablePointer<Float>
    let ys: UnsafeMutablePointer<Float>
    let tops: UnsafeMutablePointer<Int32>
    let slots: UnsafeMutablePointer<Int32>
    let climbers: UnsafeMutablePointer<Int32>

    static func byteCount(_ count: Int) -> Int {
        count * (MemoryLayout<Point>.stride + MemoryLayout<Int>.stride + 5 * 4)
    }

    init(_ raw: UnsafeMutableRawPointer, _ count: Int) {
        var at = raw
        func carve<T>(_: T.Type) -> UnsafeMutablePointer<T> {
            let p = at.bindMemory(to: T.self, capacity: count)
            at += count * MemoryLayout<T>.stride
            return p
        }
        // Widest first, so that each array is aligned.
        points = carve(Point.self)
        indices = carve(Int.self)
        xs = carve(Float.self)
        ys = carve(Float.self)
        // A packet's compares read all `count` coordinates, those of a short last group too.
        xs.initialize(repeating: 0, count: count)
        ys.initialize(repeating: 0, count: count)
        tops = carve(Int32.self)
        slots = carve(Int32.self)
        climbers = carve(Int32.self)
    }
}

extension QueryScratch {
    /// Makes room for the stacks of a batch's walks in flight, its level walks' pairs or
    /// its packets' stack (`batchWalks`), fallibly: false when the host's allocator
    /// refuses (the batch then goes one query a point).
    func reserveBatchWalks() -> Bool {
        batchWalks.tryReserveCapacity(
            Swift.max(
                ScreenIndex.walksInFlight * ScreenIndex.walkWords, ScreenIndex.levelWords, ScreenIndex.packetWords))
            == nil
    }

    /// Makes room for a batch of `n` points' order (`batchOrder`), fallibly: false when
    /// the host's allocator refuses (the batch then goes in point order).
    func reserveBatchOrder(_ n: Int) -> Bool {
        batchOrder.keys.tryReserveCapacity(n) == nil && batchOrder.spare.tryReserveCapacity(n) == nil
            && batchOrder.counts.tryReserveCapacity(HilbertOrder.radixCountWords) == nil
    }
}

extension HilbertOrder {
    /// Fills `keys` with `count` points' positions (`point(i)`) in the low half and their
    /// curve keys in the high half, sorted by key; `spare` and `counts` are the sort's
    /// (`radixSortHigh22(_:spare:counts:)`). Non-finite coordinates land on the grid's
    /// edges: any place is correct, only locality is at stake.
    ///
    /// The curve is coarser than a build's: a 4,096-cell grid over the points' extent,
    /// with the last level's quadrants merged (22 bits: two digits of the sort, and three
    /// table lookups a key). Points that share a key lie in one 2,048th of the extent on
    /// each axis, near enough for the packets; ties keep their point order.
    static func orderPoints(
        count n: Int, _ point: (Int) -> Point, into keys: inout _Column<UInt64>,
        spare: inout _Column<UInt64>, counts: inout _Column<Int32>
    ) {
        var (minX, minY) = (Double.infinity, Double.infinity)
        var (maxX, maxY) = (-Double.infinity, -Double.infinity)
        for i in 0..<n {
            let p = point(i)
            if p.x.isFinite && p.y.isFinite {
                minX = Swift.min(minX, p.x)
                maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y)
                maxY = Swift.max(maxY, p.y)
            }
        }
        let (w, h) = minX <= maxX ? (maxX - minX, maxY - minY) : (0, 0)
        keys.removeAll()
        let out = keys.extend(by: n)
        levelTable.withUnsafeBufferPointer { t in
            for i in 0..<n {
                let p = point(i)
                let key = index(cell(p.x, minX, w) >> 4, cell(p.y, minY, h) >> 4, bits: 12, table: t) >> 2
                out[i] = UInt64(key) << 32 | UInt64(UInt32(truncatingIfNeeded: i))
            }
        }
        radixSortHigh22(&keys, spare: &spare, counts: &counts)
    }
}
