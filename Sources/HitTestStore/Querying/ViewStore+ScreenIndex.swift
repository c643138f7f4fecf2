import CHitTestShim
import HitTestGeometry

// The screen index (`ScreenIndex`): which views get entries, how a query uses it, and
// how changes keep it exact.
//
// Why the highest confirmed entry is the reference's answer. Number the views in paint
// order (pre-order, windows from the bottom one up, subviews from the bottom up). The
// reference tries, at each view, its subviews from the top down, and returns the first
// non-nil answer; so among the views whose `hitTest` it would run and that would answer
// themselves, it returns the one painted last: every view it tries before a view `v`
// is a later sibling of `v` or of one of `v`'s ancestors, or inside such a subtree, or
// below `v`, and all of those come after `v` in paint order. A plain view answers
// itself exactly when its shape and every ancestor's hold the point (its ancestors are
// eligible and plain, so nothing else can stop the descent); that is what `confirm`
// checks, with the reference's own conversions. A walked subtree's root is tried at its
// own rank; if its walk answers nil, the reference goes on to the views below it in
// paint order, and so does the query. Views with no entry never answer: ineligible
// subtrees, passthrough views themselves, the subviews of `boxOnly` views. Boxes are
// conservative (rounded outward, clipped only by ancestors' boxes), so a view that would
// answer is always among the candidates.

extension ViewStore {
    /// True when the screen index describes the store as it is.
    @usableFromInline var screenIndexIsFresh: Bool { storage.screenIndexState == .fresh }

    /// Marks the screen index stale after a change it cannot follow by refitting; it is
    /// rebuilt once enough changes have gathered (`noteScreenIndexChange`) or by
    /// `updateIndexes()`. Until then queries walk the store (as exactly, more slowly).
    func invalidateScreenIndex() {
        if storage.screenIndexState == .fresh { storage.screenIndexState = .stale }
        changesSinceScreenIndexBuild += 1
    }

    /// Rebuilds the screen index when it is stale and the changes since its build are
    /// many enough that the rebuild is paid for (an eighth of the views, at least 64):
    /// called at the end of each public change, so a store changed one view at a time
    /// rebuilds O(log n) times while it grows.
    func noteScreenIndexChange() {
        defer {
            settleDeferredChildIndexes()
            checkInternally()
        }
        guard storage.screenIndexState == .stale else {
            if storage.screenIndexState == .fresh && storage.screenIndex.needsRebuild { rebuildScreenIndex() }
            return
        }
        if changesSinceScreenIndexBuild >= Swift.max(64, count / 8) { rebuildScreenIndex() }
    }

    /// Deferred child indexes. A bulk build (a scene, flat arrays) leaves the child index
    /// of a big container unbuilt while the screen index is fresh, since queries then ask
    /// the screen index alone: that saves the build's time and the index's memory. It is
    /// built, from the boxes of the moment, at the end of the first change that leaves
    /// the screen index stale, before any query can need it; and at once for a container
    /// whose subviews the screen index does not hold (in a walked subtree). Queries are
    /// exact either way: a container with no index has its subviews tested one by one.
    func settleDeferredChildIndexes() {
        guard !storage.deferredChildIndexes.isEmpty else { return }
        let stale = storage.screenIndexState != .fresh
        var kept = 0
        for k in 0..<storage.deferredChildIndexes.count {
            let s = storage.deferredChildIndexes[k]
            guard columns.flags[Int(s)] & (_Flags.alive | _Flags.indexed) == _Flags.alive else { continue }
            if stale || isInWalkedSubtree(s) {
                updateIndex(of: s)
            } else {
                storage.deferredChildIndexes[kept] = s
                kept += 1
            }
        }
        storage.deferredChildIndexes.truncate(to: kept)
    }

    /// True when `s` or an ancestor is the root of a subtree the screen index walks.
    func isInWalkedSubtree(_ s: Int32) -> Bool {
        var a = s
        while a >= 0 {
            if columns.flags[Int(a)] & ViewStore.walkedFlags != 0 { return true }
            a = columns.parent[Int(a)]
        }
        return false
    }

    /// Brings every index up to date now: call it after a burst of changes (adding or
    /// removing many views one at a time, reordering), before the queries of a frame.
    /// Queries are exact either way; a stale screen index only makes them walk the store.
    /// The corresponding C function is `htWorld_UpdateIndexes`.
    /// When the host's allocator refuses the memory of a rebuild, the indexes stay as they
    /// were (see `rebuildScreenIndex`).
    public func updateIndexes() {
        do throws(AllocationRefused) { try tryUpdateIndexes() } catch {
            // A store that had no screen index gets a stale one, so that later changes
            // build it (as `rebuildScreenIndex`).
            if indexThreshold > 0 && storage.screenIndexState == .none {
                storage.screenIndexState = .stale
            }
        }
    }

