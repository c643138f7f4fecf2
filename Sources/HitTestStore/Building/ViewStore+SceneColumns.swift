import HitTestGeometry
import HitTestScene

extension ViewStore {
    /// Builds a store from a scene read as flat arrays (`SceneStreamReader`), with no
    /// `Scene` in between: each window is added with its views in one batch, as
    /// `addViews(_:to:)` adds flat arrays (every column filled once, one link pass, the
    /// boxes computed in array order, the indexes built once). Slots are in document
    /// order: view i of the arrays is slot i. The store equals `ViewStore(scene:)` of the
    /// same scene view for view (its `scene()` is the same scene); only the slots are
    /// laid out differently. O(n) plus the index builds.
    package convenience init(
        columns c: SceneColumns, indexThreshold: Int = ViewStore.defaultIndexThreshold
    ) {
        self.init(
            screenSize: c.screen, applicationClassName: c.application.className,
            applicationDelegateName: c.application.delegate, indexThreshold: indexThreshold)
        reserveCapacity(c.count, idBytes: c.idBytes.count + 2 * c.count)
        add(c)
    }

    /// Adds the views of `c` to an empty store whose room for them is reserved, as
    /// `init(columns:)` builds it.
    func add(_ c: SceneColumns) {
        let classBits = c.classNames.map { ViewStore.classBits(internClass($0)) }
        var nextRich = 0
        var nextRedirect = 0
        for k in 0..<c.windows.count {
            let w = Int(c.windows[k])
            let end = k + 1 < c.windows.count ? Int(c.windows[k + 1]) : c.count
            // Windows are always rich (their level and class).
            precondition(Int(c.richViews[nextRich]) == w, "a window without its fields")
            let ws = allocate(ViewDefinition(c.rich[nextRich]), isWindow: true)
            nextRich += 1
            storage.windowSlots.append(ws)
            recomputeSubtree(ws, parentFrame: .screen)
            guard end > w + 1 else { continue }
            addColumnViews(
                c, from: w + 1, to: end, under: ws, classBits: classBits, nextRich: &nextRich,
                nextRedirect: &nextRedirect)
        }
        updateWindowOrder()
        rebuildScreenIndex()
        settleDeferredChildIndexes()
    }

