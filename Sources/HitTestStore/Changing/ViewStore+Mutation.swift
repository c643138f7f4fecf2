import HitTestGeometry
import HitTestScene

// Changes through the store's own API. Each one is incremental: it recomputes the boxes
// of the changed view's subtree (geometry) or of the view alone (flags and rules), then
// those of the ancestors that depend on them, refits or extends the indexes involved,
// and rebuilds an index only when its overflow or dead entries have grown too large.
// Views with custom code, and views below them, belong to their reference tree: change
// them there and build the store again.

extension ViewStore {
    /// Adds a window above the windows of its level. The corresponding reference call is
    /// `Screen.addWindow(_:)`.
    /// The corresponding C function is `htWorld_AddWindow`.
    @discardableResult
    public func addWindow(_ def: ViewDefinition) -> ViewHandle {
        let w = allocate(def, isWindow: true)
        storage.windowSlots.append(w)
        recomputeSubtree(w, parentFrame: .screen)
        updateWindowOrder()
        noteScreenIndexChange()
        return handle(w)
    }

    /// Removes a window and everything in it.
    /// The corresponding C function is `htView_Remove`.
    public func removeWindow(_ window: ViewHandle) {
        let w = slot(window)
        precondition(columns.flags[Int(w)] & _Flags.window != 0, "\(window) is not a window; use removeView")
        freeSubtree(w)
        if let k = storage.windowSlots.firstIndex(of: w) { storage.windowSlots.remove(at: k) }
        updateWindowOrder()
        noteScreenIndexChange()
    }

    /// Adds a view under `superview`: at `index` of its subviews (0 is the bottom), or on
    /// top when `index` is nil. The corresponding reference calls are `addSubview(_:)`
    /// and `insertSubview(_:at:)`.
    /// The corresponding C function is `htWorld_AddView`.
    @discardableResult
    public func addView(_ def: ViewDefinition, to superview: ViewHandle, at index: Int? = nil) -> ViewHandle {
        let p = slot(superview)
        checkOwned(p)
        let s = allocate(def, isWindow: false)
        link(s, under: p, above: slotBelow(index, in: p))
        syncBoxSpaceFlag(s)
        recomputeSubtree(s, parentFrame: subviewFrame(of: p))
        propagateUp(from: s, oldBox: .empty, oldPointInsideBox: .empty, geometryChanged: true)
        updateIndex(of: p, force: false)
        noteScreenIndexChange()
        return handle(s)
    }

    /// Removes a view and its subtree. Handles to them go stale. The corresponding
    /// reference call is `removeFromSuperview()`.
    /// The corresponding C function is `htView_Remove`.
    public func removeView(_ view: ViewHandle) {
        let s = slot(view)
        checkOwned(s)
        precondition(columns.flags[Int(s)] & _Flags.window == 0, "\(view) is a window; use removeWindow")
        let p = detach(s)
        freeSubtree(s)
        refreshAfterChildrenChanged(p)
        noteScreenIndexChange()
    }

    /// Moves a view (with its subtree) under `superview`, at `index` of its subviews or on
    /// top. Within the same superview this reorders siblings (`bringSubviewToFront`,
    /// `sendSubviewToBack`, `insertSubview(_:at:)`); boxes then stay as they are.
    /// The corresponding C function is `htView_Move`.
    public func moveView(_ view: ViewHandle, to superview: ViewHandle, at index: Int? = nil) {
        let s = slot(view)
        let p = slot(superview)
        checkOwned(s)
        checkOwned(p)
        precondition(columns.flags[Int(s)] & _Flags.window == 0, "\(view) is a window; windows have no superview")
        var a = p
        while a >= 0 {
            precondition(a != s, "cannot move \(view) inside itself")
            a = columns.parent[Int(a)]
        }
        if columns.parent[Int(s)] == p {
            unlink(s)
            link(s, under: p, above: slotBelow(index, in: p))
            noteScreenIndexChange()
            return
        }
        let oldParent = detach(s)
        link(s, under: p, above: slotBelow(index, in: p))
        syncBoxSpaceFlag(s)
        recomputeSubtree(s, parentFrame: subviewFrame(of: p))
        propagateUp(from: s, oldBox: .empty, oldPointInsideBox: .empty, geometryChanged: true)
        updateIndex(of: p, force: false)
        // The old superview last, once the moved views' boxes are those of their new
        // place: a view there that redirects into the moved subtree reads them.
        refreshAfterChildrenChanged(oldParent)
        noteScreenIndexChange()
    }