    /// `updateIndexes()`, throwing the host allocator's first refusal: for the C
    /// function, which reports it. What was built before the refusal stays built; what
    /// was refused stays as it was (a stale index, a container without its child index),
    /// and queries give the same answers either way.
    package func tryUpdateIndexes() throws(AllocationRefused) {
        defer { checkInternally() }
        try buildRefusedChildIndexes()
        if indexesNeedUpdate { try tryRebuildScreenIndex() }
        try rebuildStaleContentIndexes()
    }

    /// Rebuilds each content index a change left stale, while the screen index is fresh
    /// (a build of the screen index makes them all again).
    private func rebuildStaleContentIndexes() throws(AllocationRefused) {
        guard storage.screenIndexState == .fresh else { return }
        for k in 0..<storage.contentIndexes.count where !storage.contentIndexes[k].fresh {
            try tryRebuildContentIndex(k)
        }
    }

    /// True when `updateIndexes()` has a rebuild to do.
    private var indexesNeedUpdate: Bool {
        (indexThreshold > 0 && storage.screenIndexState != .fresh)
            || storage.screenIndex.needsRebuild
    }

    /// Builds the screen index from the store's boxes (see `ScreenIndex`), and the content
    /// indexes with it. O(n). When the host's allocator refuses the memory, the indexes
    /// stay as they were, and so do queries' answers: a stale index is rebuilt by a later
    /// change or `updateIndexes()`, a fresh one (which refits had loosened) is kept, and a
    /// store that had none gets a stale one, so that later changes build it.
    func rebuildScreenIndex() {
        do throws(AllocationRefused) { try tryRebuildScreenIndex() } catch {
            if storage.screenIndexState == .none { storage.screenIndexState = .stale }
        }
    }

    /// `rebuildScreenIndex()`, throwing the host allocator's refusal. The new indexes are
    /// built into buffers of their own, every one reserved before it is written, and take
    /// the old ones' place only once all are made: a refusal frees what was made and
    /// leaves the store as it was.
    func tryRebuildScreenIndex() throws(AllocationRefused) {
        guard indexThreshold > 0 else {
            changesSinceScreenIndexBuild = 0
            storage.screenIndex.deallocate()
            dropContentIndexes()
            storage.screenIndexState = .none
            return
        }
        var boxes = _Column<Box>()
        var slots = _Column<Int32>()
        var stack = _Column<(slot: Int32, clip: Box)>()
        var scrollViews = _Column<Int32>()
        defer {
            boxes.deallocate()
            slots.deallocate()
            stack.deallocate()
            scrollViews.deallocate()
        }
        // Every view makes at most one entry and one scroll view, and is pushed at most
        // once, so no buffer outgrows the views: sized once, they do not grow while the
        // entries are gathered (nor are they copied through a dozen doublings when a
        // container holds most of the views: `wide` 100k, 2.6 M instructions a build).
        try boxes.reserve(count)
        try slots.reserve(count)
        try stack.reserve(count)
        try scrollViews.reserve(count)
        // Windows from the bottom one up (the reverse of the order queries try them).
        for k in stride(from: storage.windowOrder.count - 1, through: 0, by: -1) {
            stack.append((storage.windowOrder[k], .infinite))
            appendEntries(from: &stack, boxes: &boxes, slots: &slots, scrollViews: &scrollViews)
        }
        var fresh = ScreenIndex()
        fresh.keepsLaneMap = storage.screenIndex.keepsLaneMap
        var contents = _Column<ContentIndex>()
        do throws(AllocationRefused) {
            try fresh.build(boxes: boxes, slots: slots, slotCount: columns.flags.count)
            try buildContentIndexes(
                &scrollViews, boxes: &boxes, slots: &slots, stack: &stack, into: &contents)
            // Each scroll view with a content index names it in its side record.
            if let bytes = tryReserveSideRecords(contents.count) {
                throw AllocationRefused(bytes: bytes)
            }
        } catch {
            fresh.deallocate()
            for k in 0..<contents.count { withElement(k, of: contents) { $0.deallocate() } }
            contents.deallocate()
            throw error
        }
        storage.screenIndex.deallocate()
        storage.screenIndex = fresh
        storage.screenIndexState = .fresh
        changesSinceScreenIndexBuild = 0
        installContentIndexes(contents)
    }

