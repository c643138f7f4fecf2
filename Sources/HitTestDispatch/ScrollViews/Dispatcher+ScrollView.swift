import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

/// Scroll views (the "Scroll views" rules of DispatchRules.md): the content touch delay,
/// `touchesShouldBegin`, the drag's refusal or the content's cancellation, and the
/// content offset that dragging changes.
///
/// Apple's documentation followed: `UIScrollView` ("delaysContentTouches",
/// "canCancelContentTouches", "touchesShouldBegin(_:with:in:)",
/// "touchesShouldCancel(in:)", "contentOffset", "bounces", "isDirectionalLockEnabled",
/// "panGestureRecognizer", "pinchGestureRecognizer"),
/// https://developer.apple.com/documentation/uikit/uiscrollview.
extension Dispatcher {
    /// The scroll view as its view is now, with its pan's drag.
    func scrollState(of view: ViewHandle) -> _ScrollViewState? {
        guard world.isLive(view), let settings = scrollSettings(of: view) else { return nil }
        let b = world.bounds(of: view)
        return _ScrollViewState(
            id: world.id(of: view), settings: settings, size: b.size, offset: b.origin,
            drag: inFlight.scrolling.drags[view] ?? _Drag())
    }

    /// A touch just began and was bound (`rule-scroll-view-delays-content-touches`): the
    /// innermost scroll view around it whose pan took it and that delays content touches
    /// holds its `touchesBegan` back for `contentTouchDelay`; otherwise the content is
    /// asked `touchesShouldBegin` now.
    func beginContentTouch(_ serial: TouchID, at t: Double) {
        guard let rec = inFlight.records[serial], let view = rec.viewHandle, !rec.excludedFromView,
            !rec.viewDone
        else { return }
        // Only a scroll view whose pan took the touch delays it.
        guard
            rec.recognizers.contains(where: {
                inFlight.recognizers.contains($0) && inFlight.recognizers.scrollView[$0] != nil
            })
        else { return askTouchesShouldBegin(serial, at: t) }
        var cursor: ViewHandle? = view
        while let a = cursor {
            cursor = world.superview(of: a)
            guard
                let pan = rec.recognizers.first(where: {
                    inFlight.recognizers.contains($0) && inFlight.recognizers.scrollView[$0] == a
                }),
                let s = scrollSettings(of: a), s.delaysContentTouches
            else { continue }
            let due = t + settings.contentTouchDelay
            let id = world.id(of: a)
            inFlight.scrolling.delays[serial] = _ContentDelay(
                due: due, scrollView: a, scrollViewID: id, pan: pan)
            emit(
                .scrollView(
                    time: t, touch: rec.touch.id, scrollView: id, decision: .contentTouchDelayed),
                a)
            var out = _KindOutput()
            out.timer = (due, _contentDelayTimerTag)
            schedule(out, for: pan)
            return
        }
        askTouchesShouldBegin(serial, at: t)
    }

    /// Whether a content delay holds this message back from the touch's view.
    func contentDelayHolds(_ serial: TouchID, _ message: TouchMessage) -> Bool {
        guard inFlight.scrolling.delays[serial] != nil else { return false }
        return message == .touchesBegan || message == .touchesMoved
    }

    /// Ends the content delays that are over at `t`, in the order the touches began: the
    /// touch was taken by scrolling (the content never hears of it), or it ended, or the
    /// delay passed. In the last two cases the content is asked `touchesShouldBegin` and
    /// then sent what was held.
    func endContentDelays(at t: Double) {
        guard !inFlight.scrolling.delays.isEmpty else { return }
        var delayed = _FrameScratch.take(&inFlight.scratch.delayed)
        defer { swap(&delayed, &inFlight.scratch.delayed) }
        for k in inFlight.scrolling.delays.indices {
            delayed.append(inFlight.scrolling.delays.key(at: k))
        }
        delayed.insertionSort(by: <)
        for k in delayed.indices {
            let serial = delayed[k]
            let d = inFlight.scrolling.delays[serial]!
            guard let rec = inFlight.records[serial] else {
                inFlight.scrolling.delays[serial] = nil
                continue
            }
            let decision: ScrollViewDecision
            if rec.viewDone && !rec.viewSentBegan {
                decision = .scrollBeganDuringDelay
            } else if !rec.isDown {
                decision = .touchEndedDuringDelay
            } else if t >= d.due {
                decision = .delayElapsed
            } else {
                continue
            }
            inFlight.scrolling.delays[serial] = nil
            let taken = decision == .scrollBeganDuringDelay
            var panTook = false
            if inFlight.recognizers.contains(d.pan),
                inFlight.recognizers.scrollView[d.pan] == d.scrollView
            {
                let state = inFlight.recognizers.states[d.pan]
                panTook = state == .began || state == .changed || state == .ended
            }
            if !taken || panTook {
                emit(
                    .scrollView(
                        time: t, touch: rec.touch.id, scrollView: d.scrollViewID,
                        decision: decision), d.scrollView)
            }
            if !taken { askTouchesShouldBegin(serial, at: t) }
        }
    }

