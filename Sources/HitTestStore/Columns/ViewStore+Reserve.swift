import HitTestGeometry

// Fallible reservations: the C API asks for the room a change will take before it makes
// the change, through `htShim_TryAllocate`/`htShim_TryReallocate`, so that a host
// allocator's refusal comes back as `HT_ERROR_OUT_OF_MEMORY` while nothing has changed.
// The change itself then grows nothing: it runs the ordinary (trapping) code on room that
// is there. Room reserved and not used stays the store's, freed with it. The Swift API
// reserves nothing this way: its growth traps on a refusal, as Swift's own allocations do.

/// The room a change of the store will take, in each table it grows.
package struct StoreRoom {
    /// Slots appended to every per-slot column.
    package var views = 0
    /// Bytes appended to the ids (`ViewStore.encodedLength(ofID:)` each).
    package var idBytes = 0
    /// Side records made.
    package var sideRecords = 0
    /// Class names that may be new to the store.
    package var classNames: [String] = []
    /// View controller names that may be new to the store.
    package var controllerNames: [String] = []
    /// Windows added.
    package var windows = 0
    /// Views added in one bulk add, whose working counts a store with order labels or
    /// indexes takes (`labelAndIndexNewSubviews`).
    package var bulkViews = 0
    /// Numbers given back to the free lists (slots, side records, side values and child
    /// indexes: up to that many each).
    package var freed = 0

    package init() {}
}

extension ViewStore {
    /// The bytes an id takes in the ids' bytes: a LEB128 length, then its UTF-8.
    package static func encodedLength(ofID id: String) -> Int {
        var n = id.utf8.count
        var bytes = n + 1
        while n >= 0x80 {
            n >>= 7
            bytes += 1
        }
        return bytes
    }

    /// The room `addWindow(def)` or `addView(def, to:)` takes at most.
    package static func room(adding def: ViewDefinition) -> StoreRoom {
        var room = StoreRoom()
        room.views = 1
        room.idBytes = encodedLength(ofID: def.id)
        room.sideRecords = 1
        room.classNames = [def.className]
        room.controllerNames = [def.viewController, def.presentedBy].compactMap { $0 }
        return room
    }

    /// The room `addViews(under:parents:frames:flags:className:ids:)` takes at most:
    /// a side record for each frame whose center and size floats do not hold exactly.
    package static func room(
        addingFrames frames: UnsafeBufferPointer<Rect>, className: String, ids: ((Int) -> String)?
    ) -> StoreRoom {
        var room = StoreRoom()
        room.views = frames.count
        room.bulkViews = frames.count
        room.idBytes = 1
        if let ids { for i in 0..<frames.count { room.idBytes += encodedLength(ofID: ids(i)) } }
        for r in frames {
            let c = ViewGeometry.center(
                ofLayoutFrame: r, anchorPoint: ViewGeometry.defaultAnchorPoint)
            if !_CenterSize.holdsExactly(c, r.size) { room.sideRecords += 1 }
        }
        room.classNames = [className]
        return room
    }

    /// The room `setCenters(views, centers)` takes at most: a side record for each view
    /// with none whose new center and size the columns' floats do not hold exactly (what
    /// `setCenterSize` makes).
    package func room(settingCenters views: [ViewHandle], _ centers: [Point]) -> StoreRoom {
        var room = StoreRoom()
        for k in views.indices {
            let s = slot(views[k])
            if columns.flags[Int(s)] & _Flags.hasSideRecord == 0
                && !_CenterSize.holdsExactly(centers[k], size(s))
            {
                room.sideRecords += 1
            }
        }
        return room
    }

    /// The room `setFrames(views, frames)` takes at most, as `room(settingCenters:_:)`
    /// (a view with no side record has the default anchor point).
    package func room(settingFrames views: [ViewHandle], _ frames: [Rect]) -> StoreRoom {
        var room = StoreRoom()
        for k in views.indices {
            let s = slot(views[k])
            let c = ViewGeometry.center(
                ofLayoutFrame: frames[k], anchorPoint: ViewGeometry.defaultAnchorPoint)
            if columns.flags[Int(s)] & _Flags.hasSideRecord == 0
                && !_CenterSize.holdsExactly(c, frames[k].size)
            {
                room.sideRecords += 1
            }
        }
        return room
    }

