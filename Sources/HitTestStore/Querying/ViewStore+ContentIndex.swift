import HitTestGeometry

// Content indexes (`ContentIndex`): which scroll views get one, how a query uses it, and
// how changes keep it exact.
//
// Why the top confirmed entry of a scroll view's content index is the reference's answer:
// the argument of `ViewStore+ScreenIndex.swift` with the scroll view in the place of the
// screen. Its `hitTest` tries its subviews from the top down and returns the first
// non-nil answer, so among the views of its content that would answer themselves it
// returns the one painted last, which is the highest-priority entry whose box holds the
// point and whose chain up to the scroll view holds it. When no entry holds the point, no
// subview answers and the scroll view answers itself. A nested scroll view is an entry
// answered the same way, one level down.

extension ViewStore {
    /// True for the flags of a scroll view whose content a content index can answer: one
    /// whose `hitTest` does nothing but test its own shape and then ask its subviews (no
    /// custom code, redirect, `pointInside` mode, `boxOnly`, passthrough; eligible).
    @inline(__always)
    static func isIndexedScrollView(_ f: UInt32) -> Bool {
        f & (ViewStore.walkedFlags | _Flags.ineligible | _Flags.boxOnly | _Flags.passthrough)
            == _Flags.scrollView
    }

    /// Makes the content index of each scroll view in `scrollViews` (those the screen
    /// index's entries met, as walked roots) whose content has at least `indexThreshold`
    /// entries, and of the scroll views met inside those, into `contents` (which
    /// `installContentIndexes` then puts in the place of every content index there was).
    /// `boxes`, `slots` and `stack`: the screen index build's buffers, reused (each with
    /// room for every view, as `scrollViews`: nothing of theirs grows). O(views inside the
    /// scroll views). Throws the host allocator's refusal, with `contents` holding the
    /// indexes made so far.
    func buildContentIndexes(
        _ scrollViews: inout _Column<Int32>, boxes: inout _Column<Box>, slots: inout _Column<Int32>,
        stack: inout _Column<(slot: Int32, clip: Box)>, into contents: inout _Column<ContentIndex>
    ) throws(AllocationRefused) {
        var k = 0
        while k < scrollViews.count {
            let s = scrollViews[k]
            k += 1
            let found = scrollViews.count
            boxes.removeAll()
            slots.removeAll()
            pushContent(of: s, onto: &stack)
            appendEntries(from: &stack, boxes: &boxes, slots: &slots, scrollViews: &scrollViews)
            // Too small to index: its subviews are walked, and so are the scroll views
            // inside, which no content index would then reach.
            guard boxes.count >= indexThreshold else {
                scrollViews.truncate(to: found)
                continue
            }
            if contents.count == contents.capacity {
                try contents.reserve(Swift.max(4, contents.capacity * 2))
            }
            var content = ContentIndex(scrollView: s)
            do throws(AllocationRefused) {
                try content.index.build(boxes: boxes, slots: slots, slotCount: columns.flags.count)
            } catch {
                content.deallocate()
                throw error
            }
            contents.append(content)
        }
    }

    /// Frees every content index and puts `contents` (`buildContentIndexes`) in their
    /// place, each named by its scroll view's side record (the caller reserved the records
    /// a scroll view with none takes).
    func installContentIndexes(_ contents: _Column<ContentIndex>) {
        dropContentIndexes()
        storage.contentIndexes.deallocate()
        storage.contentIndexes = contents
        for k in 0..<contents.count {
            let e = ensureSideRecord(contents[k].scrollView)
            storage.sideRecords[e].contentIndex = Int32(k)
        }
    }

    /// Calls `body` with element `k` of `column` in place.
    func withElement<T, R>(_ k: Int, of column: _Column<T>, _ body: (inout T) -> R) -> R {
        body(&(column.base.unsafelyUnwrapped + k).pointee)
    }

    /// Pushes the subviews of `s` onto `stack`, the top one first, each unclipped: what
    /// `appendEntries` takes for `s`'s content (in its content coordinates, which its own
    /// box, in its superview's space, does not clip).
    func pushContent(of s: Int32, onto stack: inout _Column<(slot: Int32, clip: Box)>) {
        var c = columns.lastChild[Int(s)]
        while c >= 0 {
            stack.append((c, .infinite))
            c = columns.prevSibling[Int(c)]
        }
    }

    /// Frees every content index and unlinks each from its scroll view.
    func dropContentIndexes() {
        for k in 0..<storage.contentIndexes.count {
            let s = Int(storage.contentIndexes[k].scrollView)
            if s < columns.flags.count
                && columns.flags[s] & (_Flags.alive | _Flags.hasSideRecord) == _Flags.alive
                    | _Flags.hasSideRecord
            {
                let e = columns.sideRecordIndex(s)
                if storage.sideRecords[e].contentIndex == Int32(k) {
                    storage.sideRecords[e].contentIndex = _Slot.none
                }
            }
            storage.contentIndexes[k].deallocate()
        }
        storage.contentIndexes.removeAll()
    }