    /// Moves a view to the top of its siblings.
    /// The corresponding C function is `htView_BringToFront`.
    public func bringToFront(_ view: ViewHandle) {
        let s = slot(view)
        guard columns.parent[Int(s)] >= 0 else { return }
        moveView(view, to: handle(columns.parent[Int(s)]), at: nil)
    }

    /// Moves a view to the bottom of its siblings.
    /// The corresponding C function is `htView_SendToBack`.
    public func sendToBack(_ view: ViewHandle) {
        let s = slot(view)
        guard columns.parent[Int(s)] >= 0 else { return }
        moveView(view, to: handle(columns.parent[Int(s)]), at: 0)
    }

    /// Everything about a view but its links: what `update` edits.
    public func definition(of view: ViewHandle) -> ViewDefinition {
        let s = slot(view)
        let i = Int(s)
        var d = ViewDefinition(id: name(s), frame: .zero, className: className(s))
        d.geometry = geometry(s)
        let f = columns.flags[i]
        d.isHidden = f & _Flags.hidden != 0
        d.isUserInteractionEnabled = f & _Flags.interactionDisabled == 0
        d.hitRules = hitRules(s)
        if f & _Flags.hasSideRecord != 0 {
            let e = storage.sideRecords[columns.sideRecordIndex(i)]
            d.alpha = Double(e.alpha)
            d.clipsToBounds = e.clipsToBounds
            d.level = e.level
            d.viewController = e.viewController < 0 ? nil : storage.controllerNames.string(e.viewController)
            d.presentedBy = e.presentedBy < 0 ? nil : storage.controllerNames.string(e.presentedBy)
            if e.values >= 0 { d.events = sideValues[Int(e.values)].events }
        }
        return d
    }

    /// Changes any fields of a view: `store.update(v) { $0.isHidden = true }`. A change of
    /// geometry recomputes the view's subtree; any other change the view alone. Window
    /// levels reorder the windows.
    public func update(_ view: ViewHandle, _ body: (inout ViewDefinition) -> Void) {
        let s = slot(view)
        checkOwned(s)
        let before = definition(of: view)
        var def = before
        body(&def)
        // Geometry is compared bit for bit: `==` takes -0 for 0, and the sign of a zero
        // center or scroll offset can reach a hit view's local point.
        let geometryChanged = !ViewStore.identical(def.geometry, before.geometry)
        if def == before && !geometryChanged { return }
        if def.id != before.id {
            setName(s, def.id)
            storage.idChanges &+= 1
        }
        let wasScrollView = columns.flags[Int(s)] & _Flags.scrollView != 0
        if def.className != before.className { setClass(s, def.className) }
        write(def, to: s)
        // Becoming or ceasing to be a scroll view moves its subviews' boxes between its
        // content coordinates and its box space, and the screen index's entries with them.
        let scrollViewChanged = (columns.flags[Int(s)] & _Flags.scrollView != 0) != wasScrollView
        // What a hit test reads is unchanged (only ids, event settings or controller links
        // changed): no box moves, and the indexes stay as they are, fresh. Attaching a
        // recognizer to a view must not send every later query down the slow walk.
        var hitFieldsOnly = def
        (hitFieldsOnly.id, hitFieldsOnly.events) = (before.id, before.events)
        (hitFieldsOnly.viewController, hitFieldsOnly.presentedBy) = (before.viewController, before.presentedBy)
        // A new zooming view: the subviews named before and now move between box spaces.
        if def.events.scrollView?.zoomingView != before.events.scrollView?.zoomingView {
            syncZoomingSubviews(of: s)
        }
        if !geometryChanged && !scrollViewChanged && hitFieldsOnly == before {
            checkInternally()
            return
        }
        // A new pointInside mode changes which subviews keep their pointInside boxes
        // (see `computeBoxes`): recompute the subtree, as for geometry.
        let modeChanged = def.hitRules.pointInside != before.hitRules.pointInside
        var sameOtherwise = def
        sameOtherwise.geometry = before.geometry
        refresh(
            s, geometryChanged: geometryChanged || modeChanged || scrollViewChanged,
            geometryOnly: geometryChanged && !scrollViewChanged && sameOtherwise == before,
            subviewsMove: modeChanged || scrollViewChanged)
        if def.level != before.level && columns.flags[Int(s)] & _Flags.window != 0 { updateWindowOrder() }
        noteScreenIndexChange()
    }