    /// Reserves `room` in every table it names. Nil when all of it is there; else the
    /// bytes of the block the host's allocator refused (the store is unchanged, some of
    /// the room may be reserved: it stays the store's).
    package func tryReserve(_ room: StoreRoom) -> Int? {
        let s = storage
        if room.views > 0 {
            if let r = s.update({ $0.tryReserveCapacity($0.flags.count + room.views) }) { return r }
        }
        if room.idBytes > 0,
            let r = s.nameBytes.tryReserveCapacity(s.nameBytes.count + room.idBytes)
        {
            return r
        }
        if room.sideRecords > 0,
            let r = s.sideRecords.tryReserveCapacity(s.sideRecords.count + room.sideRecords)
        {
            return r
        }
        for name in room.classNames {
            if let r = s.classNames.tryReserve(forNew: name) { return r }
        }
        for name in room.controllerNames {
            if let r = s.controllerNames.tryReserve(forNew: name) { return r }
        }
        if room.windows > 0 {
            let windows = s.windowSlots.count + room.windows
            if let r = s.windowSlots.tryReserveCapacity(windows) { return r }
            if let r = s.windowOrder.tryReserveCapacity(windows) { return r }
        }
        if room.freed > 0, let r = s.free.tryReserve(room.freed) { return r }
        if room.bulkViews > 0 && (columns.labelsKept || indexThreshold > 0),
            let r = s.bulkCounts.tryReserveCapacity(2 * room.bulkViews)
        {
            return r
        }
        return nil
    }

    /// Room for `n` more side records, fallibly: what a change of one view's geometry or
    /// rules can make (its own record, and its redirect target's). One comparison when the
    /// room is there: the C setters that hosts call every frame ask for it.
    @inline(__always)
    package func tryReserveSideRecords(_ n: Int) -> Int? {
        let records = storage.sideRecords
        if records.count + n <= records.capacity { return nil }
        return storage.sideRecords.tryReserveCapacity(records.count + n)
    }

    /// The number of views in the subtree of `view` (itself included) and its height (1
    /// for a view with no subviews). O(subtree).
    package func subtreeExtent(_ view: ViewHandle) -> (count: Int, height: Int) {
        var stack: [(slot: Int32, depth: Int)] = [(slot(view), 1)]
        var count = 0
        var height = 0
        while let (s, d) = stack.popLast() {
            count += 1
            height = Swift.max(height, d)
            var c = columns.lastChild[Int(s)]
            while c >= 0 {
                stack.append((c, d + 1))
                c = columns.prevSibling[Int(c)]
            }
        }
        return (count, height)
    }

    /// The number of views on the longest path from a window down. O(n).
    package var height: Int {
        var best = 0
        for w in storage.windowSlots { best = Swift.max(best, subtreeExtent(handle(w)).height) }
        return best
    }
}

extension _Columns {
    /// `reserveCapacity(total)`, fallibly (see `_Column.tryReserveCapacity`).
    mutating func tryReserveCapacity(_ total: Int) -> Int? {
        if let r = flags.tryReserveCapacity(total) { return r }
        if let r = parent.tryReserveCapacity(total) { return r }
        if let r = lastChild.tryReserveCapacity(total) { return r }
        if let r = prevSibling.tryReserveCapacity(total) { return r }
        if let r = nextSibling.tryReserveCapacity(total) { return r }
        if let r = centerSize.tryReserveCapacity(total) { return r }
        if let r = box.tryReserveCapacity(total) { return r }
        if labelsKept, let r = order.tryReserveCapacity(total) { return r }
        if let r = generation.tryReserveCapacity(total) { return r }
        if let r = nameStart.tryReserveCapacity(total) { return r }
        return nil
    }
}

extension QueryScratch {
    /// Makes room, fallibly, for a query of a tree `height` views deep, as the first
    /// queries would grow it: afterwards a query on such a tree with no index allocates
    /// nothing. Nil when the room is there, else the bytes refused.
    package func tryReserve(height: Int) -> Int? {
        let n = Swift.max(64, height + 2)
        if let r = buffers.frames.tryReserveCapacity(n) { return r }
        if let r = buffers.candidates.tryReserveCapacity(64) { return r }
        if let r = buffers.screenCandidates.tryReserveCapacity(16) { return r }
        if let r = buffers.chain.tryReserveCapacity(n) { return r }
        let steps = Swift.max(16, height + 2)
        if let r = buffers.pointInsideStack.tryReserveCapacity(steps) { return r }
        return nil
    }
}