    /// Takes the subtrees on `stack` (each with the box that clips it) off in paint order
    /// and appends their entries (`ScreenIndex`'s rules) to `boxes` and `slots`, priority
    /// being the position, and the scroll views met whose content an index can answer
    /// (`isIndexedScrollView`) to `scrollViews`. Leaves `stack` empty. Inlined: a build's
    /// loop over every view, which a call would make work through its `inout` arguments.
    @inline(__always)
    func appendEntries(
        from stack: inout _Column<(slot: Int32, clip: Box)>, boxes: inout _Column<Box>,
        slots: inout _Column<Int32>, scrollViews: inout _Column<Int32>
    ) {
        while let (s, clip) = stack.popLast() {
            let i = Int(s)
            let f = columns.flags[i]
            let b = columns.box[i].intersection(clip)
            if b.isEmpty { continue }
            // Custom code and redirects run before the eligibility test: walked even
            // when ineligible (their boxes say where they can answer).
            if f & ViewStore.walkedFlags != 0 {
                boxes.append(b)
                slots.append(ScreenIndex.slotValue(walkedRoot: s))
                if ViewStore.isIndexedScrollView(f) { scrollViews.append(s) }
                continue
            }
            if f & _Flags.ineligible != 0 { continue }
            if f & _Flags.passthrough == 0 {
                boxes.append(b)
                slots.append(ScreenIndex.slotValue(plain: s))
            }
            if f & _Flags.boxOnly != 0 { continue }
            // Subviews from the top down onto the stack: the bottom one comes out first.
            var c = columns.lastChild[i]
            while c >= 0 {
                stack.append((c, b))
                c = columns.prevSibling[Int(c)]
            }
        }
    }

    /// Flags that make a view's subtree answered by the walk rather than by entries. A
    /// scroll view is one: its subviews' boxes are in its content coordinates, which no
    /// screen entry can hold, and its walk converts the point as it descends.
    static let walkedFlags: UInt32 =
        _Flags.custom | _Flags.insideCustom | _Flags.redirect | _Flags.pointInsideModes
        | _Flags.scrollView

    /// After a view's geometry alone changed. The index stays fresh when it can follow:
    /// - inside a walked subtree, or at its root, the subtree root's entry is refitted to
    ///   its new box (a scroll view whose offset or frame changed: its subviews have no
    ///   entries of their own);
    /// - inside an ineligible subtree or below a `boxOnly` view nothing has an entry;
    /// - a plain view with an entry and no subviews (the common per-frame move) has its
    ///   entry refitted, and a plain passthrough or ineligible view with no subviews has
    ///   none to refit.
    /// Anything else (a container whose subviews' entries move with it, a view whose
    /// clipped box was empty and may not be now) makes the index stale. Each scroll view
    /// above `s` follows the change in its content index by the same rules
    /// (`contentGeometryChanged`).
    /// Callers skip it when no box moved at all (`ViewStore.movedBoxes`: a scroll view
    /// whose content offset alone changed), so that neither the screen index nor the
    /// content indexes above count a change.
    func screenIndexGeometryChanged(_ s: Int32) {
        guard storage.screenIndexState == .fresh else {
            invalidateScreenIndex()
            return
        }
        // `s` is in the content of every scroll view above it.
        var a = columns.parent[Int(s)]
        while a >= 0 {
            if columns.flags[Int(a)] & _Flags.scrollView != 0 { contentGeometryChanged(s, in: a) }
            a = columns.parent[Int(a)]
        }
        if !refitEntry(of: s, below: _Slot.none, in: &storage.screenIndex) { invalidateScreenIndex() }
    }