    /// After a change of `v`'s geometry alone, inside the content of scroll view `s` (a
    /// move, a resize, that the screen index follows): `s`'s content index, if any, has
    /// the entry that stands for `v` refitted in place (`refitEntry`), as the screen index
    /// does, while it keeps a lane map (`keepsContentLaneMap`). Otherwise, or when it
    /// cannot follow (a container moved with its subviews, a view whose clipped box was
    /// empty), it is stale (queries walk `s`'s subviews) and is rebuilt once the changes
    /// since its build are many enough to pay for it (an eighth of its entries, at least
    /// 64), as the screen index is. Refits that loosened it as much as a rebuild would
    /// tighten (`ScreenIndex.needsRebuild`) rebuild it too.
    func contentGeometryChanged(_ v: Int32, in s: Int32) {
        let i = Int(s)
        guard columns.flags[i] & _Flags.hasSideRecord != 0 else { return }
        let k = Int(storage.sideRecords[columns.sideRecordIndex(i)].contentIndex)
        guard k >= 0 else { return }
        if storage.contentIndexes[k].fresh && keepsContentLaneMap(storage.contentIndexes[k].index) {
            let followed = withContentIndex(k) { refitEntry(of: v, below: s, in: &$0.index) }
            if followed {
                if storage.contentIndexes[k].index.needsRebuild { rebuildContentIndex(k) }
                return
            }
        }
        storage.contentIndexes[k].fresh = false
        storage.contentIndexes[k].changes += 1
        if storage.contentIndexes[k].changes
            >= Swift.max(64, storage.contentIndexes[k].index.count / 8)
        {
            rebuildContentIndex(k)
        }
    }

    /// Whether a content index may keep a lane map for its refits: one by slot, as the
    /// screen index's, 4 bytes for every view of the store, so only for an index that
    /// holds at least a sixteenth of them (a list that fills most of a window). The
    /// content of a small scroll view is rebuilt instead, which costs little.
    func keepsContentLaneMap(_ index: ScreenIndex) -> Bool {
        index.keepsLaneMap || index.count * 16 >= columns.flags.count
    }

    /// After a change of `s`'s own geometry: false when `s` is a scroll view that kept its
    /// boxes (its content offset changed, which moves only its content, whose boxes are in
    /// its content coordinates) under a superview that does not read its subviews' frames
    /// (`pointInsideSubviews`): then no box changed anywhere, so no index (the screen
    /// index, the content indexes of scroll views above it) has anything to follow.
    /// True otherwise.
    func movedBoxes(_ s: Int32, oldBox: Box, oldPointInsideBox: Box) -> Bool {
        let i = Int(s)
        guard columns.flags[i] & _Flags.scrollView != 0, columns.box[i] == oldBox,
            pointInsideBox(s) == oldPointInsideBox
        else { return true }
        let p = columns.parent[i]
        return p >= 0 && columns.flags[Int(p)] & _Flags.pointInsideSubviews != 0
    }

    /// Builds content index `k` again from its scroll view's boxes, into buffers of its
    /// own that take the old ones' place once made. O(its content). When the host's
    /// allocator refuses the index's memory, the index stays stale (queries walk the
    /// content) and a later change tries again; the gathering of the entries still ends
    /// the process on a refusal.
    func rebuildContentIndex(_ k: Int) {
        do throws(AllocationRefused) { try tryRebuildContentIndex(k) } catch {}
    }

    /// `rebuildContentIndex`, throwing the host allocator's refusal (the index as it was:
    /// stale, or loosened by refits, and exact either way).
    func tryRebuildContentIndex(_ k: Int) throws(AllocationRefused) {
        let fresh = try withContentEntries(of: storage.contentIndexes[k].scrollView) {
            boxes, slots throws(AllocationRefused) -> ScreenIndex in
            var fresh = ScreenIndex()
            fresh.keepsLaneMap = storage.contentIndexes[k].index.keepsLaneMap
            do throws(AllocationRefused) {
                try fresh.build(boxes: boxes, slots: slots, slotCount: columns.flags.count)
            } catch {
                fresh.deallocate()
                throw error
            }
            return fresh
        }
        withContentIndex(k) { content in
            content.index.deallocate()
            content.index = fresh
            content.fresh = true
            content.changes = 0
        }
    }

