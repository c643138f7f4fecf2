import HitTestGeometry
import HitTestScene
import HitTestStore

/// Touches: binding at `began` (`rule-touch-binding`), tap counts, the view exclusions, and
/// which recognizers take a touch (`rule-recognizer-delivery-order`).
extension Dispatcher {
    /// Hit-tests a beginning touch once, against the world as it is now, and binds it:
    /// its view, window and responder chain, and the recognizers on the view and its
    /// ancestors that take it, in delivery order. Returns its serial.
    func beginTouch(_ input: TouchInput, at t: Double) -> TouchID {
        let serial = TouchID(inFlight.nextSerial)
        inFlight.nextSerial += 1
        let hit = world.hitTest(input.location)
        let rec = inFlight.records.record(
            for: Touch(
                id: input.id, phase: .began, view: nil, window: nil,
                location: input.location, previousLocation: input.location,
                tapCount: tapCount(beganAt: t, location: input.location), beganAt: t,
                gestureRecognizers: []),
            startLocation: input.location, serial: serial)
        var scrollViewOnPath = false
        if let (handle, window) = hit {
            responderChain(of: handle, into: &rec.chain)
            // The chain names the view and, unless a `next` override leads away first,
            // the window: their ids are taken from it rather than made again.
            rec.touch.view = chainName(of: handle, in: rec.chain)
            rec.touch.window = chainName(of: window, in: rec.chain)
            rec.viewHandle = handle
            rec.windowHandle = window
            rec.excludedFromView = isExcludedFromView(handle, window: window)
            // The view and its ancestors, deepest first: delivery rank among them.
            var view: ViewHandle? = handle
            var depth = world.depth(of: handle)
            while let v = view {
                let isScrollView = forEachAttached(to: v) { g, slot in
                    guard g.enabled, !g.kind.isHover else { return }
                    let id = meet(g, slot: slot, on: v, depth: depth)
                    guard !inFlight.isWaiting(id),
                        inFlight.recognizers.states[id].isReceiving,
                        shouldReceive(id, rec.touch, touchView: handle)
                    else { return }
                    inFlight.recognizers.touches[id].append(serial)
                    inFlight.recognizers.down[id].append(serial)
                    rec.recognizers.append(id)
                    rec.touch.gestureRecognizers.append(inFlight.recognizers.gesture[id].id)
                }
                if isScrollView { scrollViewOnPath = true }
                view = world.superview(of: v)
                depth -= 1
            }
        }
        inFlight.records.append(rec)
        // With no scroll view on the touch's path no content delay nor
        // `touchesShouldBegin` applies: the walk above has looked at every view of it.
        if scrollViewOnPath { beginContentTouch(serial, at: t) }
        return serial
    }

    /// The id of a view: the name of its link in `chain` when it has one, else the
    /// world's.
    private func chainName(of view: ViewHandle, in chain: [_ChainLink]) -> String {
        for i in chain.indices where chain[i].viewHandle == view { return chain[i].name }
        return world.id(of: view)
    }

    /// `tapCount` (`rule-touch-tap-count`): one more than the previous touch's when that one
    /// ended at most `multiTapInterval` before, lasted at most `maximumTapDuration`, and
    /// ended within `tapSlop` of where this one begins; otherwise 1.
    private func tapCount(beganAt t: Double, location: Point) -> Int {
        guard let last = inFlight.lastEnded,
            t <= last.time + settings.multiTapInterval,
            last.duration <= settings.maximumTapDuration,
            _distance(last.location, location) <= settings.tapSlop
        else { return 1 }
        return last.tapCount + 1
    }

    /// `multipleTouchEnabled` and `exclusiveTouch` (`rule-touch-exclusive`): whether the view is
    /// never to be sent this touch, given the other touches down that their views are
    /// being sent.
    private func isExcludedFromView(_ view: ViewHandle, window: ViewHandle) -> Bool {
        // A lone touch (the common case) is never excluded: the view's settings are read
        // only once another touch is found down.
        var events: ViewEventSettings?
        for other in inFlight.records.values where other.isDown && !other.excludedFromView {
            guard let v = other.viewHandle else { continue }
            let e = events ?? (world.events(of: view) ?? .default)
            events = e
            if v == view {
                if !e.multipleTouchEnabled { return true }
            } else if other.windowHandle == window {
                if e.exclusiveTouch { return true }
                if world.isLive(v) && world.events(of: v)?.exclusiveTouch == true { return true }
            }
        }
        return false
    }