    /// Changes a view's geometry alone, as `update` changing `geometry` does: the boxes of
    /// its subtree recomputed, the indexes refitted or marked stale. What the geometry
    /// setters, a scroll offset and a zoom's frame call, every frame of a drag or an
    /// animation: it reads and writes no id or name, where `update` builds the view's
    /// whole definition (and so allocates for each name longer than the 15 bytes a Swift
    /// string keeps in place).
    public func updateGeometry(_ view: ViewHandle, _ body: (inout ViewGeometry) -> Void) {
        let s = slot(view)
        checkOwned(s)
        let before = geometry(s)
        var g = before
        body(&g)
        if ViewStore.identical(g, before) { return }
        write(g, to: s)
        refresh(s, geometryChanged: true, geometryOnly: true, subviewsMove: false)
        noteScreenIndexChange()
    }

    /// Changes a view's event settings alone, as `update` changing `events` does: what a
    /// control's value and a zoom's scale and content size call on the frames of a drag
    /// or a pinch, without reading the view's id and names. A change that makes the view
    /// a scroll view or ends it, or names another zooming view, goes through `update`,
    /// which moves boxes between spaces for it.
    public func updateEvents(_ view: ViewHandle, _ body: (inout ViewEventSettings) -> Void) {
        let s = slot(view)
        checkOwned(s)
        guard let r = existingSideValues(s) else {
            update(view) { body(&$0.events) }
            return
        }
        var events = sideValues[r].events
        let before = events
        body(&events)
        if events == before { return }
        guard (events.scrollView == nil) == (before.scrollView == nil),
            events.scrollView?.zoomingView == before.scrollView?.zoomingView
        else {
            update(view) { $0.events = events }
            return
        }
        sideValues[r].events = events
        checkInternally()
    }

    /// Sets the view's center (UIKit `center`).
    /// The corresponding C function is `htView_SetCenter`.
    public func setCenter(_ view: ViewHandle, _ c: Point) { updateGeometry(view) { $0.center = c } }
    /// Sets the view's transform (UIKit `transform`).
    /// The corresponding C function is `htView_SetTransform`.
    public func setTransform(_ view: ViewHandle, _ t: AffineTransform) { updateGeometry(view) { $0.transform = t } }
    /// Sets the view's bounds: size, and origin (the scroll offset).
    /// The corresponding C function is `htView_SetBounds`.
    public func setBounds(_ view: ViewHandle, _ b: Rect) { updateGeometry(view) { $0.bounds = b } }
    /// Places the untransformed layout rect, as `view.frame = r` does in UIKit.
    /// The corresponding C function is `htView_SetFrame`.
    public func setFrame(_ view: ViewHandle, _ r: Rect) {
        updateGeometry(view) {
            $0.center = ViewGeometry.center(ofLayoutFrame: r, anchorPoint: $0.anchorPoint)
            $0.bounds.size = r.size
        }
    }
    /// The corresponding C function is `htView_SetHidden`.
    public func setHidden(_ view: ViewHandle, _ hidden: Bool) { update(view) { $0.isHidden = hidden } }
    /// The corresponding C function is `htView_SetAlpha`.
    public func setAlpha(_ view: ViewHandle, _ alpha: Double) { update(view) { $0.alpha = alpha } }
    /// The corresponding C function is `htView_SetUserInteractionEnabled`.
    public func setUserInteractionEnabled(_ view: ViewHandle, _ enabled: Bool) {
        update(view) { $0.isUserInteractionEnabled = enabled }
    }
    /// The corresponding C function is `htView_SetHitRules`.
    public func setHitRules(_ view: ViewHandle, _ rules: HitRules) { update(view) { $0.hitRules = rules } }

