import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

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
        // Filled here and added at the end: the table does not hold it during the walk.
        var rec = inFlight.records.record(
            for: Touch(
                id: input.id, phase: .began, view: nil, window: nil,
                location: input.location, previousLocation: input.location,
                tapCount: tapCount(beganAt: t, location: input.location), beganAt: t,
                gestureRecognizers: []),
            startLocation: input.location, serial: serial)
        var scrollViewOnPath = false
        // A scroll view moving after a flick that holds the view as content: the touch
        // stops it and reaches nothing inside it (`rule-scroll-view-stopping-touch`).
        var stopped: ViewHandle?
        if let (handle, window) = hit {
            stopped = stopMotions(under: handle, touch: input.id, serial: serial, at: t)
            if stopped != nil { rec.viewDone = true }
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
                // Below the stopped scroll view no recognizer takes the touch.
                if stopped != nil {
                    if v != stopped {
                        view = world.superview(of: v)
                        depth -= 1
                        continue
                    }
                    stopped = nil
                }
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
        for k in inFlight.records.values.indices
        where inFlight.records.values[k].isDown && !inFlight.records.values[k].excludedFromView {
            guard let v = inFlight.records.values[k].viewHandle else { continue }
            let e = events ?? (world.events(of: view) ?? .default)
            events = e
            if v == view {
                if !e.multipleTouchEnabled { return true }
            } else if inFlight.records.values[k].windowHandle == window {
                if e.exclusiveTouch { return true }
                if world.isLive(v) && world.events(of: v)?.exclusiveTouch == true { return true }
            }
        }
        return false
    }

    /// Moves a touch that is down (validated), for every phase but `began`. Returns its
    /// serial.
    func updateTouch(_ input: TouchInput, at t: Double) -> TouchID {
        let k = inFlight.records.firstIndex { $0.isDown && $0.touch.id == input.id }!
        let serial = inFlight.records.values[k].serial
        inFlight.records.values[k].touch.previousLocation =
            inFlight.records.values[k].touch.location
        inFlight.records.values[k].touch.location = input.location
        inFlight.records.values[k].touch.phase = input.phase
        if input.phase == .ended || input.phase == .cancelled {
            inFlight.records.values[k].isDown = false
            for id in inFlight.records.values[k].recognizers where inFlight.recognizers.contains(id)
            {
                inFlight.recognizers.down[id].removeAll { $0 == serial }
            }
            if input.phase == .ended {
                let began = inFlight.records.values[k].touch.beganAt
                let taps = inFlight.records.values[k].touch.tapCount
                inFlight.lastEnded = (t, input.location, t - began, taps)
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
        let k = inFlight.records.index(of: serial)!
        let state = inFlight.recognizers.states[id]
        let phase = inFlight.records.values[k].touch.phase
        guard state.isReceiving, let message = phase.message else { return nil }
        emit(
            .delivery(
                time: t, touch: inFlight.records.values[k].touch.id,
                to: .gesture(
                    id: inFlight.recognizers.gesture[id].id, view: inFlight.recognizers.viewID[id]),
                message: message), inFlight.recognizers.view[id])
        var down = _FrameScratch.take(&inFlight.scratch.down)
        defer { swap(&down, &inFlight.scratch.down) }
        for s in touchesDown(of: id, asOf: serial, inFrame: frame) {
            let j = inFlight.records.index(of: s)!
            down.append(
                (
                    id: s, location: inFlight.records.values[j].touch.location,
                    start: inFlight.records.values[j].startLocation
                ))
        }
        var change = _TouchChange(
            time: t, touch: serial, location: inFlight.records.values[k].touch.location,
            start: inFlight.records.values[k].startLocation, down: down, state: state,
            settings: settings)
        if case .screenEdgePan = inFlight.recognizers.gesture[id].kind {
            change.window = windowPlace(of: k)
        }
        followLocation(of: id, serial: serial, down: down, frame: frame)
        var out = _KindOutput()
        switch phase {
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
    /// Sets a recognizer's location (`GestureReport.location`, UIKit's `location(in:)`,
    /// "usually the centroid of the touches involved in the gesture",
    /// <https://developer.apple.com/documentation/uikit/uigesturerecognizer/location(in:)>)
    /// after a change of `serial`: the centroid of its touches down now; when none is,
    /// of this touch and the recognizer's touches that lifted earlier in the same frame,
    /// where they lifted (a two-finger tap's location is between its fingers, a double
    /// tap's where the second tap lifted). No allocation.
    func followLocation(
        of id: RecognizerID, serial: TouchID,
        down: [(id: TouchID, location: Point, start: Point)], frame: [TouchID]
    ) {
        var x = 0.0
        var y = 0.0
        var n = 0.0
        if down.isEmpty {
            for s in inFlight.recognizers.touches[id] where s == serial || frame.contains(s) {
                guard let k = inFlight.records.index(of: s), !inFlight.records.values[k].isDown
                else { continue }
                x += inFlight.records.values[k].touch.location.x
                y += inFlight.records.values[k].touch.location.y
                n += 1
            }
        } else {
            for d in down {
                x += d.location.x
                y += d.location.y
            }
            n = Double(down.count)
        }
        if n > 0 { inFlight.recognizers.location[id] = Point(x: x / n, y: y / n) }
    }

    /// What a recognizer reports now (`rule-recognizer-reports`): its kind's report, with
    /// the location of its touches where the kind reports none of its own.
    func report(of id: RecognizerID) -> GestureReport {
        var r = inFlight.recognizers.logic[id].report
        if r.location == nil { r.location = inFlight.recognizers.location[id] }
        return r
    }

    /// Whether the view the record is bound to, still sent messages, has left the window
    /// the touch was bound to (`rule-live-world`): removed from the world, or moved (or an
    /// ancestor moved) under another window. O(depth).
    func viewLeftItsWindow(_ rec: _TouchRecord) -> Bool {
        guard let v = rec.viewHandle, !rec.viewDone, !rec.excludedFromView else { return false }
        guard world.isLive(v) else { return true }
        guard let w = rec.windowHandle else { return false }
        return world.window(of: v) != w
    }

    /// Touches bound to a view that has left its window (`rule-live-world`): the view is
    /// sent `touchesCancelled` for those it was sent `touchesBegan` for, along the chain
    /// bound when the touch began, and nothing more; a control tracking one cancels its
    /// tracking (`touchCancel`, highlight off). The touches stay down for their
    /// recognizers. Returns whether any was. O(touches x depth).
    func cancelTouchesOfViewsThatLeftTheirWindow(at t: Double) -> Bool {
        guard inFlight.records.values.contains(where: viewLeftItsWindow) else { return false }
        var any = false
        // By place: delivery changes records but neither adds nor forgets one.
        for k in inFlight.records.values.indices {
            guard viewLeftItsWindow(inFlight.records.values[k]),
                let v = inFlight.records.values[k].viewHandle
            else { continue }
            let serial = inFlight.records.values[k].serial
            any = true
            inFlight.records.values[k].held.removeAll(keepingCapacity: true)
            if inFlight.records.values[k].viewSentBegan {
                // The control, if it tracks the touch, cancels its tracking in delivery.
                let touch = inFlight.records.values[k].touch
                deliverToView(
                    serial, .touchesCancelled, touch.location, touch.previousLocation, at: t)
            }
            // Tracking and highlight only follow a `touchesBegan`: whatever is left has
            // nothing to end.
            inFlight.controls.tracking[serial] = nil
            inFlight.controls.highlighted[v] = nil
            inFlight.records.values[k].viewDone = true
        }
        return any
    }
}
