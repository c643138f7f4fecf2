/// Which views start a box space of their own (`_Flags.scrollView`; Internals.md, "A
/// scroll view's content space"): a scroll view, by its class or its settings, and a
/// scroll view's zooming view, the subview its settings name as `zoomingView`. A zoom
/// changes nothing but the zooming view's transform (and its center); with the zooming
/// view's subviews kept in its own bounds coordinates, that moves no box of what it
/// holds, as an offset moves none of a scroll view's content. Where box spaces start is
/// the store's choice of representation: a query converts the point into each with the
/// reference's arithmetic, so answers do not depend on it.
extension ViewStore {
    /// The `zoomingView` id the view's scroll view settings name; nil for none.
    func zoomingViewID(_ s: Int32) -> String? {
        let i = Int(s)
        guard columns.flags[i] & _Flags.hasSideRecord != 0 else { return nil }
        let r = storage.sideRecords[columns.sideRecordIndex(i)].values
        return r >= 0 ? sideValues[Int(r)].events.scrollView?.zoomingView : nil
    }

    /// Whether the view, whose id is `id`, is its superview's zooming view.
    func isZoomingView(_ s: Int32, id: String) -> Bool {
        let p = columns.parent[Int(s)]
        return p >= 0 && zoomingViewID(p) == id
    }

    /// Whether the view starts a box space: by its class or its scroll view settings, or
    /// as its superview's zooming view.
    func startsBoxSpace(_ s: Int32) -> Bool {
        let i = Int(s)
        if ViewStore.isScrollViewClass(columns.flags[i] >> _Flags.classShift) { return true }
        if columns.flags[i] & _Flags.hasSideRecord != 0 {
            let r = storage.sideRecords[columns.sideRecordIndex(i)].values
            if r >= 0 && sideValues[Int(r)].events.scrollView != nil { return true }
        }
        // The id is read only under a scroll view that names a zooming view.
        let p = columns.parent[i]
        guard p >= 0, let z = zoomingViewID(p) else { return false }
        return name(s) == z
    }

    /// Sets the view's flag as `startsBoxSpace` says; returns whether it changed (its
    /// subtree's boxes then belong to another space).
    @discardableResult
    func syncBoxSpaceFlag(_ s: Int32) -> Bool {
        let has = columns.flags[Int(s)] & _Flags.scrollView != 0
        let wants = startsBoxSpace(s)
        if has == wants { return false }
        columns.flags[Int(s)] ^= _Flags.scrollView
        if wants { _ = ensureSideRecord(s) }
        return true
    }

    /// Every view that starts a box space (a scroll view, a zooming view) keeps a side
    /// record, made when it becomes one: what the dispatcher writes on every frame of a
    /// drag or a zoom (the bounds origin, the zoom's transform) then never needs a new
    /// one, so a frame asks the host's allocator for nothing. Bulk adds call this for
    /// their views of a scroll view class (one class for every view of a flat-array add).
    func ensureScrollViewRecords(first: Int32, count n: Int) {
        for i in 0..<n where columns.flags[Int(first) + i] & _Flags.scrollView != 0 {
            _ = ensureSideRecord(first + Int32(i))
        }
    }

    /// After the view's `zoomingView` setting changed: each subview whose flag changes
    /// moves between box spaces, its subtree recomputed and the screen index stale.
    /// O(subviews), only on such a change.
    func syncZoomingSubviews(of s: Int32) {
        var c = columns.firstChild(of: s)
        while c >= 0 {
            if syncBoxSpaceFlag(c) { refresh(c, geometryChanged: true, subviewsMove: true) }
            c = columns.nextSibling[Int(c)]
        }
    }

    /// Before a bulk build computes the boxes of new views (`count` of them, `slot(i)`
    /// each, linked, their settings written): flags each that is its superview's zooming
    /// view (new views have new subviews, so that is every zooming view they bring or
    /// join). O(new views) flag tests; an id is read only under a scroll view that names a
    /// zooming view.
    func adoptZoomingViews(count n: Int, slot: (Int) -> Int32) {
        for i in 0..<n {
            let s = slot(i)
            guard columns.flags[Int(s)] & _Flags.alive != 0 else { continue }
            let p = columns.parent[Int(s)]
            if p >= 0, zoomingViewID(p) != nil { syncBoxSpaceFlag(s) }
        }
    }
}
