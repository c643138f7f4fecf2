import HitTestGeometry
import HitTestScene

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
        if ViewStore.scrollViewClasses.contains(className) {
            room.sideRecords = frames.count  // each a scroll view: a record each
        } else {
            for r in frames {
                let c = ViewGeometry.center(
                    ofLayoutFrame: r, anchorPoint: ViewGeometry.defaultAnchorPoint)
                if !_CenterSize.holdsExactly(c, r.size) { room.sideRecords += 1 }
            }
        }
        room.classNames = [className]
        return room
    }

    /// The room `setCenters(views, centers)` takes at most: a side record for each view
    /// with none whose new center and size the columns' floats do not hold exactly (what
    /// `setCenterSize` makes).
    package func room(settingCenters views: UnsafeBufferPointer<ViewHandle>, _ centers: UnsafeBufferPointer<Point>) -> StoreRoom {
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
    package func room(settingFrames views: UnsafeBufferPointer<ViewHandle>, _ frames: UnsafeBufferPointer<Rect>) -> StoreRoom {
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

    /// The room a store built from a scene's flat arrays (`init(columns:)`) takes at most
    /// beyond its first blocks: every view, its id, a side record for each view that may
    /// keep one (a rich view, a plain one whose frame floats do not hold, a subview of a
    /// `boundsOrSubviews` view, which keeps its own `pointInside` box apart, both ends of
    /// a redirect), each class and view controller name, the windows, and a bulk add's
    /// working counts for the largest window. O(views).
    package static func room(building c: SceneColumns) -> StoreRoom {
        var room = StoreRoom()
        room.views = c.count
        room.idBytes = c.idBytes.count + 2 * c.count
        room.windows = c.windows.count
        room.classNames = c.classNames
        var rich = [Bool](repeating: false, count: c.count)
        var boundsOrSubviews = [Bool](repeating: false, count: c.count)
        // Scroll views and zooming views keep a record each (`ensureScrollViewRecords`).
        var sideRecords = c.rich.count + 2 * c.redirects.count
        for k in c.rich.indices {
            let v = c.rich[k]
            rich[Int(c.richViews[k])] = true
            boundsOrSubviews[Int(c.richViews[k])] = v.hitRules.pointInside == .boundsOrSubviews
            room.controllerNames += [v.viewController, v.presentedBy].compactMap { $0 }
            if v.events.scrollView?.zoomingView != nil { sideRecords += 1 }
        }
        let scrollClass = c.classNames.map { ViewStore.scrollViewClasses.contains($0) }
        for k in c.windows.indices {
            // A window's views follow it; its own subviews have parent -1 (windows are rich).
            let w = Int(c.windows[k])
            let end = k + 1 < c.windows.count ? Int(c.windows[k + 1]) : c.count
            room.bulkViews = Swift.max(room.bulkViews, end - w - 1)
            for v in w + 1 ..< Swift.max(w + 1, end) {
                let up = c.parents[v]
                // `up` counts from the window's first subview.
                if boundsOrSubviews[up >= 0 ? w + 1 + Int(up) : w] { sideRecords += 1 }
                if rich[v] { continue }
                if scrollClass[Int(c.classes[v])] {
                    sideRecords += 1
                    continue
                }
                let r = c.frames[v]
                let center = ViewGeometry.center(
                    ofLayoutFrame: r, anchorPoint: ViewGeometry.defaultAnchorPoint)
                if !_CenterSize.holdsExactly(center, r.size) { sideRecords += 1 }
            }
        }
        room.sideRecords = sideRecords
        return room
    }

    /// The room `init(scene:)` takes at most beyond its first blocks, as
    /// `room(building:)` counts it for flat arrays. O(views).
    package static func room(building scene: Scene) -> StoreRoom {
        var room = StoreRoom()
        let (views, idBytes) = ViewStore.countViews(scene)
        room.views = views
        room.idBytes = idBytes
        room.windows = scene.windows.count
        var classNames: Set<String> = []
        var controllerNames: Set<String> = []
        var sideRecords = 0
        var lists: [[SceneView]] = [scene.windows]
        while let list = lists.popLast() {
            list.withUnsafeBufferPointer { subviews in
                for k in subviews.indices {
                    let v = subviews.baseAddress! + k
                    let fields = _SceneViewFields(view: v)
                    let g = fields.geometry
                    let scrollView = v.pointee.eventsAreDefault ? nil : v.pointee.events.scrollView
                    if needsSideRecord(fields) || !_CenterSize.holdsExactly(g.center, g.bounds.size)
                        || ViewStore.scrollViewClasses.contains(v.pointee.className)
                    {
                        sideRecords += 1
                    }
                    if scrollView?.zoomingView != nil { sideRecords += 1 }
                    if v.pointee.redirectTo != nil { sideRecords += 2 }
                    classNames.insert(v.pointee.className)
                    if let n = v.pointee.viewController { controllerNames.insert(n) }
                    if let n = v.pointee.presentedBy { controllerNames.insert(n) }
                    if v.pointee.hasSubviews {
                        if v.pointee.hitRules.pointInside == .boundsOrSubviews {
                            sideRecords += v.pointee.subviews.count
                        }
                        lists.append(v.pointee.subviews)
                    }
                }
            }
        }
        room.sideRecords = sideRecords
        room.classNames = Array(classNames)
        room.controllerNames = Array(controllerNames)
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
        if let r = s.classNames.tryReserve(forNew: room.classNames) { return r }
        if let r = s.controllerNames.tryReserve(forNew: room.controllerNames) { return r }
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
        // Doubling, as an append grows: a host that makes records one call at a time
        // copies the table O(log n) times, not once a call.
        return storage.sideRecords.tryReserveCapacity(Swift.max(records.count + n, 2 * records.capacity))
    }

    /// Room for the side record `s` takes when it has none (`ensureSideRecord`), or the
    /// host allocator's refusal.
    func reserveSideRecord(for s: Int32) throws(AllocationRefused) {
        guard columns.flags[Int(s)] & _Flags.hasSideRecord == 0, storage.free.isEmpty(.sideRecords)
        else { return }
        if let r = tryReserveSideRecords(1) { throw AllocationRefused(bytes: r) }
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
