import HitTestGeometry
import HitTestScene

extension ViewStore {
    /// Makes room for `n` more views (and `idBytes` more bytes of ids) without growing the
    /// columns again.
    public func reserveCapacity(_ n: Int, idBytes: Int = 0) {
        nameBytes.reserveCapacity(nameBytes.count + idBytes)
        columns.reserveCapacity(flags.count + n)
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
            if let free = freeSlots.popLast() {
                s = free
            } else {
                precondition(flags.count < Int(Int32.max), "a store holds at most 2^31 - 1 views")
                s = Int32(columns.appendUnlinked(1))
            }
            let i = Int(s)
            parent[i] = _Slot.none
            lastChild[i] = _Slot.none
            prevSibling[i] = _Slot.none
            nextSibling[i] = _Slot.none
            box[i] = .empty
            if columns.labelsKept { order[i] = 0 }
        }
        flags[Int(s)] = _Flags.alive | (isWindow ? _Flags.window : 0)
        setName(s, def.id)
        setClass(s, def.className)
        write(def, to: s)
        count += 1
        return s
    }

    func setName(_ s: Int32, _ id: String) {
        nameStart[Int(s)] = _appendEncoded(id, to: &nameBytes)
        nameMapValid = false
    }

    /// Writes the definition's fields (not links, not boxes) into a slot.
    func write<Fields: _ViewFields>(_ def: Fields, to s: Int32) {
        let i = Int(s)
        controllerRootsValid = false
        let g = def.geometry
        var f =
            flags[i]
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
        flags[i] = f | (flags[i] & _Flags.hasSideRecord)
        let defaultEvents = def.hasDefaultEvents
        let needsSideRecord =
            !g.bounds.origin.isIdentical(to: .zero) || g.transform != .identity
            || !g.anchorPoint.isIdentical(to: ViewGeometry.defaultAnchorPoint)
            || !r.hitInsets.isZero
            || alpha != 1 || def.clipsToBounds || def.viewController != nil
            || def.presentedBy != nil
            || !defaultEvents || def.windowLevel != 0
        if needsSideRecord || flags[i] & _Flags.hasSideRecord != 0 {
            let e = ensureSideRecord(s)
            sideRecords[e].boundsOrigin = g.bounds.origin
            sideRecords[e].transform = g.transform
            sideRecords[e].anchorPoint = g.anchorPoint
            sideRecords[e].hitInsets = r.hitInsets
            sideRecords[e].alpha = alpha
            sideRecords[e].clipsToBounds = def.clipsToBounds
            sideRecords[e].viewController = def.viewController.map { controllerNames.intern($0) } ?? _Slot.none
            sideRecords[e].presentedBy = def.presentedBy.map { controllerNames.intern($0) } ?? _Slot.none
            sideRecords[e].level = def.windowLevel
            if !defaultEvents || sideRecords[e].values >= 0 {
                sideValues[ensureSideValues(s)].events = def.events
            }
        }
        setCenterSize(s, g.center, g.bounds.size)
    }

    /// Frees a slot (not its children): bumps its generation so that handles go stale, or
    /// retires it when the generation is spent.
    func free(_ s: Int32) {
        let i = Int(s)
        invalidateScreenIndex()
        if flags[i] & _Flags.redirect != 0 { redirectCount -= 1 }
        if flags[i] & _Flags.hasSideRecord != 0 {
            let e = sideRecordIndex(i)
            let r = sideRecords[e].values
            if r >= 0 {
                if flags[i] & _Flags.custom != 0, let code = sideValues[Int(r)].customCode {
                    slotOfCustomCode[ObjectIdentifier(code)] = nil
                }
                sideValues[Int(r)] = _SideValues()
                freeSideValues.append(r)
            }
            if flags[i] & _Flags.indexed != 0 { dropChildIndex(of: s) }
            sideRecords[e] = _SideRecord()
            freeSideRecords.append(Int32(e))
        }
        flags[i] = 0
        centerSize[i] = .zero
        parent[i] = _Slot.none
        lastChild[i] = _Slot.none
        prevSibling[i] = _Slot.none
        nextSibling[i] = _Slot.none
        // A spent generation retires the slot: reusing it would make the handles of its
        // first view valid again. (One slot of column bytes every 65,535 removals of it.)
        if generation[i] < UInt16.max {
            generation[i] += 1
            freeSlots.append(s)
        }
        count -= 1
        nameMapValid = false
        controllerRootsValid = false
    }

    /// Links `child` (unlinked) under `p`, just above `below` (-1: at the bottom).
    /// Gives it an order label between its neighbours, relabelling the siblings when
    /// there is no room.
    func link(_ child: Int32, under p: Int32, above below: Int32, label: Bool = true) {
        let c = Int(child)
        invalidateScreenIndex()
        parent[c] = p
        let first = firstChild(of: p)
        let above = below >= 0 ? columns.siblingAbove(below) : first
        prevSibling[c] = below
        nextSibling[c] = above
        if below >= 0 { nextSibling[Int(below)] = child }
        if above >= 0 { prevSibling[Int(above)] = child } else { lastChild[Int(p)] = child }
        // Close the list: the top child's next link names the first (see `lastChild`).
        nextSibling[Int(lastChild[Int(p)])] = _Slot.closingLink(first: below >= 0 ? first : child)
        guard label && columns.labelsKept else { return }
        let lo: UInt64 = below >= 0 ? UInt64(order[Int(below)]) : 0
        let hi: UInt64 = above >= 0 ? UInt64(order[Int(above)]) : UInt64(UInt32.max) + 1
        if hi - lo >= 2 {
            // Appending leaves room for more appends: step by 2^16 when possible.
            order[c] = UInt32(above < 0 && hi - lo > 1 << 17 ? lo + (1 << 16) : (lo + hi) / 2)
        } else {
            relabelChildren(of: p)
        }
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
        var c = firstChild(of: p)
        while c >= 0 {
            n += 1
            c = nextSibling[Int(c)]
        }
        let step = (UInt64(UInt32.max) + 1) / (n + 1)
        precondition(step >= 1, "a view has more than 2^32 - 1 subviews")
        var label = step
        c = firstChild(of: p)
        while c >= 0 {
            order[Int(c)] = UInt32(label)
            label += step
            c = nextSibling[Int(c)]
        }
    }

    /// Starts keeping order labels, if the store does not yet: every slot gets one, each
    /// sibling list spread evenly. O(slots), once in a store's life: called before its
    /// first child index is made, the only reader of labels.
    func keepOrderLabels() {
        if columns.labelsKept { return }
        columns.labelsKept = true
        columns.order.reset(repeating: 0, count: flags.count)
        for s in 0..<flags.count where lastChild[s] >= 0 { spreadLabels(of: Int32(s)) }
    }

    /// Takes `child` out of its parent's sibling list (it keeps its own subtree).
    func unlink(_ child: Int32) {
        let c = Int(child)
        let p = parent[c]
        guard p >= 0 else { return }
        invalidateScreenIndex()
        let first = firstChild(of: p)
        let prev = prevSibling[c]
        let next = columns.siblingAbove(child)
        if prev >= 0 { nextSibling[Int(prev)] = next }
        if next >= 0 { prevSibling[Int(next)] = prev } else { lastChild[Int(p)] = prev }
        // Close the list again (see `lastChild`); an emptied list has no top child.
        let top = lastChild[Int(p)]
        if top >= 0 { nextSibling[Int(top)] = _Slot.closingLink(first: child == first ? next : first) }
        parent[c] = _Slot.none
        prevSibling[c] = _Slot.none
        nextSibling[c] = _Slot.none
    }

    /// The number of children of a slot, counting no further than `limit`.
    func childCount(_ p: Int32, limit: Int = .max) -> Int {
        var n = 0
        var c = firstChild(of: p)
        while c >= 0 && n < limit {
            n += 1
            c = nextSibling[Int(c)]
        }
        return n
    }
}