    /// Calls `body` with the entries a build makes of scroll view `s`'s content: their
    /// boxes and slot values by priority (see `appendEntries`). O(its content). Its
    /// buffers are sized once, to the number of views inside `s` (no entry, stack element
    /// or scroll view outnumbers them), before anything is written: a refusal of the
    /// host's allocator is thrown before `body` runs.
    func withContentEntries<R>(
        of s: Int32, _ body: (_Column<Box>, _Column<Int32>) throws(AllocationRefused) -> R
    ) throws(AllocationRefused) -> R
    {
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
        let n = Swift.max(1, descendantCount(of: s))
        try boxes.reserve(n)
        try slots.reserve(n)
        try stack.reserve(n)
        try scrollViews.reserve(n)
        pushContent(of: s, onto: &stack)
        appendEntries(from: &stack, boxes: &boxes, slots: &slots, scrollViews: &scrollViews)
        return try body(boxes, slots)
    }

    /// The number of views below `s` (not counting `s`). O(that number); allocates
    /// nothing: a walk in depth-first order along the sibling and parent links.
    func descendantCount(of s: Int32) -> Int {
        var n = 0
        var v = columns.lastChild[Int(s)]
        while v >= 0 {
            n += 1
            if columns.lastChild[Int(v)] >= 0 {
                v = columns.lastChild[Int(v)]
                continue
            }
            // Up until a view with a sibling below it, or back at `s`.
            while v != s && columns.prevSibling[Int(v)] < 0 { v = columns.parent[Int(v)] }
            if v == s { break }
            v = columns.prevSibling[Int(v)]
        }
        return n
    }

    /// Changes content index `k` in place.
    func withContentIndex<R>(_ k: Int, _ body: (inout ContentIndex) -> R) -> R {
        withElement(k, of: storage.contentIndexes, body)
    }

    /// The content index a query may ask for scroll view `s` (see `isIndexedScrollView`),
    /// or nil: none, or not fresh.
    @inline(__always)
    func usableContentIndex(_ s: Int32) -> Int? {
        let i = Int(s)
        let f = columns.flags[i]
        guard ViewStore.isIndexedScrollView(f), f & _Flags.hasSideRecord != 0 else { return nil }
        let k = Int(storage.sideRecords[columns.sideRecordIndex(i)].contentIndex)
        guard k >= 0, storage.contentIndexes[k].fresh else { return nil }
        return k
    }

    /// The short path of a query whose top screen entry (`top`, slot value `v`) is a walked
    /// root: when it is a scroll view with a usable content index, the point is converted
    /// down to it (its ancestors' and its own shapes tested, as `confirmTopEntry` does) and
    /// its content index asked, in its content coordinates; a plain top entry there is
    /// confirmed up to the scroll view, a nested scroll view is entered the same way.
    /// Anything else (another kind of walked root, a failed confirmation, a chain over 64
    /// views) is left to the full query. Allocates nothing.
    @inline(never)
    func contentFastHit(_ p: Point, top: Int32, slot v: Int32, _ scratch: QueryScratch)
        -> _FastAnswer
    {
        let undecided = _FastAnswer.undecided(entry: top, slot: v)
        var root = ScreenIndex.slot(v)
        guard var k = usableContentIndex(root) else { return undecided }
        let columns = self.columns
        let sideRecords = storage.sideRecords
        let contentIndexes = storage.contentIndexes.base.unsafelyUnwrapped
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { chain in
            var steps = 0
            var visited = 0
            defer {
                scratch.buffers.stats.viewsVisited += steps
                scratch.buffers.stats.indexNodesVisited += visited
            }
            // The scroll view and its ancestors, up to the window.
            var n = 0
            var x = root
            while x >= 0 {
                if n == 64 { return undecided }
                chain[n] = x
                n += 1
                x = columns.parent[Int(x)]
            }
            let window = chain[n - 1]
            guard var q = columns.descend(n, { chain[$0] }, from: p, sideRecords, steps: &steps)
            else {
                return undecided
            }
            while true {
                // `q`: the point in `root`'s bounds coordinates, which its content's boxes
                // are in.
                let (bx, by) = (Float(q.x), Float(q.y))
                guard bx.isFinite && by.isFinite else { return undecided }
                let (t, w) = (contentIndexes + k).pointee.index.topEntry(
                    x: bx, y: by, visited: &visited)
                if t < 0 {
                    return .hit(StoreHit(view: handle(root), window: handle(window), localPoint: q))
                }
                // The entry and its ancestors below `root`.
                let s = ScreenIndex.slot(w)
                n = 0
                x = s
                while x != root {
                    if n == 64 { return undecided }
                    chain[n] = x
                    n += 1
                    x = columns.parent[Int(x)]
                }
                guard let r = columns.descend(n, { chain[$0] }, from: q, sideRecords, steps: &steps)
                else {
                    return undecided
                }
                if !ScreenIndex.isWalkedRoot(w) {
                    return .hit(StoreHit(view: handle(s), window: handle(window), localPoint: r))
                }
                guard let next = usableContentIndex(s) else { return undecided }
                (root, q, k) = (s, r, next)
            }
        }
    }
}