    /// Sets or clears the view's redirect (`redirectTo`): a descendant that takes the touch
    /// first. A target that is not below the view is ignored, as in the reference.
    /// The corresponding C function is `htView_SetRedirect`.
    public func setRedirect(_ view: ViewHandle, to target: ViewHandle?) {
        let s = slot(view)
        checkOwned(s)
        if let target {
            _ = slot(target)
            setRedirectSlot(s, target.slot)
            // The target now keeps its pointInside box.
            refresh(target.slot, geometryChanged: false)
        } else if columns.flags[Int(s)] & _Flags.redirect != 0 {
            columns.flags[Int(s)] &= ~_Flags.redirect
            storage.sideRecords[columns.sideRecordIndex(Int(s))].redirect = .null
            storage.redirectCount -= 1
        }
        refresh(s, geometryChanged: false)
        noteScreenIndexChange()
    }

    /// The redirect target of a view, if it has a live one.
    public func redirect(of view: ViewHandle) -> ViewHandle? {
        let s = slot(view)
        guard columns.flags[Int(s)] & _Flags.redirect != 0 else { return nil }
        let t = storage.sideRecords[columns.sideRecordIndex(Int(s))].redirect
        return isValid(t) ? t : nil
    }

    // MARK: Helpers

    /// Bitwise equality of two geometries (NaN equals NaN, -0 differs from 0).
    static func identical(_ a: ViewGeometry, _ b: ViewGeometry) -> Bool {
        func same(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern }
        let s = a.transform
        let t = b.transform
        return a.bounds.origin.isIdentical(to: b.bounds.origin) && same(a.bounds.width, b.bounds.width)
            && same(a.bounds.height, b.bounds.height) && a.center.isIdentical(to: b.center)
            && a.anchorPoint.isIdentical(to: b.anchorPoint) && same(s.a, t.a) && same(s.b, t.b) && same(s.c, t.c)
            && same(s.d, t.d) && same(s.tx, t.tx) && same(s.ty, t.ty)
    }

    func checkOwned(_ s: Int32) {
        precondition(
            columns.flags[Int(s)] & (_Flags.custom | _Flags.insideCustom) == 0,
            "view \"\(name(s))\" runs custom code (or is inside such a view): change it on its reference tree")
    }

    /// The slot a new child goes just above for `index` (nil: the top), `_Slot.none` for the bottom.
    func slotBelow(_ index: Int?, in p: Int32) -> Int32 {
        guard let index else { return columns.lastChild[Int(p)] }
        precondition(index >= 0, "index \(index) is negative")
        var below: Int32 = _Slot.none
        var c = columns.firstChild(of: p)
        var k = 0
        while k < index && c >= 0 {
            below = c
            c = columns.nextSibling[Int(c)]
            k += 1
        }
        precondition(k == index, "index \(index) is past the \(k) subviews")
        return below
    }

