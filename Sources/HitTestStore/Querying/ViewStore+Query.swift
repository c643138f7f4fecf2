import HitTestGeometry
import HitTestScene

/// What a store query found: the same view, window and local point as the reference.
/// The corresponding C type is `htHit`.
public struct StoreHit: Hashable, Sendable {
    /// The hit view: the touch's view for its whole life.
    public var view: ViewHandle
    /// The window whose hit test returned the view.
    public var window: ViewHandle
    /// The screen point in the hit view's bounds coordinates, bit for bit the
    /// reference's.
    public var localPoint: Point
}

/// Work counts of queries, in the spirit of box2d's `b2TreeStats`: they make the cost of
/// a query observable in tests and in `hittest stats`.
public struct QueryStats: Hashable, Sendable {
    /// Views whose `hitTest` step ran (entered by the walk).
    public var viewsVisited = 0
    /// Child boxes tested against the point.
    public var boxTests = 0
    /// Index nodes visited.
    public var indexNodesVisited = 0
    /// Calls into custom code (`CustomHitTestCode`).
    public var customCalls = 0

    /// All counts zero.
    public init() {}

    /// Adds `b`'s counts to `a`'s, as batches sum their threads' counts.
    public static func += (a: inout QueryStats, b: QueryStats) {
        a.viewsVisited += b.viewsVisited
        a.boxTests += b.boxTests
        a.indexNodesVisited += b.indexNodesVisited
        a.customCalls += b.customCalls
    }
}

/// Reusable memory for queries: after the first queries have grown it, a query allocates
/// nothing. One per thread; not thread-safe itself. Its buffers come from the allocator
/// hooks, as the store's do (the C API's worlds each own one).
public final class QueryScratch {
    @usableFromInline
    struct Frame {
        var slot: Int32
        var point: Point
        /// The point the subviews' boxes are tested against, in floats: the screen point,
        /// or below a scroll view its local point there (its subviews' boxes are in its
        /// content coordinates). NaN: no box may exclude it.
        var bx: Float
        var by: Float
        /// Next child to consider (walking down the sibling list), `_Slot.none` when done.
        var next: Int32
        /// For an indexed view: `index` is its child index in `indexes`; `handedOut` how
        /// many subviews it has handed out: the first by the index's depth-first walk
        /// (`ChildIndex.topChild`), whose label is `below`, the others by a best-first
        /// walk over those below it, whose heap is `candidates[start...]`
        /// (`ChildIndex.nextBestFirst`).
        var start: Int32
        var index: Int32
        var below: UInt32
        var handedOut: UInt8
        var indexed: Bool
    }

    /// One level of `pointInside`'s walk over `boundsOrSubviews` subviews.
    @usableFromInline
    typealias PointInsideStep = (slot: Int32, point: Point, next: Int32, bx: Float, by: Float)

    /// The buffers, in one stored property so that a query takes them with one swap.
    @usableFromInline
    struct Buffers {
        var frames = _Column<Frame>()
        /// The heaps of the child indexes' best-first walks, one after another, the
        /// innermost view's last (`Frame.start`).
        var candidates = _Column<UInt64>()
        /// The heap of the screen index's best-first walk (`ScreenIndex.BestFirst`).
        var screenCandidates = _Column<UInt64>()
        var chain = _Column<Int32>()
        /// A view, its point, the next subview to ask and its box point (`Frame.bx`).
        var pointInsideStack = _Column<PointInsideStep>()
        var stats = QueryStats()
    }

    /// The one field outside `_Storage` read without the dynamic exclusivity check (two
    /// checks would be a few percent of a query): a scratch serves one thread at a time,
    /// and a query swaps the buffers out at its start and back at its end, holding no
    /// other access to them in between.
    @exclusivity(unchecked) @usableFromInline var buffers = Buffers()

    /// A batch's order of its points (`ViewStore.hitTest(_:into:useIndexes:scratch:)`):
    /// each point's curve key in the high half and its position in the low half, and the
    /// radix sort's second buffer and digit counts. Grown by the first big batch, kept for
    /// the next.
    var batchOrder = (keys: _Column<UInt64>(), spare: _Column<UInt64>(), counts: _Column<Int32>())

