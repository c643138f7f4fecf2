import HitTestScene

/// Step (b) of a frame (`rule-touch-frame-steps`): the arena resolves the wishes in
/// delivery order (`_GestureArena`), every state change is logged as it happens, then the
/// actions fire in the same order, then the views whose touches a recognizer took are
/// sent `touchesCancelled`.
extension Dispatcher {
    func resolve(_ wishes: [(recognizer: RecognizerID, wish: _Wish)], at t: Double) {
        let outcome = inFlight.arena.resolve(wishes, at: t, host: self)
        defer { inFlight.arena.recycle(outcome) }
        for id in outcome.actions {
            let r = inFlight.recognizers[id]
            emit(.action(time: t, name: r.gesture.id), r.view)
            if inFlight.handlers.hearsGestureActions { notifyGestureAction(info(of: r)) }
            applyScroll(id, at: t)
            applySwitchTap(id, at: t)
        }
        for id in outcome.takers {
            if inFlight.recognizers[id].gesture.cancelsTouchesInView {
                takeTouchesFromView(of: id, at: t)
            } else if inFlight.recognizers[id].gesture.delaysTouchesBegan {
                dropDelayedTouches(of: id)
            }
        }
    }

    /// The control rule (`rule-control-beats-ancestor-recognizer`): a single-touch
    /// single-tap `tap` on a strict ancestor of an enabled button-like control fails when
    /// the touch's view is that control; a `pan` on a strict ancestor of an enabled
    /// `UISlider` likewise. The control's kind decides: a slider, or button-like.
    func controlRuleBlocks(_ r: _Recognizer) -> Bool {
        for s in r.touches {
            guard let rec = inFlight.records[s], let view = rec.viewHandle, view != r.view,
                world.isLive(view), world.isLive(r.view),
                let (control, kind) = self.control(of: view), control.enabled,
                isStrictAncestor(r.view, of: view)
            else { continue }
            let isSlider = kind == .slider
            switch r.gesture.kind {
            case .tap(1, 1) where !isSlider: return true
            case .pan where knobRuleBlocks(r, touchView: view, serial: s): return true
            default: continue
            }
        }
        return false
    }

    /// A recognizer as hosts see it: its state in the arena, its touches by the host's ids.
    func info(of r: _Recognizer) -> GestureInfo {
        GestureInfo(
            id: r.gesture.id, view: r.viewID, kind: r.gesture.kind.name,
            state: inFlight.arena.state(of: r.id),
            touches: r.touches.compactMap { inFlight.records[$0]?.touch.id },
            report: r.logic.report)
    }
}

/// The dispatcher answers the arena's questions from the recognizers' touches, the
/// delegates and the scene, and logs the arena's state changes.
extension Dispatcher: _GestureArenaHost {
    var members: [RecognizerID] { inFlight.recognizers.ranked }

    func failureRequirements(of id: RecognizerID) -> [RecognizerID] {
        failureRequirements(of: inFlight.recognizers[id])
    }

    func holdsTouches(_ id: RecognizerID) -> Bool {
        inFlight.recognizers.contains(id) && !inFlight.recognizers[id].touches.isEmpty
    }

    func mayBegin(_ id: RecognizerID, at t: Double) -> Bool {
        let r = inFlight.recognizers[id]
        return shouldBegin(r) && !controlRuleBlocks(r) && !scrollViewRefusesDrag(r, at: t)
    }

    func sharesTouches(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
        inFlight.recognizers[a].shares(touchesWith: inFlight.recognizers[b])
    }

    func allowsSimultaneous(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
        allowsSimultaneous(inFlight.recognizers[a], inFlight.recognizers[b])
    }

    func arena(
        _ arena: _GestureArena, moved id: RecognizerID, to state: GestureState, at t: Double
    ) {
        emit(
            .state(time: t, gesture: inFlight.recognizers[id].gesture.id, state: state),
            inFlight.recognizers[id].view)
    }
}