    /// Recomputes a changed view (its subtree for geometry) and what depends on it.
    /// `geometryOnly`: nothing but the view's geometry changed, so the screen index can
    /// refit its entry rather than go stale. A scroll view's own geometry (its content
    /// offset, its frame) moves none of its subviews' boxes, which are in its content
    /// coordinates: it alone is recomputed, in O(1) (O(subviews) for the `pointInside`
    /// mode that reads their frames), unless `subviewsMove` (their boxes change too).
    func refresh(
        _ s: Int32, geometryChanged: Bool, geometryOnly: Bool = false, subviewsMove: Bool = false
    ) {
        let old = columns.box[Int(s)]
        let oldPI = pointInsideBox(s)
        let p = columns.parent[Int(s)]
        let pf = p >= 0 ? subviewFrame(of: p) : .screen
        if geometryChanged && (subviewsMove || columns.flags[Int(s)] & _Flags.scrollView == 0) {
            recomputeSubtree(s, parentFrame: pf, keepingScrollContent: true)
        } else {
            computeBoxes(s, pf.child(geometry(s)))
        }
        propagateUp(from: s, oldBox: old, oldPointInsideBox: oldPI, geometryChanged: geometryChanged)
        if geometryOnly {
            // A scroll view whose own boxes stayed (its content offset changed) leaves
            // every entry as it was: no refit, so a long scroll never wears the screen
            // index down to a rebuild.
            if movedBoxes(s, oldBox: old, oldPointInsideBox: oldPI) { screenIndexGeometryChanged(s) }
        } else {
            invalidateScreenIndex()
        }
    }

    /// Takes a view out of its parent (and the parent's index); returns the parent.
    func detach(_ s: Int32) -> Int32 {
        let p = columns.parent[Int(s)]
        if columns.flags[Int(p)] & _Flags.indexed != 0 {
            let (old, order) = (columns.box[Int(s)], columns.order)
            changeChildIndex(of: p) { index throws(AllocationRefused) in try index.remove(s, box: old, order: order) }
        }
        unlink(s)
        return p
    }

    /// After children were removed from `p`: its own boxes, its ancestors', its index.
    func refreshAfterChildrenChanged(_ p: Int32) {
        invalidateScreenIndex()
        let old = columns.box[Int(p)]
        let oldPI = pointInsideBox(p)
        updateIndex(of: p, force: false)
        computeBoxes(p, worldFrame(p))
        propagateUp(from: p, oldBox: old, oldPointInsideBox: oldPI, geometryChanged: false)
    }

    /// Frees a subtree, children first. Iterative.
    func freeSubtree(_ root: Int32) {
        var stack: [Int32] = [root]
        var order: [Int32] = []
        while let s = stack.popLast() {
            order.append(s)
            var c = columns.firstChild(of: Int32(s))
            while c >= 0 {
                stack.append(c)
                c = columns.nextSibling[Int(c)]
            }
        }
        for s in order.reversed() { free(s) }
    }
}

extension ViewStore {
    /// Adds many views at once under `superview`, on top of its subviews: `parents[i]` is
    /// the index in `defs` of view i's superview, or -1 for `superview` itself, and must be
    /// less than `i`. Boxes and indexes are computed once for the whole batch, so this is
    /// O(n log n) where adding the views one by one would cost O(depth) each: use it for
    /// big containers and deep chains.
    @discardableResult
    public func addViews(_ defs: [ViewDefinition], parents: [Int], to superview: ViewHandle) -> [ViewHandle] {
        precondition(defs.count == parents.count, "addViews: \(defs.count) definitions but \(parents.count) parents")
        let p = slot(superview)
        checkOwned(p)
        reserveCapacity(defs.count, idBytes: defs.reduce(0) { $0 + $1.id.utf8.count + 1 })
        var slots: [Int32] = []
        slots.reserveCapacity(defs.count)
        for (i, def) in defs.enumerated() {
            let up = parents[i]
            precondition(up >= -1 && up < i, "addViews: parents[\(i)] = \(up) must be -1 or an earlier index")
            let s = allocate(def, isWindow: false)
            let under = up < 0 ? p : slots[up]
            link(s, under: under, above: columns.lastChild[Int(under)], label: false)
            slots.append(s)
        }
        finishAddingViews(under: p, count: slots.count, slot: { slots[$0] }, isRoot: { parents[$0] < 0 })
        return slots.map(handle)
    }
}
