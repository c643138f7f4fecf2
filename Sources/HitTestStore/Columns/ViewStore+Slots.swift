import HitTestGeometry
import HitTestScene

extension ViewStore {
    /// Makes room for `n` more views (and `idBytes` more bytes of ids) without growing the
    /// columns again.
    public func reserveCapacity(_ n: Int, idBytes: Int = 0) {
        storage.nameBytes.reserveCapacity(storage.nameBytes.count + idBytes)
        storage.update { $0.reserveCapacity($0.flags.count + n) }
    }

    /// Takes a free slot (or a new one) and writes `def` into it, unlinked. A build that
    /// appended its slots at once (`_Columns.appendUnlinked(n)`) passes each in turn as
    /// `appended`.
    func allocate<Fields: _ViewFields>(_ def: Fields, isWindow: Bool, appended: Int32 = _Slot.none) -> Int32 {
        let s: Int32
        if appended >= 0 {
            // Just appended: `appendUnlinked` wrote the fields below already.
            s = appended
        } else {
            if let free = storage.free.take(.slots) {
                s = free
            } else {
                precondition(columns.flags.count < Int(Int32.max), "a store holds at most 2^31 - 1 views")
                s = Int32(storage.update { $0.appendUnlinked(1) })
            }
            let i = Int(s)
            columns.parent[i] = _Slot.none
            columns.lastChild[i] = _Slot.none
            columns.prevSibling[i] = _Slot.none
            columns.nextSibling[i] = _Slot.none
            columns.box[i] = .empty
            if columns.labelsKept { columns.order[i] = 0 }
        }
        columns.flags[Int(s)] = _Flags.alive | (isWindow ? _Flags.window : 0)
        setName(s, def.id)
        setClass(s, def.className)
        write(def, to: s)
        count += 1
        return s
    }

    func setName(_ s: Int32, _ id: String) {
        columns.nameStart[Int(s)] = _appendEncoded(id, to: &storage.nameBytes)
        storage.nameMapValid = false
    }

    /// Writes the definition's fields (not links, not boxes) into a slot.
    func write<Fields: _ViewFields>(_ def: Fields, to s: Int32) {
        let columns = self.columns  // a handle: the columns keep their shape here
        let i = Int(s)
        storage.controllerRootsValid = false
        let g = def.geometry
        var f =
            columns.flags[i]
            & (_Flags.alive | _Flags.window | _Flags.custom | _Flags.insideCustom | _Flags.redirect
                | _Flags.indexed | _Flags.redirectTarget
                | _Flags.classMask)
        if def.isHidden { f |= _Flags.hidden }
        if !def.isUserInteractionEnabled { f |= _Flags.interactionDisabled }
        let alpha = Float(def.alpha)
        if Double(alpha) < 0.01 { f |= _Flags.faint }  // NaN is eligible, as in the reference
        let r = def.hitRules
        if r.hitShape == .ellipse { f |= _Flags.ellipse }
        switch r.pointInside {
        case .bounds: break
        case .subviews: f |= _Flags.pointInsideSubviews
        case .boundsOrSubviews: f |= _Flags.pointInsideBoundsOrSubviews
        }
        switch r.hitTestRule {
        case .default: break
        case .passthrough: f |= _Flags.passthrough
        case .boxOnly: f |= _Flags.boxOnly
        }
        let defaultEvents = def.hasDefaultEvents
        // A scroll view by its class or by its settings, as event dispatch counts them,
        // or a scroll view's zooming view: each starts a box space (`startsBoxSpace`).
        if ViewStore.isScrollViewClass(f >> _Flags.classShift)
            || (!defaultEvents && def.events.scrollView != nil)
            || isZoomingView(s, id: def.id)
        {
            f |= _Flags.scrollView
        }
        columns.flags[i] = f | (columns.flags[i] & _Flags.hasSideRecord)
        // A scroll view keeps a side record whatever its fields, so that moving its
        // content or zooming it never needs a new one (`ensureScrollViewRecords`).
        if ViewStore.needsSideRecord(def) || f & _Flags.scrollView != 0
            || columns.flags[i] & _Flags.hasSideRecord != 0
        {
            let e = ensureSideRecord(s)
            storage.sideRecords[e].hitInsets = r.hitInsets
            storage.sideRecords[e].alpha = alpha
            storage.sideRecords[e].clipsToBounds = def.clipsToBounds
            storage.sideRecords[e].viewController = def.viewController.map { storage.controllerNames.intern($0) } ?? _Slot.none
            storage.sideRecords[e].presentedBy = def.presentedBy.map { storage.controllerNames.intern($0) } ?? _Slot.none
            storage.sideRecords[e].level = def.windowLevel
            if !defaultEvents || storage.sideRecords[e].values >= 0 {
                sideValues[ensureSideValues(s)].events = def.events
            }
        }
        write(g, to: s)
    }

