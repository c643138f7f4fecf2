import HitTestGeometry
import HitTestScene

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
    /// Registers every scroll view of the scene with its built-in pan recognizer and the
    /// content offset the scene gives (its bounds origin).
    func setUpScrollViews() {
        for (i, info) in model.views.all.enumerated() {
            guard let s = info.scrollView,
                let pan = recognizerByID[SceneScrollView.panID(of: info.id)]
            else { continue }
            scrolling.byView[ViewIndex(i)] = _ScrollViewState(
                id: info.id, settings: s, pan: pan, size: info.bounds.size,
                offset: info.bounds.origin)
            scrolling.byPan[pan] = ViewIndex(i)
        }
    }

    /// A touch just began and was bound (`rule-scroll-view-delays-content-touches`): the
    /// innermost scroll view around it whose pan took it and that delays content touches
    /// holds its `touchesBegan` back for `contentTouchDelay`; otherwise the content is
    /// asked `touchesShouldBegin` now.
    func beginContentTouch(_ serial: TouchID, at t: Double) {
        guard !scrolling.byView.isEmpty, let rec = records[serial], let view = rec.viewIndex,
            !rec.excludedFromView
        else { return }
        for a in model.ancestorsAndSelf(view) {
            guard let s = scrolling.byView[a], s.settings.delaysContentTouches,
                rec.recognizers.contains(s.pan)
            else { continue }
            let due = t + settings.contentTouchDelay
            scrolling.delays[serial] = _ContentDelay(due: due, scrollView: a)
            log.append(
                .scrollView(
                    time: t, touch: rec.touch.id, scrollView: s.id, decision: .contentTouchDelayed))
            var out = _KindOutput()
            out.timers = [(due, _contentDelayTimerTag)]
            schedule(out, for: s.pan)
            return
        }
        askTouchesShouldBegin(serial, at: t)
    }

    /// Whether a content delay holds this message back from the touch's view.
    func contentDelayHolds(_ serial: TouchID, _ message: TouchMessage) -> Bool {
        guard scrolling.delays[serial] != nil else { return false }
        return message == .touchesBegan || message == .touchesMoved
    }

    /// Ends the content delays that are over at `t`, in the order the touches began: the
    /// touch was taken by scrolling (the content never hears of it), or it ended, or the
    /// delay passed. In the last two cases the content is asked `touchesShouldBegin` and
    /// then sent what was held.
    func endContentDelays(at t: Double) {
        guard !scrolling.delays.isEmpty else { return }
        for serial in scrolling.delays.keys.sorted() {
            let d = scrolling.delays[serial]!
            guard let rec = records[serial] else {
                scrolling.delays[serial] = nil
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
            scrolling.delays[serial] = nil
            let taken = decision == .scrollBeganDuringDelay
            let panTook = scrolling.byView[d.scrollView].map { s in
                let state = arena.state(of: s.pan)
                return state == .began || state == .changed || state == .ended
            }
            if !taken || panTook == true {
                log.append(
                    .scrollView(
                        time: t, touch: rec.touch.id, scrollView: model.views[d.scrollView].id,
                        decision: decision))
            }
            if !taken { askTouchesShouldBegin(serial, at: t) }
        }
    }

    /// `touchesShouldBegin(_:with:in:)` (`rule-scroll-view-touches-should-begin`), asked of
    /// the innermost scroll view that holds the touch's view as content: false sends the
    /// view nothing for the touch.
    private func askTouchesShouldBegin(_ serial: TouchID, at t: Double) {
        guard var rec = records[serial], let view = rec.touch.view, let handle = rec.viewIndex,
            !rec.viewDone,
            let s = model.ancestorsAndSelf(handle).dropFirst().lazy.compactMap({
                self.scrolling.byView[$0]
            }).first
        else { return }
        let scroll = s.id
        var answer = s.settings.touchesShouldBegin
        for h in handlers.conformances {
            if let sh = h as? any ScrollViewHandler,
                let a = sh.scrollView(scroll, touchesShouldBegin: rec.touch, in: view)
            {
                answer = a
            }
        }
        guard !answer else { return }
        rec.viewDone = true
        rec.held.removeAll()
        records[serial] = rec
        log.append(
            .scrollView(
                time: t, touch: rec.touch.id, scrollView: scroll,
                decision: .touchesShouldBeginFalse))
    }

    /// At the attempt of a scroll view's pan (`rule-scroll-view-direction`,
    /// `rule-scroll-view-cancels-content-touches`): true makes the pan fail because the drag
    /// runs along an axis the view cannot scroll, or because content tracking the touch
    /// may not be cancelled. When it may, the decision is logged and the pan's
    /// `cancelsTouchesInView` then cancels the content's touch.
    func scrollViewRefusesDrag(_ r: _Recognizer, at t: Double) -> Bool {
        guard let scrollView = scrolling.byPan[r.id], let s = scrolling.byView[scrollView] else {
            return false
        }
        let id = s.id
        let firstTouch = r.touches.first.flatMap { records[$0]?.touch.id } ?? 0
        let tr = dragTranslation(of: r, scrollView: scrollView)
        let can = s.canScroll
        let ax = abs(tr.x)
        let ay = abs(tr.y)
        if (!can.x && !can.y) || (!can.x && ax > ay) || (!can.y && ay > ax) {
            log.append(
                .scrollView(
                    time: t, touch: firstTouch, scrollView: id, decision: .cannotScrollInDirection))
            return true
        }
        var cancelled: [Int] = []
        for serial in r.touches {
            guard let rec = records[serial], let view = rec.touch.view,
                let handle = rec.viewIndex, handle != scrollView,
                rec.viewSentBegan, !rec.viewDone, !rec.excludedFromView,
                model.isStrictAncestor(scrollView, of: handle)
            else { continue }
            var refusal: ScrollViewDecision?
            if !s.settings.canCancelContentTouches {
                refusal = .cannotCancelContentTouches
            } else if !touchesShouldCancel(s, in: view, handle) {
                refusal = .touchesShouldCancelFalse
            }
            if let refusal {
                log.append(
                    .scrollView(time: t, touch: rec.touch.id, scrollView: id, decision: refusal))
                return true
            }
            cancelled.append(rec.touch.id)
        }
        for touch in cancelled {
            log.append(
                .scrollView(
                    time: t, touch: touch, scrollView: id, decision: .touchesShouldCancelTrue))
        }
        return false
    }

    /// `touchesShouldCancel(in:)`: the handlers' answer, else the scene's, else UIKit's
    /// default: false for a `UIControl` (a control of any kind, enabled or not), true
    /// otherwise.
    private func touchesShouldCancel(
        _ scroll: _ScrollViewState, in view: String, _ handle: ViewIndex
    ) -> Bool {
        var answer = scroll.settings.touchesShouldCancel ?? (model.control(of: handle) == nil)
        for h in handlers.conformances {
            if let sh = h as? any ScrollViewHandler,
                let a = sh.scrollView(scroll.id, touchesShouldCancelIn: view)
            {
                answer = a
            }
        }
        return answer
    }

    /// How far the pan's touches have moved since they began, as the centroid moves, in
    /// the scroll view's superview's coordinates (which scrolling does not move); in
    /// screen points for a window.
    private func dragTranslation(of r: _Recognizer, scrollView: ViewIndex) -> Point {
        let down = r.down.compactMap { records[$0] }
        guard !down.isEmpty else { return .zero }
        let sup = model.views[scrollView].superview.map { model.views[$0].id }
        func local(_ p: Point) -> Point { sup.map { hitTesting.location(p, in: $0) } ?? p }
        var dx = 0.0
        var dy = 0.0
        for rec in down {
            let now = local(rec.touch.location)
            let start = local(rec.startLocation)
            dx += now.x - start.x
            dy += now.y - start.y
        }
        let n = Double(down.count)
        return Point(x: dx / n, y: dy / n)
    }

    /// After a scroll view's pan fired its action (`rule-scroll-view-content-offset`): on
    /// `began` and `changed` the content offset is the offset at the drag's start minus
    /// the drag's translation, along the axes the view can scroll (one axis with
    /// `directionalLockEnabled`), held in `[0, contentSize - bounds.size]` unless it
    /// bounces; on `ended` and `cancelled` a bouncing view returns into that range.
    func applyScroll(_ ri: RecognizerID, at t: Double) {
        guard let id = scrolling.byPan[ri], var s = scrolling.byView[id] else { return }
        let r = recognizers[ri]
        let state = arena.state(of: ri)
        switch state {
        case .began, .changed:
            let tr = dragTranslation(of: r, scrollView: id)
            if state == .began {
                s.dragStart = s.offset
                s.lockedAxis =
                    s.settings.directionalLockEnabled ? (abs(tr.x) > abs(tr.y) ? .x : .y) : nil
            }
            let can = s.canScroll
            var target = s.offset
            if can.x && s.lockedAxis != .y { target.x = s.dragStart.x - tr.x }
            if can.y && s.lockedAxis != .x { target.y = s.dragStart.y - tr.y }
            if !s.settings.bounces {
                let c = s.clamped(target)
                if can.x { target.x = c.x }
                if can.y { target.y = c.y }
            }
            scrolling.byView[id] = s
            setContentOffset(target, of: id, at: t)
        case .ended, .cancelled:
            scrolling.byView[id] = s
            if s.settings.bounces {
                let can = s.canScroll
                let c = s.clamped(s.offset)
                var target = s.offset
                if can.x { target.x = c.x }
                if can.y { target.y = c.y }
                setContentOffset(target, of: id, at: t)
            }
        default:
            break
        }
    }

    /// Moves the scroll view's bounds origin in the hit-testing engine and logs the change.
    private func setContentOffset(_ p: Point, of view: ViewIndex, at t: Double) {
        guard let s = scrolling.byView[view], s.offset != p else { return }
        scrolling.byView[view]!.offset = p
        (hitTesting as? any ScrollableHitTesting)?.setBoundsOrigin(p, of: s.id)
        log.append(.scrollOffset(time: t, scrollView: s.id, contentOffset: p))
    }

    /// The content offset of a scroll view now (its bounds origin); nil for a view that is
    /// not a scroll view.
    public func contentOffset(of scrollView: String) -> Point? {
        model.views.index(of: scrollView).flatMap { scrolling.byView[$0]?.offset }
    }
}