    /// `touchesShouldBegin(_:with:in:)` (`rule-scroll-view-touches-should-begin`), asked of
    /// the innermost scroll view that holds the touch's view as content: false sends the
    /// view nothing for the touch.
    private func askTouchesShouldBegin(_ serial: TouchID, at t: Double) {
        guard let rec = inFlight.records[serial], let view = rec.touch.view,
            let handle = rec.viewHandle,
            !rec.viewDone, world.isLive(handle)
        else { return }
        var cursor = world.superview(of: handle)
        var found: (ViewHandle, _ScrollViewState)?
        while let a = cursor, found == nil {
            if let s = scrollState(of: a) { found = (a, s) }
            cursor = world.superview(of: a)
        }
        guard let (scrollHandle, s) = found else { return }
        let scroll = s.id
        var answer = s.settings.touchesShouldBegin
        for h in inFlight.handlers.conformances {
            let a =
                h.keyed.map {
                    $0.scrollView(scrollHandle, touchesShouldBegin: rec.touch, in: handle)
                }
                ?? h.scrollView?.scrollView(
                    scroll, touchesShouldBegin: rec.touch, in: view)
            if let a { answer = a }
        }
        guard !answer, let k = inFlight.records.index(of: serial) else { return }
        inFlight.records.values[k].viewDone = true
        inFlight.records.values[k].held.removeAll(keepingCapacity: true)
        emit(
            .scrollView(
                time: t, touch: rec.touch.id, scrollView: scroll,
                decision: .touchesShouldBeginFalse), scrollHandle)
    }

    /// At the attempt of a scroll view's pan (`rule-scroll-view-direction`,
    /// `rule-scroll-view-cancels-content-touches`): true makes the pan fail because the drag
    /// runs along an axis the view cannot scroll, or because content tracking the touch
    /// may not be cancelled. When it may, the decision is logged and the pan's
    /// `cancelsTouchesInView` then cancels the content's touch.
    func scrollViewRefusesDrag(_ r: RecognizerID, at t: Double) -> Bool {
        guard let scrollView = inFlight.recognizers.scrollView[r],
            let s = scrollState(of: scrollView)
        else {
            return false
        }
        let id = s.id
        let firstTouch =
            inFlight.recognizers.touches[r].first.flatMap { inFlight.records[$0]?.touch.id } ?? 0
        let tr = dragTranslation(of: r, scrollView: scrollView)
        let can = s.canScroll
        let ax = abs(tr.x)
        let ay = abs(tr.y)
        if (!can.x && !can.y) || (!can.x && ax > ay) || (!can.y && ay > ax) {
            emit(
                .scrollView(
                    time: t, touch: firstTouch, scrollView: id, decision: .cannotScrollInDirection),
                scrollView)
            return true
        }
        var cancelled: [Int] = []
        for serial in inFlight.recognizers.touches[r] {
            guard let rec = inFlight.records[serial], let view = rec.touch.view,
                let handle = rec.viewHandle, handle != scrollView,
                rec.viewSentBegan, !rec.viewDone, !rec.excludedFromView, world.isLive(handle),
                isStrictAncestor(scrollView, of: handle)
            else { continue }
            var refusal: ScrollViewDecision?
            if !s.settings.canCancelContentTouches {
                refusal = .cannotCancelContentTouches
            } else if !touchesShouldCancel(s, scrollView, in: view, handle) {
                refusal = .touchesShouldCancelFalse
            }
            if let refusal {
                emit(
                    .scrollView(time: t, touch: rec.touch.id, scrollView: id, decision: refusal),
                    scrollView)
                return true
            }
            cancelled.append(rec.touch.id)
        }
        for touch in cancelled {
            emit(
                .scrollView(
                    time: t, touch: touch, scrollView: id, decision: .touchesShouldCancelTrue),
                scrollView)
        }
        return false
    }

    /// `touchesShouldCancel(in:)`: the handlers' answer, else the scene's, else UIKit's
    /// default: false for a `UIControl` (a control of any kind, enabled or not), true
    /// otherwise.
    private func touchesShouldCancel(
        _ scroll: _ScrollViewState, _ scrollHandle: ViewHandle, in view: String,
        _ handle: ViewHandle
    ) -> Bool {
        var answer = scroll.settings.touchesShouldCancel ?? (control(of: handle) == nil)
        for h in inFlight.handlers.conformances {
            let a =
                h.keyed.map {
                    $0.scrollView(scrollHandle, touchesShouldCancelIn: handle)
                }
                ?? h.scrollView?.scrollView(scroll.id, touchesShouldCancelIn: view)
            if let a { answer = a }
        }
        return answer
    }