    /// The stacks of a batch's walks in flight (`ScreenIndex.topEntries`), one after
    /// another. Grown by the first batch, kept for the next.
    var batchWalks = _Column<UInt64>()

    /// Counts of the queries made with this scratch since it was made (or reset).
    public var stats: QueryStats {
        get { buffers.stats }
        set { buffers.stats = newValue }
    }

    /// A scratch with room for ordinary trees, so that the first queries allocate
    /// nothing either; it grows (once) for deeper ones.
    public init() {
        buffers.frames.reserveCapacity(64)
        buffers.candidates.reserveCapacity(64)
        buffers.screenCandidates.reserveCapacity(16)
        buffers.chain.reserveCapacity(64)
        buffers.pointInsideStack.reserveCapacity(16)
    }

    /// A scratch with no room yet: `tryReserve(height:)` makes it, fallibly (the C API's
    /// worlds).
    package init(unreserved: Void) {}

    deinit {
        buffers.frames.deallocate()
        buffers.candidates.deallocate()
        buffers.screenCandidates.deallocate()
        buffers.chain.deallocate()
        buffers.pointInsideStack.deallocate()
        batchOrder.keys.deallocate()
        batchOrder.spare.deallocate()
        batchOrder.counts.deallocate()
        batchWalks.deallocate()
    }
}

extension ViewStore {
    /// `hitTestScreen(p)` (`rule-order-windows`, `rule-windows-result`), answered by a fast
    /// path: the same view, window and local point as `Screen.hitTest` on the same tree.
    /// Allocates nothing once `scratch` has grown to the tree's depth.
    ///
    /// `useIndexes` chooses the walk, and so the engine (`Engine`): `false` is `.flat`
    /// (each child's box tested), `true` is `.bvh` (the screen index and the child indexes
    /// of big containers, where built). Both give the same answers.
    /// The corresponding C function is `htWorld_HitTest` (with indexes).
    ///
    /// A best-first walk whose heap outgrows `scratch` (many views stacked under the
    /// point) asks the host's allocator fallibly; when it refuses, the query is answered
    /// again by the walk without indexes, which needs no more memory than the tree's
    /// depth: the same answer, and custom hit-test code on the way may be asked twice.
    public func hitTest(_ p: Point, useIndexes: Bool = true, scratch: QueryScratch) -> StoreHit? {
        if useIndexes && storage.screenIndexState == .fresh {
            let fx = Float(p.x)
            let fy = Float(p.y)
            if fx.isFinite && fy.isFinite {
                return answer(p, screenIndexFastHit(p, fx, fy, scratch), scratch)
            }
        }
        var q = _Query(store: self, scratch: scratch, point: p, useIndex: useIndexes)
        let hit = q.run()
        return q.finish(scratch) ? walkedHit(p, scratch) : hit
    }

    /// The answer of a screen-index query at `p` whose short path gave `fast`: the full
    /// query decides what the short path left undecided.
    @inline(__always)
    func answer(_ p: Point, _ fast: _FastAnswer, _ scratch: QueryScratch) -> StoreHit? {
        switch fast {
        case .hit(let h): return h
        case .miss: return nil
        case .undecided(let top, let slot):
            // A scroll view's content, through its content index.
            if ScreenIndex.isWalkedRoot(slot) {
                switch contentFastHit(p, top: top, slot: slot, scratch) {
                case .hit(let h): return h
                case .miss: return nil
                case .undecided: break
                }
            }
            var q = _Query(store: self, scratch: scratch, point: p, useIndex: true)
            let hit = q.screenIndexQuery(top: top, slot: slot)
            return q.finish(scratch) ? walkedHit(p, scratch) : hit
        }
    }

    /// The query by the walk without indexes: for a query whose best-first heap the host's
    /// allocator refused (the fast paths above use none).
    @inline(never)
    private func walkedHit(_ p: Point, _ scratch: QueryScratch) -> StoreHit? {
        var q = _Query(store: self, scratch: scratch, point: p, useIndex: false)
        let hit = q.run()
        _ = q.finish(scratch)
        return hit
    }

