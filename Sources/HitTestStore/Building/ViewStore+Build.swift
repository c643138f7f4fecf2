import CHitTestShim
import HitTestGeometry
import HitTestScene

extension ViewStore {
    /// Builds a store from a scene (normally a validated one: `Scene.load` returns only
    /// those). Slots are laid out in hit-test walk order. O(n log n) with indexes, O(n)
    /// without; iterative, so any depth builds.
    /// The corresponding C function is `htWorld_LoadSceneFile`.
    public convenience init(scene: Scene, indexThreshold: Int = ViewStore.defaultIndexThreshold) {
        self.init(
            screenSize: scene.screen, applicationClassName: scene.application.className,
            applicationDelegateName: scene.application.delegate, indexThreshold: indexThreshold)
        let (views, idBytes) = ViewStore.countViews(scene)
        reserveCapacity(views, idBytes: idBytes)
        add(scene, views: views)
    }

    /// Adds the views of `scene` (`views` of them, room for which is reserved) to an
    /// empty store, as `init(scene:)` builds it.
    func add(_ scene: Scene, views: Int) {
        // Every slot appended at once (one fill a column), then taken in walk order.
        var next = Int32(views > 0 ? storage.update { $0.appendUnlinked(views) } : columns.flags.count)
        func take() -> Int32 {
            defer { next += 1 }
            return next
        }
        var redirects: [(Int32, String)] = []
        // The stack holds subview lists (a reference each), not views: a `SceneView` is a
        // few hundred bytes of fields, and pushing views would copy each onto the stack
        // and off again.
        var stack: [(subviews: [SceneView], slot: Int32)] = []
        scene.windows.withUnsafeBufferPointer { windows in
            for w in windows.indices {
                let window = windows.baseAddress! + w
                let ws = allocate(_SceneViewFields(view: window), isWindow: true, appended: take())
                storage.windowSlots.append(ws)
                if let r = window.pointee.redirectTo { redirects.append((ws, r)) }
                // Walk order: a view, then its subviews from the top down.
                stack.append((window.pointee.subviews, ws))
                while let (list, s) = stack.popLast() {
                    list.withUnsafeBufferPointer { subviews in
                        for k in subviews.indices.reversed() {
                            let v = subviews.baseAddress! + k
                            // The next view's fields, a few hundred bytes the loop reads
                            // next: a miss on each is most of a large build's time (one
                            // view ahead is enough; two are no better).
                            if k > 0 {
                                htShim_PrefetchBytes(v - 1, MemoryLayout<SceneView>.size)
                            }
                            let c = allocate(_SceneViewFields(view: v), isWindow: false, appended: take())
                            link(c, under: s, above: _Slot.none, label: false)
                            if let r = v.pointee.redirectTo { redirects.append((c, r)) }
                            if v.pointee.hasSubviews { stack.append((v.pointee.subviews, c)) }
                        }
                    }
                }
            }
        }
        if !redirects.isEmpty {
            for (s, target) in redirects {
                if let t = view(withID: target) { setRedirectSlot(s, t.slot) }
            }
        }
        finishBuild()
    }

    /// The views of a scene and the bytes their ids take encoded (a length byte each
    /// beside the text, as `reserveCapacity` counts them), for exact reservations. Reads
    /// each view in place from its subview list (`forEachView` hands each one to a
    /// closure by value, retaining its fields, about three times the work).
    static func countViews(_ scene: Scene) -> (views: Int, idBytes: Int) {
        var (views, idBytes) = (0, 0)
        var lists: [[SceneView]] = [scene.windows]
        while let list = lists.popLast() {
            list.withUnsafeBufferPointer { subviews in
                views += subviews.count
                for k in subviews.indices {
                    let v = subviews.baseAddress! + k
                    idBytes += v.pointee.id.utf8.count + 1
                    if v.pointee.hasSubviews { lists.append(v.pointee.subviews) }
                }
            }
        }
        return (views, idBytes)
    }

    func setRedirectSlot(_ s: Int32, _ t: Int32) {
        invalidateScreenIndex()
        if columns.flags[Int(s)] & _Flags.redirect == 0 { storage.redirectCount += 1 }
        columns.flags[Int(s)] |= _Flags.redirect
        columns.flags[Int(t)] |= _Flags.redirectTarget
        let e = ensureSideRecord(s)  // first: it may move the column
        storage.sideRecords[e].redirect = handle(t)
    }

