/// The boxes of a freshly built store in slot order: the Scene build's version of the
/// flat-array build's one pass (`computeBoxesInArrayOrder`).
///
/// A Scene build allocates slots from a stack of subview lists: a list's views get
/// consecutive slots, each view with subviews is pushed, and the list of the view pushed
/// last is allocated next (`ViewStore(scene:)`). Every view's superview therefore comes
/// before it, and the same stack, kept here with each pushed view's world frame, hands
/// each list its superview's frame: one forward pass over the columns instead of a walk
/// of each window's tree through the sibling links. A plain view under a translation (no
/// side record, no rule, eligible; most views) takes the scalar step the flat-array build
/// takes; any other view takes the general functions (`_WorldFrame.child`,
/// `computeBoxes`). The boxes that depend on subviews (`pointInside` modes, passthrough,
/// redirects) wait for a backward pass, where every descendant comes before its ancestors
/// as in `recomputeSubtree`'s post order, and where the child indexes are updated, each
/// after its subviews' boxes and before its own view's box. The values are
/// `recomputeSubtree`'s, bit for bit: the same functions, each given the same inputs.
extension ViewStore {
    /// Computes every box and child index of a store just built, as `recomputeSubtree` of
    /// each window would. Returns false, having changed nothing, when the slots are not in
    /// the Scene build's order, a slot is free, or a redirect names a view that is not its
    /// descendant (a redirect's box reads its target's, which the walk has computed before
    /// only when the target is below it; validated scenes have no other kind); the caller
    /// then walks.
    func computeBoxesInSlotOrder() -> Bool {
        let columns = self.columns  // a handle: the columns keep their shape here
        let n = columns.flags.count
        guard storage.free.isEmpty(.slots), n == count, n > 0 else { return false }
        let parents = UnsafeBufferPointer(start: columns.parent.base, count: n)
        let hasSubviews = { (i: Int) in columns.lastChild[i] >= 0 }
        let boundsOrSubviews = { (p: Int32) in
            p >= 0 && columns.flags[Int(p)] & _Flags.pointInsideBoundsOrSubviews != 0
        }
        guard ViewStore.isSceneBuildOrder(parents, hasSubviews: hasSubviews), redirectsPointDown()
        else { return false }

        let plain = _NewViews(store: self, first: 0)
        let dependsOnSubviews = _Flags.pointInsideModes | _Flags.passthrough | _Flags.redirect
        // The views with subviews whose lists are still to come, with their frames and
        // whether custom code owns them (then their subtrees are never walked and keep
        // empty boxes); and the superview of the list being read.
        // Working memory of the call, Swift's (arrays) rather than the hooks': a build
        // reserves the store's room before it adds a view and then asks the hooks for no
        // buffer it cannot do without (`ViewStore.building`).
        var pending: [(slot: Int32, frame: _WorldFrame, skip: Bool)] = []
        pending.reserveCapacity(64)
        var current: (slot: Int32, frame: _WorldFrame, skip: Bool) = (_Slot.none, .screen, false)
        // Views whose box waits for their subviews, with their frames, in slot order; and
        // the slots skipped, for the backward pass.
        var waiting: [(slot: Int32, frame: _WorldFrame)] = []
        var skippedSlots = [Bool](repeating: false, count: n)
        for i in 0..<n {
            let up = parents[i]
            if up < 0 {
                current = (_Slot.none, .screen, false)
            } else if up != current.slot {
                current = pending.removeLast()  // its list comes now (checked above)
            }
            let above = current.frame
            let f = columns.flags[i]
            let skip = current.skip || (up >= 0 && f & _Flags.insideCustom != 0)
            var frame = above
            if skip {
                columns.box[i] = .empty
                skippedSlots[i] = true
            } else if above.dead || above.isTranslation,
                case let rest = f & _NewViews.special,
                rest == 0 || (rest & ~_Flags.ineligible == 0 && !boundsOrSubviews(up))
            {
                frame = plain.plainViewFrame(i, below: _TranslationFrame(above), kappa: above.kappa)
                    .frame(kappa: above.kappa)
                // Ineligible otherwise plain (a label, an image view): UIKit returns neither
                // it nor anything below it, so its box is empty, as `computeBoxes` makes it;
                // no pointInside box is kept, as no boundsOrSubviews superview or redirect
                // asks for it. Its frame, for its subviews, is a plain view's (ineligible
                // leaves are common in app layouts: a third of `ui`'s views).
                if rest != 0 { columns.box[i] = .empty }
            } else {
                frame = above.child(geometry(Int32(i)))
                if f & dependsOnSubviews == 0 {
                    computeBoxes(Int32(i), frame)
                } else {
                    waiting.append((Int32(i), frame))
                }
            }
            if hasSubviews(i) {
                // A scroll view's subviews are placed in its content coordinates.
                pending.append((Int32(i), f & _Flags.scrollView != 0 ? .screen : frame, skip))
            }
        }
        // Backward: descendants before ancestors. A skipped view has insideCustom set or an
        // ancestor that has; neither is walked, so neither gets an index.
        var w = waiting.count - 1
        var i = n - 1
        while i >= 0 {
            let s = Int32(i)
            if (columns.lastChild[i] >= 0 || columns.flags[i] & _Flags.indexed != 0) && !skippedSlots[i] {
                updateIndex(of: s)
            }
            if w >= 0 && waiting[w].slot == s {
                computeBoxes(s, waiting[w].frame)
                w -= 1
            }
            i -= 1
        }
        return true
    }

    /// True when `parents` is in the order `ViewStore(scene:)` allocates (see above): the
    /// first view is a window, and each view's superview is the window or view whose list
    /// is being read, or else the view with subviews pushed last and not yet read. O(n).
    static func isSceneBuildOrder(_ parents: UnsafeBufferPointer<Int32>, hasSubviews: (Int) -> Bool)
        -> Bool
    {
        var pending: [Int32] = []  // working memory: Swift's, as `computeBoxesInSlotOrder`'s
        pending.reserveCapacity(64)
        var current: Int32 = _Slot.none
        for i in 0..<parents.count {
            let up = parents[i]
            if up < 0 {
                guard pending.isEmpty else { return false }
                current = _Slot.none
            } else if up != current {
                guard let top = pending.popLast(), top == up else { return false }
                current = up
            } else if current < 0 {
                return false
            }
            if hasSubviews(i) { pending.append(Int32(i)) }
        }
        return pending.isEmpty
    }

    /// True when every redirect's target is a live descendant of its view (or the store
    /// has no redirects).
    private func redirectsPointDown() -> Bool {
        if storage.redirectCount == 0 { return true }
        for i in 0..<columns.flags.count where columns.flags[i] & _Flags.redirect != 0 {
            let t = storage.sideRecords[columns.sideRecordIndex(i)].redirect
            guard isValid(t), isStrictlyBelow(t.slot, Int32(i)) else { return false }
        }
        return true
    }
}