    /// Writes a view's geometry into its slot: the center and size, and the bounds origin,
    /// transform and anchor point in its side record when it has one or needs one.
    func write(_ g: ViewGeometry, to s: Int32) {
        if columns.flags[Int(s)] & _Flags.hasSideRecord != 0 || ViewStore.needsSideRecord(g) {
            let e = ensureSideRecord(s)
            storage.sideRecords[e].boundsOrigin = g.bounds.origin
            storage.sideRecords[e].transform = g.transform
            storage.sideRecords[e].anchorPoint = g.anchorPoint
        }
        setCenterSize(s, g.center, g.bounds.size)
    }

    /// True when a view with this geometry keeps a side record for it: a bounds origin,
    /// transform or anchor point that the columns do not hold.
    static func needsSideRecord(_ g: ViewGeometry) -> Bool {
        !g.bounds.origin.isIdentical(to: .zero) || g.transform != .identity
            || !g.anchorPoint.isIdentical(to: ViewGeometry.defaultAnchorPoint)
    }

    /// True when a view with these fields keeps a side record for them (`write`): any
    /// field the columns do not hold. Its exact center and size may need one as well
    /// (`_CenterSize.holdsExactly`).
    static func needsSideRecord<Fields: _ViewFields>(_ def: Fields) -> Bool {
        return needsSideRecord(def.geometry) || !def.hitRules.hitInsets.isZero
            || Float(def.alpha) != 1 || def.clipsToBounds || def.viewController != nil
            || def.presentedBy != nil
            || !def.hasDefaultEvents || def.windowLevel != 0
    }

    /// Frees a slot (not its children): bumps its generation so that handles go stale, or
    /// retires it when the generation is spent.
    func free(_ s: Int32) {
        let i = Int(s)
        invalidateScreenIndex()
        if columns.flags[i] & _Flags.redirect != 0 { storage.redirectCount -= 1 }
        if columns.flags[i] & _Flags.custom != 0 { storage.customCodeCount -= 1 }
        if columns.flags[i] & _Flags.hasSideRecord != 0 {
            let e = columns.sideRecordIndex(i)
            let r = storage.sideRecords[e].values
            if r >= 0 {
                if columns.flags[i] & _Flags.custom != 0, let code = sideValues[Int(r)].customCode {
                    slotOfCustomCode[ObjectIdentifier(code)] = nil
                }
                sideValues[Int(r)] = _SideValues()
                storage.free.give(r, to: .sideValues)
            }
            if columns.flags[i] & _Flags.indexed != 0 { dropChildIndex(of: s) }
            storage.sideRecords[e] = _SideRecord()
            storage.free.give(Int32(e), to: .sideRecords)
        }
        columns.flags[i] = 0
        columns.centerSize[i] = .zero
        columns.parent[i] = _Slot.none
        columns.lastChild[i] = _Slot.none
        columns.prevSibling[i] = _Slot.none
        columns.nextSibling[i] = _Slot.none
        // A spent generation retires the slot: reusing it would make the handles of its
        // first view valid again. (One slot of column bytes every 65,535 removals of it.)
        if columns.generation[i] < UInt16.max {
            columns.generation[i] += 1
            storage.free.give(s, to: .slots)
        }
        count -= 1
        storage.nameMapValid = false
        storage.controllerRootsValid = false
    }

    /// Links `child` (unlinked) under `p`, just above `below` (`_Slot.none`: at the bottom).
    /// Gives it an order label between its neighbours, relabelling the siblings when
    /// there is no room.
    func link(_ child: Int32, under p: Int32, above below: Int32, label: Bool = true) {
        let columns = self.columns  // a handle: the columns keep their shape here
        let c = Int(child)
        invalidateScreenIndex()
        columns.parent[c] = p
        let first = columns.firstChild(of: p)
        let above = below >= 0 ? columns.siblingAbove(below) : first
        columns.prevSibling[c] = below
        columns.nextSibling[c] = above
        if below >= 0 { columns.nextSibling[Int(below)] = child }
        if above >= 0 { columns.prevSibling[Int(above)] = child } else { columns.lastChild[Int(p)] = child }
        // Close the list: the top child's next link names the first (see `lastChild`).
        columns.nextSibling[Int(columns.lastChild[Int(p)])] = _Slot.closingLink(first: below >= 0 ? first : child)
        guard label && columns.labelsKept else { return }
        let lo: UInt64 = below >= 0 ? UInt64(columns.order[Int(below)]) : 0
        let hi: UInt64 = above >= 0 ? UInt64(columns.order[Int(above)]) : UInt64(UInt32.max) + 1
        if hi - lo >= 2 {
            // Appending leaves room for more appends: step by 2^16 when possible.
            columns.order[c] = UInt32(above < 0 && hi - lo > 1 << 17 ? lo + (1 << 16) : (lo + hi) / 2)
            if columns.flags[Int(p)] & _Flags.indexed != 0 { childRelabelled(child, under: p) }
        } else {
            relabelChildren(of: p)
        }
    }