    /// A convenience that makes its own scratch (and so allocates).
    public func hitTest(_ p: Point, useIndexes: Bool = true) -> StoreHit? {
        hitTest(p, useIndexes: useIndexes, scratch: QueryScratch())
    }

    /// The columns a query reads, copied out of the store once per query: reading a
    /// class's stored property costs a dynamic exclusivity check each time, which in a
    /// loop costs more than the walk itself. Copies of `_Column` share the storage.
    @usableFromInline
    struct _Hot {
        let cols: _Columns
        let sideRecords: _Column<_SideRecord>
        let indexes: _Column<ChildIndex>

        @inline(__always) var flags: _Column<UInt32> { cols.flags }
        @inline(__always) var parent: _Column<Int32> { cols.parent }
        @inline(__always) var lastChild: _Column<Int32> { cols.lastChild }
        @inline(__always) var prevSibling: _Column<Int32> { cols.prevSibling }
        @inline(__always) var nextSibling: _Column<Int32> { cols.nextSibling }
        @inline(__always) var box: _Column<Box> { cols.box }
        @inline(__always) var order: _Column<UInt32> { cols.order }
        @inline(__always) var generation: _Column<UInt16> { cols.generation }
    }

    var hot: _Hot { _Hot(cols: columns, sideRecords: storage.sideRecords, indexes: storage.indexes) }
}

extension ViewStore._Hot {
    @inline(__always)
    func geometry(_ s: Int32) -> ViewGeometry { cols.geometry(s, sideRecords) }

    @inline(__always)
    func hitRect(_ s: Int32) -> Rect { cols.hitRect(s, sideRecords) }

    @inline(__always)
    func toChild(_ s: Int32, _ p: Point) -> Point { cols.toChild(s, p, sideRecords) }

    @inline(__always)
    func shapeContains(_ s: Int32, _ p: Point) -> Bool { cols.shapeContains(s, p, sideRecords) }

    @inline(__always)
    func pointInsideBox(_ s: Int32) -> Box { cols.pointInsideBox(s, sideRecords) }

    @inline(__always)
    func isLive(_ h: ViewHandle) -> Bool {
        guard !h.isNull, Int(h.index) <= flags.count else { return false }
        let s = Int(h.index) - 1
        return flags[s] & _Flags.alive != 0 && UInt32(generation[s]) == h.generation
    }
}

/// One query in progress: the store's columns, the scratch arrays taken out of their
/// class (and put back by `finish`), and counters kept in locals.
@usableFromInline
struct _Query {
    let store: ViewStore
    let c: ViewStore._Hot
    let sp: Point
    let fx: Float
    let fy: Float
    /// False for a NaN point: no box is trusted to exclude it (custom code may take it).
    let prune: Bool
    let useIndex: Bool
    var b = QueryScratch.Buffers()
    let windowOrder: _Column<Int32>
    /// The screen point as the boxes of the screen's space test it (`boxPoint`).
    let bx: Float
    let by: Float
    /// Set when the host's allocator refused a best-first walk's heap room: the query
    /// is then answered again by the walk without indexes, which needs none
    /// (`ViewStore.hitTest(_:useIndexes:scratch:)`). A field of the query, not of the
    /// scratch's buffers, which every query swaps in and out.
    var heapRefused = false

    init(store: ViewStore, scratch: QueryScratch, point: Point, useIndex: Bool) {
        self.store = store
        c = store.hot
        sp = point
        fx = Float(point.x)
        fy = Float(point.y)
        prune = !(point.x.isNaN || point.y.isNaN)
        (bx, by) = _Query.boxPoint(point)
        self.useIndex = useIndex
        windowOrder = store.storage.windowOrder
        swap(&b, &scratch.buffers)
    }

    /// Gives the buffers back to `scratch`; true when a best-first walk's heap was refused
    /// on the way (`heapRefused`), so that the answer is not to be trusted.
    @discardableResult
    mutating func finish(_ scratch: QueryScratch) -> Bool {
        swap(&b, &scratch.buffers)
        return heapRefused
    }