    /// Views `start ..< end` of `c` (one window's subviews, all of them) under the
    /// window `p`, as `addViews(under:parents:frames:flags:className:ids:)` adds them,
    /// with each view's class, the fields of rich views and redirects.
    private func addColumnViews(
        _ c: SceneColumns, from start: Int, to end: Int, under p: Int32, classBits: [UInt32],
        nextRich: inout Int, nextRedirect: inout Int
    ) {
        let n = end - start
        let first = Int32(columns.flags.count)
        precondition(Int(first) == start, "slots follow the document")
        _ = storage.update { $0.appendUnlinked(n) }
        let flagsOut = columns.flags.base.unsafelyUnwrapped + Int(first)
        let parentOut = columns.parent.base.unsafelyUnwrapped + Int(first)
        let centerSizeOut = columns.centerSize.base.unsafelyUnwrapped + Int(first)
        let nameStartOut = columns.nameStart.base.unsafelyUnwrapped + Int(first)
        var inexact: [Int32] = []
        c.parents.withUnsafeBufferPointer { parents in
            c.idBytes.withUnsafeBufferPointer { idBytes in
                for i in 0..<n {
                    let v = start + i
                    var f = _Flags.alive | classBits[Int(c.classes[v])]
                    let b = c.flags[v]
                    if b & ViewStore.bulkHidden != 0 { f |= _Flags.hidden }
                    if b & ViewStore.bulkInteractionDisabled != 0 {
                        f |= _Flags.interactionDisabled
                    }
                    flagsOut[i] = f
                    let up = parents[v]
                    parentOut[i] = up < 0 ? p : first + up
                    let r = c.frames[v]
                    let center = ViewGeometry.center(
                        ofLayoutFrame: r, anchorPoint: ViewGeometry.defaultAnchorPoint)
                    centerSizeOut[i] = _CenterSize(center, r.size)
                    if !_CenterSize.holdsExactly(center, r.size) { inexact.append(Int32(i)) }
                    let id = UnsafeBufferPointer(
                        rebasing: idBytes[
                            Int(c.idStart[v])..<Int(c.idStart[v]) + Int(c.idLength[v])])
                    nameStartOut[i] = _appendEncoded(id, to: &storage.nameBytes)
                }
            }
        }
        for i in inexact {
            let r = c.frames[start + Int(i)]
            let center = ViewGeometry.center(
                ofLayoutFrame: r, anchorPoint: ViewGeometry.defaultAnchorPoint)
            setCenterSize(first + i, center, r.size)
        }
        ensureScrollViewRecords(first: first, count: n)
        count += n
        storage.nameMapValid = false
        storage.controllerRootsValid = false
        // Rich views: every field from their definitions (side records, rule flags).
        // Boxes in array order are one forward pass over translations, as flat arrays
        // give them: a rotation or a scale, or a box that depends on the subviews (a
        // `pointInside` mode, a `hitTestRule`, a redirect), sends the batch to the
        // general walk.
        var forwardPass = true
        while nextRich < c.richViews.count && Int(c.richViews[nextRich]) < end {
            let v = c.rich[nextRich]
            let t = v.transform
            if !(t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1) || v.hitRules.pointInside != .bounds
                || v.hitRules.hitTestRule != .default || v.redirectTo != nil
            {
                forwardPass = false
            }
            write(ViewDefinition(c.rich[nextRich]), to: c.richViews[nextRich])
            nextRich += 1
        }
        // Redirects (each names a descendant, in the same window), before the boxes.
        while nextRedirect < c.redirects.count && Int(c.redirects[nextRedirect].view) < end {
            let r = c.redirects[nextRedirect]
            setRedirectSlot(r.view, r.target)
            nextRedirect += 1
        }
        linkOnTop(first: first, count: n)
        c.parents.withUnsafeBufferPointer { all in
            let parents = UnsafeBufferPointer(rebasing: all[start..<end])
            finishAddingViews(
                under: p, count: n, slot: { first + Int32($0) }, isRoot: { parents[$0] < 0 },
                newBoxes: { pf in
                    forwardPass
                        && computeBoxesInArrayOrder(
                            first: first, count: n, parents: parents, under: p, parentFrame: pf)
                })
        }
    }
}

extension ViewStore {
    /// Builds a store from a loaded scene file: from its flat arrays when the streaming
    /// reader took it (`init(columns:)`), else from the scene (`init(scene:)`).
    package convenience init(
        loaded: LoadedScene, indexThreshold: Int = ViewStore.defaultIndexThreshold
    ) {
        switch loaded {
        case .columns(let c): self.init(columns: c, indexThreshold: indexThreshold)
        case .scene(let s): self.init(scene: s, indexThreshold: indexThreshold)
        }
    }

    /// `init(loaded:indexThreshold:)`, with all the room the build takes asked of the
    /// host's allocator first (`room(building:)`, `tryReserve`): a refusal is thrown
    /// before any view is added, and the partly made store is freed. The build itself then
    /// grows no table of the store, and what it makes beside them (child indexes, the
    /// screen and content indexes) it asks for fallibly, leaving a container unindexed or
    /// an index stale on a refusal (queries answer the same). The C API's scene loads.
    package static func building(_ loaded: LoadedScene, indexThreshold: Int)
        throws(AllocationRefused) -> ViewStore
    {
        let (screen, application) =
            switch loaded {
            case .columns(let c): (c.screen, c.application)
            case .scene(let s): (s.screen, s.application)
            }
        var refused = 0
        guard
            let store = ViewStore(
                screenSize: screen, applicationClassName: application.className,
                applicationDelegateName: application.delegate, indexThreshold: indexThreshold,
                refused: &refused)
        else { throw AllocationRefused(bytes: refused) }
        switch loaded {
        case .columns(let c):
            if let r = store.tryReserve(room(building: c)) { throw AllocationRefused(bytes: r) }
            store.add(c)
        case .scene(let s):
            let room = room(building: s)
            if let r = store.tryReserve(room) { throw AllocationRefused(bytes: r) }
            store.add(s, views: room.views)
        }
        return store
    }
}
