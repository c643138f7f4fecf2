import HitTestScene

/// Step (b) of spec section 1: wishes are resolved in delivery order by the rules of
/// section 4, every state change is logged, then the actions fire in the same order, then
/// the views whose touches a recognizer took are sent `touchesCancelled`.
extension Dispatcher {
    /// What one resolution produced, in order.
    struct _Outcome {
        var actions: [Int] = []
        /// Recognizers that recognized or began.
        var takers: [Int] = []
    }

    func resolve(_ wishes: [(recognizer: Int, wish: _Wish)], at t: Double) {
        var outcome = _Outcome()
        for (ri, wish) in wishes { apply(wish, to: ri, at: t, &outcome) }
        for ri in outcome.actions {
            let r = recognizers[ri]
            log.append(.action(time: t, name: r.gesture.id))
            notifyGestureAction(info(of: r))
            applyScroll(ri, at: t)
        }
        for ri in outcome.takers {
            if recognizers[ri].gesture.cancelsTouchesInView {
                takeTouchesFromView(of: ri, at: t)
            } else if recognizers[ri].gesture.delaysTouchesBegan {
                dropDelayedTouches(of: ri)
            }
        }
    }

    private func apply(_ wish: _Wish, to ri: Int, at t: Double, _ o: inout _Outcome) {
        let r = recognizers[ri]
        let inProgress = r.state == .began || r.state == .changed
        switch wish {
        case .fail:
            fail(ri, at: t, &o)
        case .cancel where inProgress:
            setState(ri, .cancelled, at: t, &o)
        case .change where inProgress:
            setState(ri, .changed, at: t, &o)
        case .end where inProgress:
            setState(ri, .ended, at: t, &o)
        case .recognize, .begin:
            if r.state == .possible { attempt(ri, wish, at: t, &o) }
        default:
            break
        }
    }

    private func setState(_ ri: Int, _ s: GestureState, at t: Double, _ o: inout _Outcome) {
        let r = recognizers[ri]
        r.state = s
        log.append(.state(time: t, gesture: r.gesture.id, state: s))
        if s != .failed { o.actions.append(ri) }
    }

    /// `possible -> failed`, then the attempts waiting on this failure go on.
    private func fail(_ ri: Int, at t: Double, _ o: inout _Outcome) {
        let r = recognizers[ri]
        guard r.state == .possible else { return }
        r.waiting = nil
        setState(ri, .failed, at: t, &o)
        for (wi, w) in recognizers.enumerated() where w.waiting != nil && w.waitsOn.contains(ri) {
            attempt(wi, w.waiting!, at: t, &o)
        }
    }

    /// An attempt (spec section 4): `requireToFail`, then `shouldBegin` and the control
    /// rule, then exclusion.
    private func attempt(_ ri: Int, _ wish: _Wish, at t: Double, _ o: inout _Outcome) {
        let r = recognizers[ri]
        guard r.state == .possible else { return }
        // 1. requireToFail: a listed recognizer that recognized makes this fail; one
        // still possible with touches makes it wait. One that took no touch since it
        // last reset cannot recognize in this event and counts as failed.
        var mustWait = false
        // Asked once per attempt; a waiting attempt that resumes keeps its answers.
        if r.waiting == nil { r.waitsOn = failureRequirements(of: ri) }
        for oi in r.waitsOn {
            let other = recognizers[oi]
            switch other.state {
            case .recognized, .began, .changed, .ended:
                fail(ri, at: t, &o)
                return
            case .possible where !other.touches.isEmpty:
                mustWait = true
            default:
                break
            }
        }
        if mustWait {
            r.waiting = wish
            return
        }
        r.waiting = nil
        // 2. shouldBegin and the control rule.
        if !shouldBegin(r) || controlRuleBlocks(r) || scrollViewRefusesDrag(r, at: t) {
            fail(ri, at: t, &o)
            return
        }
        // 3. Exclusion.
        for other in recognizers where other !== r && other.shares(touchesWith: r) {
            if (other.state == .began || other.state == .changed)
                && !allowsSimultaneous(r, other)
            {
                fail(ri, at: t, &o)
                return
            }
        }
        setState(ri, wish == .recognize ? .recognized : .began, at: t, &o)
        o.takers.append(ri)
        for (oi, other) in recognizers.enumerated() where oi != ri && other.state == .possible {
            let excluded = other.shares(touchesWith: r) && !allowsSimultaneous(r, other)
            let dependent = other.waiting != nil && other.waitsOn.contains(ri)
            if excluded || dependent { fail(oi, at: t, &o) }
        }
    }

    /// The control rule (spec section 6): a single-touch single-tap `tap` on a strict
    /// ancestor of an enabled button-like control fails when the touch's view is that
    /// control; a `pan` on a strict ancestor of an enabled `UISlider` likewise. A control
    /// class decides: `UISlider` is a slider, every other control is button-like.
    func controlRuleBlocks(_ r: _Recognizer) -> Bool {
        for s in r.touches {
            guard let view = records[s]?.touch.view, view != r.view,
                let control = model.control(of: view), control.enabled,
                model.isStrictAncestor(r.view, of: view)
            else { continue }
            let isSlider = model.views[view]?.className == "UISlider"
            switch r.gesture.kind {
            case .tap(1, 1) where !isSlider: return true
            case .pan where knobRuleBlocks(r, touchView: view, serial: s): return true
            default: continue
            }
        }
        return false
    }

    func info(of r: _Recognizer) -> GestureInfo {
        var i = r.info
        i.touches = r.touches.compactMap { records[$0]?.touch.id }
        return i
    }
}
