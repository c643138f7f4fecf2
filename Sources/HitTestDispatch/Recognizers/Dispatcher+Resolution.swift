@_spi(Tables) import HitTestStore
import HitTestScene

/// Step (b) of a frame (`rule-touch-frame-steps`): the arena resolves the wishes in
/// delivery order (`GestureArena.swift`), every state change is logged as it happens, then the
/// actions fire in the same order, then the views whose touches a recognizer took are
/// sent `touchesCancelled`.
extension Dispatcher {
    func resolve(_ wishes: borrowing _Wishes, at t: Double) {
        let outcome = inFlight.resolve(wishes, at: t, host: self)
        for k in outcome.actions.indices {
            let id = outcome.actions[k]
            let name = inFlight.recognizers.gesture[id].id
            emit(.action(time: t, name: name, report: report(of: id)), inFlight.recognizers.view[id])
            if inFlight.handlers.hearsGestureActions { notifyGestureAction(info(of: id)) }
            applyScroll(id, at: t)
            applyZoom(id, at: t)
            applySwitchTap(id, at: t)
        }
        for k in outcome.takers.indices {
            let id = outcome.takers[k]
            if inFlight.recognizers.gesture[id].cancelsTouchesInView {
                takeTouchesFromView(of: id, at: t)
            } else if inFlight.recognizers.gesture[id].delaysTouchesBegan {
                dropDelayedTouches(of: id)
            }
        }
        inFlight.recycle(outcome)
    }

    /// The control rule (`rule-control-beats-ancestor-recognizer`): a single-touch
    /// single-tap `tap` on a strict ancestor of an enabled button-like control fails when
    /// the touch's view is that control; a `pan` on a strict ancestor of an enabled
    /// `UISlider` likewise. The control's kind decides: a slider, or button-like.
    func controlRuleBlocks(_ id: RecognizerID) -> Bool {
        let own = inFlight.recognizers.view[id]
        for s in inFlight.recognizers.touches[id] {
            guard let k = inFlight.records.index(of: s),
                let view = inFlight.records.values[k].viewHandle, view != own,
                world.isLive(view), world.isLive(own),
                let (control, kind) = self.control(of: view), control.enabled,
                isStrictAncestor(own, of: view)
            else { continue }
            let isSlider = kind == .slider
            switch inFlight.recognizers.gesture[id].kind {
            case .tap(1, 1) where !isSlider: return true
            case .pan where knobRuleBlocks(id, touchView: view, serial: s): return true
            default: continue
            }
        }
        return false
    }

    /// A recognizer as hosts see it: its state in the arena, its touches by the host's ids.
    func info(of id: RecognizerID) -> GestureInfo {
        let g = inFlight.recognizers.gesture[id]
        return GestureInfo(
            id: g.id, view: inFlight.recognizers.viewID[id], kind: g.kind.name,
            state: inFlight.recognizers.states[id],
            touches: inFlight.recognizers.touches[id].compactMap {
                inFlight.records[$0]?.touch.id
            },
            report: report(of: id))
    }
}

/// The dispatcher answers the arena's questions from the recognizers' touches, the
/// delegates and the scene, and logs the arena's state changes.
extension Dispatcher: _GestureArenaHost {
    var members: [RecognizerID] { inFlight.recognizers.ranked }

    func holdsTouches(_ id: RecognizerID) -> Bool {
        inFlight.recognizers.contains(id) && !inFlight.recognizers.touches[id].isEmpty
    }

    func mayBegin(_ id: RecognizerID, at t: Double) -> Bool {
        shouldBegin(id) && !controlRuleBlocks(id) && !scrollViewRefusesDrag(id, at: t)
    }

    func sharesTouches(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
        inFlight.recognizers.shareTouches(a, b)
    }

    func arena(moved id: RecognizerID, to state: GestureState, at t: Double) {
        emit(
            .state(time: t, gesture: inFlight.recognizers.gesture[id].id, state: state),
            inFlight.recognizers.view[id])
    }
}
