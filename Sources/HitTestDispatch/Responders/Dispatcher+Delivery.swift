import HitTestGeometry
@_spi(Tables) import HitTestStore

/// Step (c) of a frame (`rule-touch-frame-steps`, `rule-responder-handling`): touch messages to
/// views and up their responder chains, held back while a recognizer delays them.
extension Dispatcher {
    /// Queues the frame's message for the touch's view, unless the view is sent nothing
    /// for this touch. `releaseHeld` then delivers what nothing holds.
    func queueForView(_ serial: TouchID) {
        guard let k = inFlight.records.index(of: serial),
            inFlight.records.values[k].viewHandle != nil,
            !inFlight.records.values[k].excludedFromView, !inFlight.records.values[k].viewDone,
            let message = inFlight.records.values[k].touch.phase.message
        else { return }
        let location = inFlight.records.values[k].touch.location
        let previous = inFlight.records.values[k].touch.previousLocation
        inFlight.records.values[k].held.append((message, location, previous))
    }

    /// Delivers held messages, touch by touch in the order they began, each from the
    /// front while no recognizer holds it (`rule-recognizer-delays-touches-began`,
    /// `rule-recognizer-delays-touches-ended`).
    func releaseHeld(at t: Double) {
        endContentDelays(at: t)
        if inFlight.handlers.seeTouchEvents { inFlight.calls = pendingCalls() }
        defer { if !inFlight.calls.isEmpty { inFlight.calls = [:] } }
        // By place: delivery changes records but neither adds nor forgets one.
        for k in inFlight.records.values.indices {
            let serial = inFlight.records.values[k].serial
            while let first = inFlight.records.values[k].held.first,
                !isHeld(serial, first.message)
            {
                inFlight.records.values[k].held.removeFirst()
                deliverToView(serial, first.message, first.location, first.previous, at: t)
            }
        }
    }

    /// Whether a recognizer that still counts the touch and is still `possible` holds
    /// this message back.
    func isHeld(_ serial: TouchID, _ message: TouchMessage) -> Bool {
        guard let k = inFlight.records.index(of: serial) else { return false }
        if contentDelayHolds(serial, message) { return true }
        for id in inFlight.records.values[k].recognizers where inFlight.recognizers.contains(id) {
            guard inFlight.recognizers.states[id] == .possible,
                inFlight.recognizers.touches[id].contains(serial)
            else {
                continue
            }
            switch message {
            case .touchesBegan, .touchesMoved:
                if inFlight.recognizers.gesture[id].delaysTouchesBegan { return true }
            case .touchesEnded:
                if inFlight.recognizers.gesture[id].delaysTouchesEnded { return true }
            case .touchesCancelled: break
            }
        }
        return false
    }

    /// `cancelsTouchesInView` (`rule-recognizer-cancels-touches`): the recognizer's touches that
    /// the view has been sent are cancelled once, held messages are dropped, and the view is sent
    /// nothing more for them. A touch whose `touchesBegan` was held is dropped silently.
    func takeTouchesFromView(of id: RecognizerID, at t: Double) {
        if inFlight.handlers.seeTouchEvents { inFlight.calls = cancellationCalls(of: id) }
        defer { if !inFlight.calls.isEmpty { inFlight.calls = [:] } }
        for serial in inFlight.recognizers.touches[id] {
            guard let k = inFlight.records.index(of: serial),
                inFlight.records.values[k].viewHandle != nil,
                !inFlight.records.values[k].excludedFromView, !inFlight.records.values[k].viewDone
            else { continue }
            inFlight.records.values[k].held.removeAll(keepingCapacity: true)
            inFlight.records.values[k].viewDone = true
            if inFlight.records.values[k].viewSentBegan {
                let touch = inFlight.records.values[k].touch
                deliverToView(
                    serial, .touchesCancelled, touch.location, touch.previousLocation, at: t)
            }
        }
    }