    mutating func run() -> StoreHit? {
        for w in windowOrder {
            if prune && !c.box[Int(w)].contains(x: fx, y: fy) { continue }
            if let r = walk(root: w, point: c.toChild(w, sp), window: w, bx: bx, by: by) {
                return r
            }
        }
        return nil
    }

    enum Step {
        case hit(Int32, Point)
        case miss
        case entered
    }

    func handle(_ s: Int32) -> ViewHandle {
        ViewHandle(index: UInt32(s) + 1, generation: UInt32(c.generation[Int(s)]))
    }

    /// The reference algorithm's `hitTest(root, p)` (`p` in `root`'s bounds coordinates),
    /// iteratively: a stack of frames stands for the recursion, and a child is skipped
    /// only when its box shows that its `hitTest` would return nil. The first non-nil
    /// answer is final, as in the reference, so it is returned at once. `w` is the
    /// window of `root`; `candidates` below `base` belong to the caller and are kept.
    /// `(bx, by)`: the point `root`'s box space is tested with (the screen point in
    /// floats, unless `root` is inside a scroll view).
    mutating func walk(
        root: Int32, point: Point, window w: Int32, bx: Float, by: Float,
        candidatesFrom base: Int = 0
    ) -> StoreHit? {
        b.frames.removeAll()
        b.candidates.truncate(to: base)
        switch enter(root, point, bx, by) {
        case .hit(let s, let q): return StoreHit(view: handle(s), window: handle(w), localPoint: q)
        case .miss: return nil
        case .entered: break
        }
        while !b.frames.isEmpty {
            let top = b.frames.count - 1
            let frame = b.frames[top]
            // The next child whose box holds the point, topmost first.
            var child: Int32 = _Slot.none
            if frame.indexed {
                child = nextIndexedChild(of: frame, at: top)
            } else {
                var ch = frame.next
                while ch >= 0 {
                    b.stats.boxTests += 1
                    if c.box[Int(ch)].admits(x: frame.bx, y: frame.by) { break }
                    ch = c.prevSibling[Int(ch)]
                }
                child = ch
                b.frames[top].next = ch >= 0 ? c.prevSibling[Int(ch)] : _Slot.none
            }
            if child >= 0 {
                switch enter(child, c.toChild(child, frame.point), frame.bx, frame.by) {
                case .hit(let s, let q):
                    return StoreHit(view: handle(s), window: handle(w), localPoint: q)
                case .miss, .entered: continue
                }
            }
            // No child took it: the view itself, unless it passes touches through.
            _ = b.frames.removeLast()
            if frame.indexed { b.candidates.truncate(to: Int(frame.start)) }
            if c.flags[Int(frame.slot)] & _Flags.passthrough == 0 {
                return StoreHit(
                    view: handle(frame.slot), window: handle(w), localPoint: frame.point)
            }
        }
        return nil
    }