    /// How far the pan's touches have moved since they began, as the centroid moves, in
    /// the scroll view's superview's coordinates (which scrolling does not move); in
    /// screen points for a window.
    /// Reads the touch records in place: a drag frame allocates nothing.
    private func dragTranslation(of r: RecognizerID, scrollView: ViewHandle) -> Point {
        let sup = world.superview(of: scrollView)
        func local(_ p: Point) -> Point { sup.map { world.location(p, in: $0) } ?? p }
        var dx = 0.0
        var dy = 0.0
        var n = 0.0
        for serial in inFlight.recognizers.down[r] {
            guard let k = inFlight.records.index(of: serial) else { continue }
            let now = local(inFlight.records.values[k].touch.location)
            let start = local(inFlight.records.values[k].startLocation)
            dx += now.x - start.x
            dy += now.y - start.y
            n += 1
        }
        return n == 0 ? .zero : Point(x: dx / n, y: dy / n)
    }

    /// After a scroll view's pan fired its action (`rule-scroll-view-content-offset`): on
    /// `began` and `changed` the content offset is the offset at the drag's start minus
    /// the drag's translation, along the axes the view can scroll (one axis with
    /// `directionalLockEnabled`), held in `[0, contentSize - bounds.size]` unless it
    /// bounces, when past an edge it follows the rubber band (`rule-scroll-view-bounce`);
    /// on `ended` the content decelerates with the pan's velocity
    /// (`rule-scroll-view-deceleration`), and on `cancelled` it stays; in both, an axis
    /// past an edge springs back to it, and a paging view goes to a page
    /// (`rule-scroll-view-paging`). The drag's delegate calls are logged on the way
    /// (`rule-scroll-view-delegate-calls`).
    func applyScroll(_ ri: RecognizerID, at t: Double) {
        guard let id = inFlight.recognizers.scrollView[ri], var s = scrollState(of: id) else {
            return
        }
        let state = inFlight.recognizers.states[ri]
        switch state {
        case .began, .changed:
            let tr = dragTranslation(of: ri, scrollView: id)
            let range = s.range
            if state == .began {
                stopMotion(of: id, at: t)
                inFlight.scrolling.parked.removeAll { $0.view == id }
                s.drag.start = Point(
                    x: _RubberBand.target(s.offset.x, range: range.x, size: s.size.width),
                    y: _RubberBand.target(s.offset.y, range: range.y, size: s.size.height))
                s.drag.lockedAxis =
                    s.settings.directionalLockEnabled ? (abs(tr.x) > abs(tr.y) ? .x : .y) : nil
                emit(
                    .scrollEvent(time: t, scrollView: s.id, event: .scrollViewWillBeginDragging),
                    id)
            }
            let can = s.canScroll
            var target = s.offset
            if can.x && s.drag.lockedAxis != .y {
                target.x = _RubberBand.offset(
                    s.drag.start.x - tr.x, range: range.x, size: s.size.width)
            }
            if can.y && s.drag.lockedAxis != .x {
                target.y = _RubberBand.offset(
                    s.drag.start.y - tr.y, range: range.y, size: s.size.height)
            }
            if !s.settings.bounces {
                let c = s.clamped(target)
                if can.x { target.x = c.x }
                if can.y { target.y = c.y }
            }
            inFlight.scrolling.drags[id] = s.drag
            setContentOffset(target, of: id, at: t)
        case .ended:
            let v = inFlight.recognizers.logic[ri].report.velocity ?? .zero
            beginDeceleration(id, velocity: v, at: t, endsDrag: true)
        case .cancelled:
            beginDeceleration(id, velocity: .zero, at: t, endsDrag: true)
        default:
            break
        }
    }

    /// Moves the scroll view's bounds origin in the world and logs the change. An offset
    /// that is not finite (arithmetic on a view or a drag at the ends of the double range)
    /// leaves the offset where it is: content is never placed at NaN.
    func setContentOffset(_ p: Point, of view: ViewHandle, at t: Double) {
        guard p.x.isFinite && p.y.isFinite else { return }
        let b = world.bounds(of: view)
        guard b.origin != p else { return }
        world.setBoundsOrigin(p, of: view)
        emit(.scrollOffset(time: t, scrollView: world.id(of: view), contentOffset: p), view)
    }

    /// The content offset of a scroll view now (its bounds origin); nil for a view that is
    /// not a scroll view.
    public func contentOffset(of scrollView: String) -> Point? {
        world.view(withID: scrollView).flatMap { scrollState(of: $0)?.offset }
    }
}