    /// `delaysTouchesBegan` on a recognizer that recognizes or begins without cancelling
    /// (`rule-recognizer-delays-touches-began`): the held `began` and `moved` are dropped, and a
    /// touch whose `touchesBegan` the view has not been sent stays unknown to it (no message at
    /// all, `touchesEnded` included). A touch the view already knows is left as it is.
    func dropDelayedTouches(of id: RecognizerID) {
        for serial in inFlight.recognizers.touches[id] {
            guard let k = inFlight.records.index(of: serial),
                inFlight.records.values[k].viewHandle != nil,
                !inFlight.records.values[k].excludedFromView, !inFlight.records.values[k].viewDone,
                !inFlight.records.values[k].viewSentBegan
            else { continue }
            inFlight.records.values[k].held.removeAll(keepingCapacity: true)
            inFlight.records.values[k].viewDone = true
        }
    }

    /// One message to the touch's view: an enabled control tracks it; any other view
    /// passes it up the responder chain per each responder's handling
    /// (`rule-responder-handling`). A control disabled while it tracks the touch stops
    /// tracking it (`rule-live-world`): its highlight goes off, and the touch's later
    /// messages go to the control alone, with no control events.
    func deliverToView(
        _ serial: TouchID, _ message: TouchMessage, _ location: Point, _ previous: Point,
        at t: Double
    ) {
        guard let k = inFlight.records.index(of: serial),
            let handle = inFlight.records.values[k].viewHandle,
            let first = inFlight.records.values[k].chain.first
        else { return }
        switch message {
        case .touchesBegan: inFlight.records.values[k].viewSentBegan = true
        case .touchesEnded, .touchesCancelled: inFlight.records.values[k].viewDone = true
        case .touchesMoved: break
        }
        let touchID = inFlight.records.values[k].touch.id
        // Asked once per message, not per link.
        let ask = inFlight.handlers.hearTouchMessages
        let control = world.isLive(handle) ? self.control(of: handle)?.control : nil
        // The touch as this message carries it, and its event: made only for a control
        // that tracks it or for handlers that hear it.
        func touchNow() -> Touch {
            var touch = inFlight.records.values[k].touch
            touch.location = location
            touch.previousLocation = previous
            touch.phase = TouchPhase(message)
            return touch
        }
        if let control, control.enabled {
            if message == .touchesBegan { inFlight.records.values[k].toControl = true }
            let touch = touchNow()
            emit(
                .delivery(time: t, touch: touchID, to: .responder(first.name), message: message),
                handle)
            if ask {
                let event = touchEvent(for: serial, view: handle, message: message, touch: touch)
                _ = askResponder(first, message, touch, touchView: handle, event: event)
            }
            track(serial, control, message, touch, at: t)
            return
        }
        if inFlight.records.values[k].toControl {
            // Disabled (or no longer a control) since: no control events, no chain. Removed
            // from the world: cancelled tracking, after the message (`rule-live-world`).
            let tracking = inFlight.controls.tracking.removeValue(forKey: serial)
            let live = world.isLive(handle)
            if tracking != nil, live { setHighlighted(handle, false, at: t) }
            emit(
                .delivery(time: t, touch: touchID, to: .responder(first.name), message: message),
                handle)
            if let tracking, !live {
                cancelTrackingOfRemovedControl(
                    serial, handle, named: first.name, tracking, touchNow(), at: t)
            }
            if ask {
                let touch = touchNow()
                let event = touchEvent(for: serial, view: handle, message: message, touch: touch)
                _ = askResponder(first, message, touch, touchView: handle, event: event)
            }
            return
        }
        // Links by index: a `for in` would copy each (its name) only to read it.
        let chain = inFlight.records.values[k].chain
        if ask {
            let touch = touchNow()
            let event = touchEvent(for: serial, view: handle, message: message, touch: touch)
            for i in chain.indices {
                emit(
                    .delivery(
                        time: t, touch: touchID, to: .responder(chain[i].name), message: message),
                    chain[i].viewHandle ?? .null)
                let answer = askResponder(chain[i], message, touch, touchView: handle, event: event)
                if (answer ?? chain[i].handling) == .handle { return }
            }
        } else {
            for i in chain.indices {
                emit(
                    .delivery(
                        time: t, touch: touchID, to: .responder(chain[i].name), message: message),
                    chain[i].viewHandle ?? .null)
                if chain[i].handling == .handle { return }
            }
        }
    }
}

extension TouchPhase {
    /// The phase a message stands for.
    init(_ message: TouchMessage) {
        switch message {
        case .touchesBegan: self = .began
        case .touchesMoved: self = .moved
        case .touchesEnded: self = .ended
        case .touchesCancelled: self = .cancelled
        }
    }
}