    /// The steps of `hitTest(v, p)` before its loop over subviews: custom code, the
    /// redirect, eligibility, `pointInside`, `boxOnly`. Pushes a frame when the loop over
    /// subviews is to run. `(bx, by)`: the point `s`'s own box space is tested with; a
    /// scroll view's subviews are tested with its local point `p` instead.
    mutating func enter(_ s: Int32, _ p: Point, _ bx: Float, _ by: Float) -> Step {
        let i = Int(s)
        let f = c.flags[i]
        b.stats.viewsVisited += 1
        var (bx, by) = (bx, by)
        if f & (_Flags.custom | _Flags.redirect | _Flags.indexed | _Flags.scrollView) != 0 {
            if f & _Flags.custom != 0 {
                b.stats.customCalls += 1
                let code = store.sideValues[Int(c.sideRecords[c.cols.sideRecordIndex(i)].values)].customCode!
                guard let r = code.customHitTest(p),
                    let rs = store.slotOfCustomCode[ObjectIdentifier(r)]
                else {
                    return .miss
                }
                return .hit(rs, store.localPoint(rs, sp))
            }
            if f & _Flags.redirect != 0 {
                let t = c.sideRecords[c.cols.sideRecordIndex(i)].redirect
                if c.isLive(t), let q = convertDown(p, from: s, to: t.slot) {
                    // The target's subviews' boxes are in this view's box space unless a
                    // scroll view lies on the way: then none is trusted to exclude.
                    let across = hasScrollView(from: c.parent[Int(t.slot)], upTo: s)
                    if pointInside(t.slot, q, across ? .nan : bx, across ? .nan : by) {
                        return .hit(t.slot, q)
                    }
                }
            }
            if f & _Flags.scrollView != 0 { (bx, by) = _Query.boxPoint(p) }
        }
        if f & _Flags.ineligible != 0 { return .miss }
        if !pointInside(s, p, bx, by) { return .miss }
        if f & _Flags.boxOnly != 0 { return .hit(s, p) }
        if f & _Flags.indexed != 0 && useIndex && !bx.isNaN && !by.isNaN {
            // Topmost first: the subviews come off the index highest order label first
            // (`nextIndexedChild`).
            assert(c.cols.labelsKept, "an indexed container in a store without order labels")
            b.frames.append(
                .init(
                    slot: s, point: p, bx: bx, by: by, next: _Slot.none, start: Int32(b.candidates.count),
                    index: c.sideRecords[c.cols.sideRecordIndex(i)].childIndex, below: 0, handedOut: 0,
                    indexed: true))
        } else {
            b.frames.append(
                .init(
                    slot: s, point: p, bx: bx, by: by, next: c.lastChild[i], start: 0, index: 0, below: 0,
                    handedOut: 0, indexed: false))
        }
        return .entered
    }

    /// The next subview of the indexed view of `frame` (`b.frames[top]`) whose box holds
    /// the point, highest order label first, `_Slot.none` when there is none: the first
    /// by its index's depth-first walk, which is all most views need; the rest by a
    /// best-first walk over the subviews below the first, its heap at the tail of
    /// `b.candidates` (the view's frame is on top, so any nested walk's heap is gone).
    mutating func nextIndexedChild(of frame: QueryScratch.Frame, at top: Int) -> Int32 {
        let index = c.indexes[Int(frame.index)]
        var child: Int32
        switch frame.handedOut {
        case 0:
            child = index.topChild(
                x: frame.bx, y: frame.by, boxes: c.box, order: c.order, visited: &b.stats.indexNodesVisited)
            if child >= 0 { b.frames[top].below = c.order[Int(child)] }
        case 1:
            assert(b.candidates.count == Int(frame.start), "a nested walk's heap outlived its view")
            index.startBestFirst(
                x: frame.bx, y: frame.by, boxes: c.box, order: c.order, below: frame.below, heap: &b.candidates,
                refused: &heapRefused)
            fallthrough
        default:
            child =
                index.nextBestFirst(
                    x: frame.bx, y: frame.by, order: c.order, below: frame.below, heap: &b.candidates,
                    from: Int(frame.start), visited: &b.stats.indexNodesVisited, refused: &heapRefused)
                ?? _Slot.none
        }
        if frame.handedOut < 2 { b.frames[top].handedOut += 1 }
        return child
    }

    /// `pointInside(v, p)` (`rule-override-point-inside`), iteratively for `boundsOrSubviews` chains.
    /// The answer is an OR, so the first true found anywhere is the answer. `(bx, by)`:
    /// the point `s`'s box space is tested with (see `enter`).
    mutating func pointInside(_ s: Int32, _ p: Point, _ bx: Float, _ by: Float) -> Bool {
        if let answer = pointInsideStep(s, p) { return answer }
        // `s` is boundsOrSubviews: ask its subviews from the top, depth first, each
        // level's boxes tested with the point of its box space.
        let base = b.pointInsideStack.count
        defer { b.pointInsideStack.truncate(to: base) }
        let (sx, sy) = c.flags[Int(s)] & _Flags.scrollView != 0 ? _Query.boxPoint(p) : (bx, by)
        b.pointInsideStack.append((s, p, c.lastChild[Int(s)], sx, sy))
        while b.pointInsideStack.count > base {
            let top = b.pointInsideStack.count - 1
            let (v, q, next, vx, vy) = b.pointInsideStack[top]
            var ch = next
            while ch >= 0, !c.pointInsideBox(ch).admits(x: vx, y: vy) {
                ch = c.prevSibling[Int(ch)]
            }
            if ch >= 0 {
                b.pointInsideStack[top].next = c.prevSibling[Int(ch)]
                let cq = c.toChild(ch, q)
                switch pointInsideStep(ch, cq) {
                case .some(true): return true
                case .some(false): break
                case .none:
                    let (cx, cy) =
                        c.flags[Int(ch)] & _Flags.scrollView != 0 ? _Query.boxPoint(cq) : (vx, vy)
                    b.pointInsideStack.append((ch, cq, c.lastChild[Int(ch)], cx, cy))
                }
                continue
            }
            // No subview said yes: the view's own shape.
            _ = b.pointInsideStack.removeLast()
            if c.shapeContains(v, q) { return true }
        }
        return false
    }