    /// Moves a touch that is down (validated), for every phase but `began`. Returns its
    /// serial.
    func updateTouch(_ input: TouchInput, at t: Double) -> TouchID {
        let serial = inFlight.records.first { $0.isDown && $0.touch.id == input.id }!.serial
        let rec = inFlight.records[serial]!
        rec.touch.previousLocation = rec.touch.location
        rec.touch.location = input.location
        rec.touch.phase = input.phase
        if input.phase == .ended || input.phase == .cancelled {
            rec.isDown = false
            for id in rec.recognizers where inFlight.recognizers.contains(id) {
                inFlight.recognizers.down[id].removeAll { $0 == serial }
            }
            if input.phase == .ended {
                inFlight.lastEnded = (t, input.location, t - rec.touch.beganAt, rec.touch.tapCount)
            }
        }
        return serial
    }

    /// Step (a) for one recognizer and one changed touch: logs the message and lets the
    /// kind react. Returns the kind's wish. A system cancellation cancels a recognizer
    /// that began and fails one still possible.
    func deliverToRecognizer(
        _ id: RecognizerID, serial: TouchID, at t: Double, frame: [TouchID] = []
    ) -> _Wish? {
        let rec = inFlight.records[serial]!
        let state = inFlight.recognizers.states[id]
        guard state.isReceiving, let message = rec.touch.phase.message else { return nil }
        emit(
            .delivery(
                time: t, touch: rec.touch.id,
                to: .gesture(
                    id: inFlight.recognizers.gesture[id].id, view: inFlight.recognizers.viewID[id]),
                message: message), inFlight.recognizers.view[id])
        var down = inFlight.scratch.take(\.down)
        defer { inFlight.scratch.give(down, \.down) }
        for s in touchesDown(of: id, asOf: serial, inFrame: frame) {
            down.append(
                (
                    id: s, location: inFlight.records[s]!.touch.location,
                    start: inFlight.records[s]!.startLocation
                ))
        }
        var change = _TouchChange(
            time: t, touch: serial, location: rec.touch.location, start: rec.startLocation,
            down: down, state: state, settings: settings)
        if case .screenEdgePan = inFlight.recognizers.gesture[id].kind {
            change.window = windowPlace(of: rec)
        }
        var out = _KindOutput()
        switch rec.touch.phase {
        case .began: inFlight.recognizers.logic[id].began(change, &out)
        case .moved: inFlight.recognizers.logic[id].moved(change, &out)
        case .ended: inFlight.recognizers.logic[id].ended(change, &out)
        case .cancelled: out.wish = state == .possible ? .fail : .cancel
        case .stationary: break
        }
        schedule(out, for: id)
        return out.wish
    }
}

extension Dispatcher {
    /// Touches bound to a view that has left the world (`rule-live-world`): the view is
    /// sent `touchesCancelled` for those it was sent `touchesBegan` for, along the chain
    /// bound when the touch began, and nothing more; a control stops tracking them
    /// silently. The touches stay down for their recognizers. Returns whether any was.
    func cancelTouchesOfRemovedViews(at t: Double) -> Bool {
        func removed(_ rec: _TouchRecord) -> Bool {
            guard let v = rec.viewHandle, !rec.viewDone, !rec.excludedFromView else { return false }
            return !world.isLive(v)
        }
        guard inFlight.records.values.contains(where: removed) else { return false }
        var any = false
        for rec in inFlight.records.values {
            guard let v = rec.viewHandle, !rec.viewDone, !rec.excludedFromView, !world.isLive(v)
            else { continue }
            let serial = rec.serial
            any = true
            rec.held.removeAll(keepingCapacity: true)
            inFlight.controls.tracking[serial] = nil
            inFlight.controls.highlighted.remove(v)
            if rec.viewSentBegan {
                deliverToView(
                    serial, .touchesCancelled, rec.touch.location, rec.touch.previousLocation,
                    at: t)
            }
            inFlight.records[serial]?.viewDone = true
        }
        return any
    }
}