    /// Refits the entry that stands for `s` in `index`, the index of the views below
    /// `owner` (a scroll view's content index; `_Slot.none`: the screen index), after
    /// `s`'s geometry alone changed; the rules of `screenIndexGeometryChanged`, with
    /// `owner` in the place of the screen. False when the index cannot follow (it must be
    /// rebuilt), true when it holds the change or no entry of it depends on `s`.
    func refitEntry(of s: Int32, below owner: Int32, in index: inout ScreenIndex) -> Bool {
        // The ancestors below `owner` first: the topmost walked one holds the entry, if
        // any (the views below it have none: with no entry, its box was empty, the index
        // must be rebuilt); an ineligible or boxOnly one means no entry depends on `s`.
        var a = columns.parent[Int(s)]
        var walkedRoot: Int32 = _Slot.none
        while a >= 0 && a != owner {
            if columns.flags[Int(a)] & ViewStore.walkedFlags != 0 { walkedRoot = a }
            a = columns.parent[Int(a)]
        }
        if walkedRoot < 0 {
            a = columns.parent[Int(s)]
            while a >= 0 && a != owner {
                if columns.flags[Int(a)] & (_Flags.ineligible | _Flags.boxOnly) != 0 { return true }
                a = columns.parent[Int(a)]
            }
        }
        // `s` itself a walked root (no walked ancestor above): its entry alone stands for
        // its subtree.
        if walkedRoot < 0 && columns.flags[Int(s)] & ViewStore.walkedFlags != 0 { walkedRoot = s }
        let target = walkedRoot >= 0 ? walkedRoot : s
        let i = Int(target)
        let at: ScreenIndex.EntryLane
        do throws(AllocationRefused) {
            at = try index.lane(ofSlot: i, slotCount: columns.flags.count)
        } catch {
            // No room for the lane map that a refit reads: the index cannot follow.
            return false
        }
        if at.isNone {
            let f = columns.flags[i]
            return walkedRoot < 0 && columns.lastChild[i] < 0
                && f & (_Flags.ineligible | _Flags.passthrough) != 0 && f & ViewStore.walkedFlags == 0
        }
        if walkedRoot < 0 && (columns.lastChild[i] >= 0 || index.slotValue(at: at) != target) {
            return false
        }
        // The new box, clipped by the ancestors' boxes below `owner`, as a build clips it.
        var b = columns.box[i]
        a = columns.parent[i]
        while a >= 0 && a != owner && !b.isEmpty {
            b = b.intersection(columns.box[Int(a)])
            a = columns.parent[Int(a)]
        }
        // A content index holds exactly the entries a build makes (its invariant), and a
        // build makes none of an empty box: a box that empties is a change it cannot
        // follow. The screen index keeps the entry, which no point is in.
        if b.isEmpty && owner >= 0 { return false }
        index.refit(at: at, to: b)
        return true
    }
}

extension ViewStore {
    /// Profiling only (`perf/QueryLoop`'s `split`): the screen index's top entry for a
    /// point and its slot value, without the exact confirmation down the ancestors: the
    /// part of a query that a plain point-in-box structure does, timed apart to show where
    /// a query's time goes. Entry `_Slot.none` for none or when the index is not fresh.
    @_spi(Profiling) public func _screenIndexTopEntry(_ p: Point) -> (entry: Int32, slot: Int32) {
        guard storage.screenIndexState == .fresh else { return (_Slot.none, _Slot.none) }
        var visited = 0
        return storage.screenIndex.topEntry(x: Float(p.x), y: Float(p.y), visited: &visited)
    }
}

/// What the short path of a screen-index query found.
enum _FastAnswer {
    case hit(StoreHit)
    case miss
    /// The top candidate (this entry) is a walked subtree, fails its exact check, or is
    /// too deep for the short path's stack: the full query decides.
    case undecided(entry: Int32, slot: Int32)
}

extension ViewStore {
    /// The common case of a screen-index query, with nothing but the index and the
    /// columns: the top entry, a plain view, confirmed down a chain of at most 64
    /// ancestors held on the call stack. Allocates nothing.
    @inline(__always)
    func screenIndexFastHit(_ p: Point, _ fx: Float, _ fy: Float, _ scratch: QueryScratch)
        -> _FastAnswer
    {
        var visited = 0
        let columns = _CandidateColumns(self.columns)
        let (top, v) = storage.screenIndex.topEntry(x: fx, y: fy, visited: &visited) { columns.prefetch($0) }
        scratch.buffers.stats.indexNodesVisited += visited
        return confirmTopEntry(p, top: top, slot: v, scratch)
    }

    /// The top entry of a walk (`top`, `_Slot.none` for none, and its slot value `v`)
    /// confirmed on the short path: a plain view down a chain of at most 64 ancestors.
    @inline(__always)
    func confirmTopEntry(_ p: Point, top: Int32, slot v: Int32, _ scratch: QueryScratch) -> _FastAnswer {
        if top < 0 { return .miss }
        if ScreenIndex.isWalkedRoot(v) { return .undecided(entry: top, slot: v) }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { chain in
            var n = 0
            var x = v
            while x >= 0 {
                if n == 64 { return .undecided(entry: top, slot: v) }
                chain[n] = x
                n += 1
                x = columns.parent[Int(x)]
            }
            var steps = 0
            let q = columns.descend(n, { chain[$0] }, from: p, storage.sideRecords, steps: &steps)
            scratch.buffers.stats.viewsVisited += steps
            guard let q else { return .undecided(entry: top, slot: v) }
            return .hit(StoreHit(view: handle(v), window: handle(chain[n - 1]), localPoint: q))
        }
    }
}