    /// `child` of the indexed `p` took a new label: a child moved among its siblings keeps
    /// its lane in their index, and its new label goes into the index's highest labels.
    /// Out of line: `link`, which every build calls once a view, stays as short.
    @inline(never)
    private func childRelabelled(_ child: Int32, under p: Int32) {
        let order = columns.order
        changeChildIndex(of: p) { index throws(AllocationRefused) in try index.relabel(child, order: order) }
    }

    /// Spreads the order labels of `p`'s children evenly (while the store keeps them).
    func relabelChildren(of p: Int32) {
        invalidateScreenIndex()
        if columns.labelsKept { spreadLabels(of: p) }
    }

    /// `relabelChildren`'s labels, leaving the screen index alone (which reads sibling
    /// lists, never labels).
    private func spreadLabels(of p: Int32) {
        var n: UInt64 = 0
        var c = columns.firstChild(of: p)
        while c >= 0 {
            n += 1
            c = columns.nextSibling[Int(c)]
        }
        let step = (UInt64(UInt32.max) + 1) / (n + 1)
        precondition(step >= 1, "a view has more than 2^32 - 1 subviews")
        var label = step
        c = columns.firstChild(of: p)
        while c >= 0 {
            columns.order[Int(c)] = UInt32(label)
            label += step
            c = columns.nextSibling[Int(c)]
        }
        if columns.flags[Int(p)] & _Flags.indexed != 0 {
            let order = columns.order
            changeChildIndex(of: p) { index throws(AllocationRefused) in try index.relabel(order: order) }
        }
    }

    /// Starts keeping order labels, if the store does not yet: every slot gets one, each
    /// sibling list spread evenly. O(slots), once in a store's life: called before its
    /// first child index is made, the only reader of labels.
    func keepOrderLabels() throws(AllocationRefused) {
        if columns.labelsKept { return }
        // Room for every slot the columns have room for: a build that reserved its views
        // at once then grows no label column while it adds them.
        if let r = storage.update({ $0.order.tryReserveCapacity(Swift.max($0.flags.count, $0.flags.capacity)) }) {
            throw AllocationRefused(bytes: r)
        }
        storage.update { c in
            c.labelsKept = true
            c.order.reset(repeating: 0, count: c.flags.count)
        }
        for s in 0..<columns.flags.count where columns.lastChild[s] >= 0 { spreadLabels(of: Int32(s)) }
    }

    /// Takes `child` out of its parent's sibling list (it keeps its own subtree).
    func unlink(_ child: Int32) {
        let c = Int(child)
        let p = columns.parent[c]
        guard p >= 0 else { return }
        invalidateScreenIndex()
        let first = columns.firstChild(of: p)
        let prev = columns.prevSibling[c]
        let next = columns.siblingAbove(child)
        if prev >= 0 { columns.nextSibling[Int(prev)] = next }
        if next >= 0 { columns.prevSibling[Int(next)] = prev } else { columns.lastChild[Int(p)] = prev }
        // Close the list again (see `lastChild`); an emptied list has no top child.
        let top = columns.lastChild[Int(p)]
        if top >= 0 { columns.nextSibling[Int(top)] = _Slot.closingLink(first: child == first ? next : first) }
        columns.parent[c] = _Slot.none
        columns.prevSibling[c] = _Slot.none
        columns.nextSibling[c] = _Slot.none
    }

    /// The number of children of a slot, counting no further than `limit`.
    func childCount(_ p: Int32, limit: Int = .max) -> Int {
        var n = 0
        var c = columns.firstChild(of: p)
        while c >= 0 && n < limit {
            n += 1
            c = columns.nextSibling[Int(c)]
        }
        return n
    }
}