    /// `pointInside` of one view when it does not need its subviews' `pointInside`
    /// (nil when it is `boundsOrSubviews` and they must be asked).
    @inline(__always)
    mutating func pointInsideStep(_ s: Int32, _ p: Point) -> Bool? {
        let i = Int(s)
        let f = c.flags[i]
        if f & (_Flags.pointInsideModes | _Flags.custom | _Flags.insideCustom) == 0 {
            return c.shapeContains(s, p)
        }
        if f & (_Flags.custom | _Flags.insideCustom) != 0 {
            b.stats.customCalls += 1
            return store.sideValues[Int(c.sideRecords[c.cols.sideRecordIndex(i)].values)].customCode!
                .customPointInside(p)
        }
        if f & _Flags.pointInsideSubviews != 0 {
            var ch = c.cols.firstChild(of: Int32(i))
            while ch >= 0 {
                if c.geometry(ch).frame.contains(p) { return true }
                ch = c.nextSibling[Int(ch)]
            }
            return false
        }
        return nil
    }

    /// `p`, in `s`'s coordinates, converted down the chain of subviews into `t`, or nil
    /// when `t` is not below `s`.
    mutating func convertDown(_ p: Point, from s: Int32, to t: Int32) -> Point? {
        b.chain.removeAll()
        var x = t
        while x >= 0 && x != s {
            b.chain.append(x)
            x = c.parent[Int(x)]
        }
        guard x == s, !b.chain.isEmpty else { return nil }
        let chain = b.chain
        var steps = 0
        return c.cols.descend(chain.count, { chain[$0] }, from: p, c.sideRecords, testingShapes: false, steps: &steps)
    }

    /// A point as boxes test it (`Box.admits`): in floats, or NaN in both coordinates
    /// when either is NaN, so that no box excludes it (custom code may take it).
    @inline(__always)
    static func boxPoint(_ p: Point) -> (Float, Float) {
        p.x.isNaN || p.y.isNaN ? (.nan, .nan) : (Float(p.x), Float(p.y))
    }

    /// True when a view from `x` up to `s` (both included) is a scroll view. O(depth).
    func hasScrollView(from x: Int32, upTo s: Int32) -> Bool {
        var a = x
        while a >= 0 {
            if c.flags[Int(a)] & _Flags.scrollView != 0 { return true }
            if a == s { return false }
            a = c.parent[Int(a)]
        }
        return false
    }
}

extension ViewStore {
    /// The screen point in a view's coordinates: toChild at each level from its window
    /// down (`_Columns.descend` without shape tests), as the reference computes a hit
    /// view's local point. O(depth); the chain sits on the call stack (on the heap only
    /// past a few hundred levels), and any depth works.
    func localPoint(_ s: Int32, _ sp: Point) -> Point {
        var depth = 0
        var x = s
        while x >= 0 {
            depth += 1
            x = columns.parent[Int(x)]
        }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: depth) { chain in
            var x = s
            for j in 0..<depth {
                chain[j] = x
                x = columns.parent[Int(x)]
            }
            var steps = 0
            return columns.descend(
                depth, { chain[$0] }, from: sp, storage.sideRecords, testingShapes: false, steps: &steps)!
        }
    }
}
