import CHitTestShim
import HitTestGeometry

// Batch moves: what an engine does every frame. Setting the centers (or frames) of many
// views in one call costs one step per view instead of one `update` each: no definition
// round trip, the parent's world frame reused while consecutive views share a parent,
// leaf views recomputed alone, and the screen index refitted in place.

extension ViewStore {
    /// Sets the centers of `views` to `centers` (UIKit `center`), in order; the same
    /// answers as calling `setCenter` for each, in one pass. Allocates nothing for plain
    /// leaf views under a parent already seen in the batch.
    /// The corresponding C function is `htWorld_SetCenters`.
    public func setCenters(_ views: [ViewHandle], _ centers: [Point]) {
        views.withUnsafeBufferPointer { v in centers.withUnsafeBufferPointer { c in setCenters(v, c) } }
    }

    /// `setCenters(_:_:)` from buffers: what the C function calls with the world's own
    /// lists, so that a frame of moves allocates nothing.
    package func setCenters(_ views: UnsafeBufferPointer<ViewHandle>, _ centers: UnsafeBufferPointer<Point>) {
        precondition(views.count == centers.count, "setCenters: \(views.count) views but \(centers.count) centers")
        withBatchMoves { moves in
            for k in views.indices {
                prefetchMoves(views, at: k)
                let s = slot(views[k])
                checkOwned(s)
                let c = centers[k]
                let old = center(s)
                if old.x.bitPattern == c.x.bitPattern && old.y.bitPattern == c.y.bitPattern { continue }
                moveInBatch(s, &moves) { setCenterSize(s, c, size(s)) }
            }
        }
        noteScreenIndexChange()
    }

    /// Sets the untransformed layout rects of `views` (UIKit `frame`), as `setFrame` does
    /// for each, in one pass.
    /// The corresponding C function is `htWorld_SetFrames`.
    public func setFrames(_ views: [ViewHandle], _ frames: [Rect]) {
        views.withUnsafeBufferPointer { v in frames.withUnsafeBufferPointer { f in setFrames(v, f) } }
    }

    /// `setFrames(_:_:)` from buffers (see `setCenters(_:_:)` from buffers).
    package func setFrames(_ views: UnsafeBufferPointer<ViewHandle>, _ frames: UnsafeBufferPointer<Rect>) {
        precondition(views.count == frames.count, "setFrames: \(views.count) views but \(frames.count) frames")
        withBatchMoves { moves in
            for k in views.indices {
                prefetchMoves(views, at: k)
                let s = slot(views[k])
                checkOwned(s)
                let r = frames[k]
                let i = Int(s)
                let anchor = columns.flags[i] & _Flags.hasSideRecord != 0 ? storage.sideRecords[columns.sideRecordIndex(i)].anchorPoint : ViewGeometry.defaultAnchorPoint
                let c = ViewGeometry.center(ofLayoutFrame: r, anchorPoint: anchor)
                let z = r.size
                let oldC = center(s)
                let oldZ = size(s)
                if oldC.x.bitPattern == c.x.bitPattern && oldC.y.bitPattern == c.y.bitPattern
                    && oldZ.width.bitPattern == z.width.bitPattern && oldZ.height.bitPattern == z.height.bitPattern
                {
                    continue
                }
                moveInBatch(s, &moves) { setCenterSize(s, c, z) }
            }
        }
        noteScreenIndexChange()
    }

    /// One view of a batch: `write` changes its geometry columns, then its boxes, its
    /// ancestors' and the indexes follow.
    private func moveInBatch(_ s: Int32, _ moves: inout _BatchMoves, _ write: () -> Void) {
        let i = Int(s)
        let oldBox = columns.box[i]
        let oldPI = pointInsideBox(s)
        write()
        let p = columns.parent[i]
        let pf: _WorldFrame
        if p < 0 {
            pf = .screen
        } else if let last = moves.path.last, last.slot == p {
            pf = last.frame
        } else {
            pf = subviewFrame(of: p, reusing: &moves.path)
        }
        if columns.lastChild[i] < 0 || columns.flags[i] & _Flags.scrollView != 0 {
            // A scroll view's subviews keep their boxes: they are in its content
            // coordinates, which its move does not change.
            computeBoxes(s, pf.child(geometry(s)))
        } else {
            // Its subviews' world frames change with it, and so may the frames kept on
            // the path.
            moves.path.removeAll(keepingCapacity: true)
            recomputeSubtree(s, parentFrame: pf, keepingScrollContent: true)
        }
        propagateUp(from: s, oldBox: oldBox, oldPointInsideBox: oldPI, geometryChanged: true)
        // A scroll view whose own boxes stayed leaves every entry as it was.
        if movedBoxes(s, oldBox: oldBox, oldPointInsideBox: oldPI) { screenIndexGeometryChanged(s) }
    }

    /// Asks, before the move of `views[k]`, for what the next moves will read, in two
    /// stages: the columns of the view two ahead and its lane map entry, then, for the
    /// view one ahead (whose parent and lane have come in by now), its parent's columns
    /// and its screen index leaf. Spread over a large store, each moved view's columns,
    /// its parent's and its leaf are cache misses that a move would otherwise wait for
    /// one after another. A hint: it changes nothing, and a handle that is not a live
    /// view is left to `slot` to reject.
    @inline(__always)
    private func prefetchMoves(_ views: UnsafeBufferPointer<ViewHandle>, at k: Int) {
        let n = columns.flags.count
        if k + 2 < views.count {
            let i = Int(views[k + 2].index) - 1
            if i >= 0 && i < n {
                htShim_PrefetchRead(columns.flags.base.unsafelyUnwrapped + i)
                htShim_PrefetchRead(columns.generation.base.unsafelyUnwrapped + i)
                htShim_PrefetchWrite(columns.centerSize.base.unsafelyUnwrapped + i)
                htShim_PrefetchWrite(columns.box.base.unsafelyUnwrapped + i)
                htShim_PrefetchRead(columns.parent.base.unsafelyUnwrapped + i)
                htShim_PrefetchRead(columns.lastChild.base.unsafelyUnwrapped + i)
                storage.screenIndex.prefetchLane(ofSlot: i)
            }
        }
        if k + 1 < views.count {
            let i = Int(views[k + 1].index) - 1
            if i >= 0 && i < n {
                let p = Int(columns.parent[i])
                if p >= 0 {
                    htShim_PrefetchRead(columns.flags.base.unsafelyUnwrapped + p)
                    htShim_PrefetchRead(columns.centerSize.base.unsafelyUnwrapped + p)
                    htShim_PrefetchRead(columns.box.base.unsafelyUnwrapped + p)
                    htShim_PrefetchRead(columns.parent.base.unsafelyUnwrapped + p)
                }
                storage.screenIndex.prefetchEntry(ofSlot: i)
            }
        }
    }

    /// Runs a batch with the store's kept path (see `batchPath`) and puts it back, empty
    /// but with its capacity.
    private func withBatchMoves(_ body: (inout _BatchMoves) -> Void) {
        var moves = _BatchMoves(path: batchPath)
        batchPath = []
        body(&moves)
        moves.path.removeAll(keepingCapacity: true)
        batchPath = moves.path
    }
}

/// What a batch of moves keeps from one view to the next: the world frames of the last
/// moved view's ancestors, root first, which the next view's parent shares in part (a
/// window and the containers above both). Spread over a large store, most moved views
/// have another parent than the one before, but the same ancestors higher up.
private struct _BatchMoves {
    var path: [(slot: Int32, frame: _WorldFrame)]
}