/// The columns a top candidate's confirmation reads (its parent, flags, center and size,
/// and its handle's generation: four misses at 1M), asked for as soon as a walk of the
/// screen index makes it the top (`ScreenIndex.Tree.topEntry`'s `newTop`), so that they
/// overlap the rest of the walk.
struct _CandidateColumns {
    let parents: UnsafeMutablePointer<Int32>?
    let flags: UnsafeMutablePointer<UInt32>?
    let centerSizes: UnsafeMutablePointer<_CenterSize>?
    let generations: UnsafeMutablePointer<UInt16>?

    @inline(__always)
    init(_ c: _Columns) {
        (parents, flags, centerSizes, generations) = (c.parent.base, c.flags.base, c.centerSize.base, c.generation.base)
    }

    /// Asks for the columns of slot value `v` (nothing for a walked root: its walk reads
    /// others).
    @inline(__always)
    func prefetch(_ v: Int32) {
        guard v >= 0 else { return }
        prefetchAlways(v)
    }

    /// Asks for the columns of slot `v` (not negative) without a branch.
    @inline(__always)
    func prefetchAlways(_ v: Int32) {
        let i = Int(v)
        htShim_PrefetchRead(parents.unsafelyUnwrapped + i)
        htShim_PrefetchRead(flags.unsafelyUnwrapped + i)
        htShim_PrefetchRead(centerSizes.unsafelyUnwrapped + i)
        htShim_PrefetchRead(generations.unsafelyUnwrapped + i)
    }
}

/// Where the screen index stands.
enum _ScreenIndexState {
    /// The store has no screen index (the `flat` layout, `indexThreshold` 0).
    case none
    /// The index describes the store: queries use it.
    case fresh
    /// Changed since: queries walk until it is rebuilt.
    case stale
}

extension _Query {
    /// The rest of a screen-index query after the short path: `top`, the highest entry
    /// whose box holds the point, confirmed exactly; when it is not (a point within a
    /// rounding of an edge, or a walked subtree that answers nil), the candidates below it
    /// in decreasing priority, best first, until one confirms.
    mutating func screenIndexQuery(top: Int32, slot: Int32) -> StoreHit? {
        if let hit = confirm(slot) { return hit }
        // The candidates below `top`, highest first (`ScreenIndex.BestFirst`).
        let index = store.storage.screenIndex
        var walk = ScreenIndex.BestFirst(index, x: fx, y: fy, below: top, heap: &b.screenCandidates)
        var visited = 0
        defer {
            b.stats.indexNodesVisited += visited
            if walk.refused { heapRefused = true }
        }
        while let v = walk.next(index, heap: &b.screenCandidates, visited: &visited) {
            if let hit = confirm(v) { return hit }
        }
        return nil
    }

    /// The entry of slot value `v` (`ScreenIndex.slotValue(plain:)` or `(walkedRoot:)`)
    /// checked exactly:
    /// down its ancestors from the window with the reference's conversions and shape
    /// tests; a plain view answers itself, a walked root answers by the walk. Nil when it
    /// does not take the point.
    mutating func confirm(_ v: Int32) -> StoreHit? {
        let s = ScreenIndex.slot(v)
        let walked = ScreenIndex.isWalkedRoot(v)
        b.chain.removeAll()
        var x = walked ? c.parent[Int(s)] : s
        while x >= 0 {
            b.chain.append(x)
            x = c.parent[Int(x)]
        }
        let chain = b.chain
        guard
            let q = c.cols.descend(chain.count, { chain[$0] }, from: sp, c.sideRecords, steps: &b.stats.viewsVisited)
        else { return nil }
        let w = b.chain.isEmpty ? s : b.chain[b.chain.count - 1]
        if !walked { return StoreHit(view: handle(s), window: handle(w), localPoint: q) }
        // The caller's candidates stay: the walk keeps its own after them.
        // A walked root is never inside a scroll view (that one's entry would stand for
        // it): its box space is the screen's.
        return walk(
            root: s, point: c.toChild(s, q), window: w, bx: bx, by: by,
            candidatesFrom: b.candidates.count)
    }
}
