extension ViewStore {
    /// When `InternalChecks.enabled` (the `InternalChecks` trait, or
    /// `HITTEST_INTERNAL_CHECKS=1` in a debug build): runs `invariantViolations()` and traps
    /// with the first violation. Called at the end of every public change and build, so a
    /// broken invariant stops the change that broke it rather than a later query. In a
    /// release build without the trait it compiles to nothing.
    @inline(__always)
    func checkInternally(_ caller: StaticString = #function) {
        if InternalChecks.enabled, let problem = invariantViolations().first {
            fatalError("InternalChecks: after \(caller): \(problem)")
        }
    }

    /// Checks the whole structure and returns what is wrong (empty when all is well):
    /// links agree both ways, order labels (once kept) increase among siblings, every live
    /// view is reachable from a window exactly once, counts match, every box holds what a
    /// fresh recomputation gives (a scroll view's subviews' boxes in its content
    /// coordinates), every index holds each child that can be hit (in its tree or its
    /// overflow list), every tree passes its own `validate()` (the child indexes', and the
    /// screen index's while fresh), the scroll view flag agrees with each view's class and
    /// settings, no view inside a scroll view has a screen index entry, and each content
    /// index holds what a build would make of its scroll view's content. O(n log n); for tests and debugging
    /// (box2d's `validate`).
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        func fail(_ s: String) { if problems.count < 50 { problems.append(s) } }
        var reached = Set<Int32>()
        for w in storage.windowSlots {
            if columns.flags[Int(w)] & _Flags.window == 0 { fail("window slot \(w) lacks the window flag") }
            if columns.parent[Int(w)] != _Slot.none { fail("window \(name(w)) has a parent") }
            var stack: [Int32] = [w]
            while let s = stack.popLast() {
                if !reached.insert(s).inserted { fail("slot \(s) is reached twice") }
                if columns.flags[Int(s)] & _Flags.alive == 0 { fail("slot \(s) is linked but not alive") }
                var prev: Int32 = _Slot.none
                var c = columns.firstChild(of: Int32(s))
                while c >= 0 {
                    if columns.parent[Int(c)] != s { fail("\(name(c)): parent is not \(name(s))") }
                    if columns.prevSibling[Int(c)] != prev {
                        fail("\(name(c)): previous sibling link is wrong")
                    }
                    if columns.labelsKept && prev >= 0 && columns.order[Int(prev)] >= columns.order[Int(c)] {
                        fail("\(name(c)): order label does not increase")
                    }
                    stack.append(c)
                    prev = c
                    c = columns.nextSibling[Int(c)]
                }
                if columns.lastChild[Int(s)] != prev { fail("\(name(s)): last child link is wrong") }
            }
        }
        let custom = (0..<columns.flags.count).filter {
            columns.flags[$0] & (_Flags.alive | _Flags.custom) == _Flags.alive | _Flags.custom
        }.count
        if custom != storage.customCodeCount {
            fail("customCodeCount is \(storage.customCodeCount) but \(custom) views run custom code")
        }
        if reached.count != count {
            fail("count is \(count) but \(reached.count) views are reachable")
        }
        for s in 0..<columns.flags.count where columns.flags[s] & _Flags.alive != 0 && !reached.contains(Int32(s)) {
            fail("slot \(s) (\(name(Int32(s)))) is alive but unreachable")
        }
        // Boxes: recompute into a copy and compare. The check's own recomputations are
        // not the store's work: the counter is put back.
        let saved = (0..<columns.flags.count).map { (columns.box[$0], pointInsideBox(Int32($0))) }
        let computedBefore = storage.boxesComputed
        for w in storage.windowSlots { recomputeSubtree(w, parentFrame: .screen, updatingIndexes: false) }
        storage.boxesComputed = computedBefore
        for s in reached where columns.flags[Int(s)] & _Flags.insideCustom == 0 {
            let (b, pi) = saved[Int(s)]
            if b != columns.box[Int(s)] {
                fail("\(name(s)): box \(b) differs from a recomputation \(columns.box[Int(s)])")
            }
            if pi != pointInsideBox(s) {
                fail("\(name(s)): pointInside box differs from a recomputation")
            }
        }
        for (s, (b, pi)) in saved.enumerated() where reached.contains(Int32(s)) {
            columns.box[s] = b
            setPointInsideBox(Int32(s), pi == b ? nil : pi)
        }
        // Indexes hold every child that can be hit, and their walks have order labels.
        if columns.labelsKept && columns.order.count != columns.flags.count {
            fail("order labels for \(columns.order.count) of \(columns.flags.count) slots")
        }
        for s in reached where columns.flags[Int(s)] & _Flags.indexed != 0 {
            if !columns.labelsKept {
                fail("\(name(s)) has a child index but the store keeps no order labels")
                continue
            }
            let index = childIndex(of: s)
            if let problem = index.validate(order: columns.order) { fail("the index of \(name(s)): \(problem)") }
            let lanes = index.childBoxes()
            for c in children(s) where !columns.box[Int(c)].isEmpty {
                if let lane = lanes[c] {
                    if !lane.contains(columns.box[Int(c)]) { fail("\(name(c))'s lane in the index of \(name(s)) does not hold its box") }
                } else if !index.overflow.contains(c) {
                    fail("\(name(c)) is missing from the index of \(name(s))")
                }
            }
        }
        if storage.screenIndexState == .fresh, let problem = storage.screenIndex.validate() { fail("the screen index: \(problem)") }
        // Box spaces: the flag says what the class, the settings and the superview's
        // zooming view say (`startsBoxSpace`), and no view inside a scroll view has a
        // screen index entry (its box is in the scroll view's content coordinates; the
        // scroll view's entry stands for it).
        for s in reached {
            let wants = startsBoxSpace(s)
            if wants != (columns.flags[Int(s)] & _Flags.scrollView != 0) {
                fail(
                    "\(name(s)): the box space flag is \(!wants) but its class, settings and superview's zooming view say \(wants)"
                )
            }
            if wants && columns.flags[Int(s)] & _Flags.hasSideRecord == 0 {
                fail("\(name(s)) starts a box space but has no side record")
            }
        }
        if storage.screenIndexState == .fresh {
            for v in storage.screenIndex.entrySlotValues() {
                let s = ScreenIndex.slot(v)
                if reached.contains(s) && enclosingScrollView(s) >= 0 {
                    fail("\(name(s)) is inside a scroll view but has a screen index entry")
                }
            }
        }
        checkContentIndexes(reached: reached, fail)
        return problems
    }

    /// Content indexes, while the screen index is fresh (a stale one is rebuilt with them
    /// before any query asks them): each names a live scroll view whose side record names
    /// it back, and while fresh it holds exactly the entries a build would make of the
    /// scroll view's content (`ScreenIndex.mismatch`) and passes its own `validate()`.
    private func checkContentIndexes(reached: Set<Int32>, _ fail: (String) -> Void) {
        guard storage.screenIndexState == .fresh else { return }
        for k in 0..<storage.contentIndexes.count {
            let content = storage.contentIndexes[k]
            let s = content.scrollView
            let f = columns.flags[Int(s)]
            guard reached.contains(s), f & _Flags.scrollView != 0, f & _Flags.hasSideRecord != 0,
                storage.sideRecords[columns.sideRecordIndex(Int(s))].contentIndex == Int32(k)
            else {
                fail("content index \(k) names \(name(s)), not a scroll view that names it")
                continue
            }
            guard content.fresh else { continue }
            let problem =
                content.index.validate()
                ?? (try? withContentEntries(of: s) { boxes, slots in
                    content.index.mismatch(boxes: boxes, slots: slots)
                }) ?? nil
            if let problem { fail("the content index of \(name(s)): \(problem)") }
        }
        for s in reached where columns.flags[Int(s)] & _Flags.hasSideRecord != 0 {
            let k = Int(storage.sideRecords[columns.sideRecordIndex(Int(s))].contentIndex)
            let named = storage.contentIndexes
            if k >= 0 && (k >= named.count || named[k].scrollView != s) {
                fail("\(name(s)) names content index \(k), which is not its own")
            }
        }
    }
}