    /// Order labels (if the store keeps them), boxes, indexes and window order for a
    /// freshly built store.
    func finishBuild() {
        if columns.labelsKept {
            for s in 0..<columns.flags.count where columns.lastChild[s] >= 0 { relabelChildren(of: Int32(s)) }
        }
        adoptZoomingViews(count: columns.flags.count) { Int32($0) }
        deferringChildIndexes = true
        if !computeBoxesInSlotOrder() {
            for w in storage.windowSlots { recomputeSubtree(w, parentFrame: .screen) }
        }
        deferringChildIndexes = false
        updateWindowOrder()
        rebuildScreenIndex()
        settleDeferredChildIndexes()
        checkInternally()
    }

    /// Windows by level descending, then the most recently added first.
    func updateWindowOrder() {
        invalidateScreenIndex()
        let levels = storage.windowSlots.map { s in
            columns.flags[Int(s)] & _Flags.hasSideRecord != 0 ? storage.sideRecords[columns.sideRecordIndex(Int(s))].level : 0
        }
        let sorted = storage.windowSlots.indices.sorted { i, j in
            levels[i] != levels[j] ? levels[i] > levels[j] : i > j
        }
        storage.windowOrder.removeAll()
        for k in sorted { storage.windowOrder.append(storage.windowSlots[k]) }
    }

    /// Builds, rebuilds or drops the child index of a slot as its number of children and
    /// the index's health require. Called after its children's boxes are final. When the
    /// host's allocator refuses the index's memory, the slot is left without one
    /// (`childIndexRefused`): its subviews are tested one by one.
    func updateIndex(of s: Int32, force: Bool = true) {
        do throws(AllocationRefused) { try tryUpdateIndex(of: s, force: force) } catch {
            childIndexRefused(s)
        }
    }

    /// `updateIndex`, throwing the host allocator's refusal (with the slot's index part
    /// made: the caller drops it).
    func tryUpdateIndex(of s: Int32, force: Bool) throws(AllocationRefused) {
        let i = Int(s)
        // A view with no subviews and no index has nothing to do (most views).
        if columns.lastChild[i] < 0 && columns.flags[i] & _Flags.indexed == 0 { return }
        let big = indexThreshold > 0 && childCount(s, limit: indexThreshold) >= indexThreshold
        if columns.flags[i] & _Flags.indexed != 0 {
            if !big {
                dropChildIndex(of: s)
            } else if force || childIndex(of: s).needsRebuild {
                try buildChildIndex(of: s)
            }
        } else if big {
            if deferringChildIndexes {
                try storage.deferredChildIndexes.reserveForAppend()
                storage.deferredChildIndexes.append(s)
                return
            }
            try makeChildIndex(for: s)
            try buildChildIndex(of: s)
        }
    }

    /// Builds the child index of the indexed `s` from its children's boxes.
    private func buildChildIndex(of s: Int32) throws(AllocationRefused) {
        let (kids, boxes, order) = (children(s), columns.box, columns.order)
        try withChildIndex(of: s) { index throws(AllocationRefused) in
            try index.build(children: kids, boxes: boxes, order: order)
        }
    }

    /// Builds the child index of every big container that a refusal left without one
    /// (`childIndexRefused`), throwing the next refusal. O(views) when there is one to
    /// build, nothing otherwise.
    func buildRefusedChildIndexes() throws(AllocationRefused) {
        guard storage.childIndexesIncomplete else { return }
        for s in 0..<Int32(columns.flags.count)
        where columns.flags[Int(s)] & (_Flags.alive | _Flags.indexed) == _Flags.alive
            && columns.lastChild[Int(s)] >= 0
        {
            do throws(AllocationRefused) { try tryUpdateIndex(of: s, force: false) } catch {
                childIndexRefused(s)
                throw error
            }
        }
        storage.childIndexesIncomplete = false
    }

    func children(_ s: Int32) -> [Int32] {
        var out: [Int32] = []
        var c = columns.firstChild(of: s)
        while c >= 0 {
            out.append(c)
            c = columns.nextSibling[Int(c)]
        }
        return out
    }
}
