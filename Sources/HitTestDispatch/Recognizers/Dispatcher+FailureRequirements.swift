/// Failure requirements (`rule-recognizer-require-to-fail`,
/// `rule-recognizer-failure-requirements-at-run-time`): which recognizers an attempt
/// waits for to fail. Four sources, as in UIKit:
///
/// - the static `requireToFail` list (`require(toFail:)`);
/// - the recognizer's subclass answers, declared in the scene:
///   `shouldRequireFailureOf` (its `shouldRequireFailure(of:)` answers true for those) and
///   the other side's `shouldBeRequiredToFailBy` (the other's
///   `shouldBeRequiredToFail(by:)` answers true for this one);
/// - the delegate's answers, from the host's handlers:
///   `gestureRecognizer(_:shouldRequireFailureOf:)` and
///   `gestureRecognizer(_:shouldBeRequiredToFailBy:)`.
///
/// UIKit's documentation of the delegate methods
/// (<https://developer.apple.com/documentation/uikit/uigesturerecognizerdelegate/gesturerecognizer(_:shouldrequirefailureof:)>)
/// says they are "called once per attempt to recognize, so failure requirements can be
/// determined lazily". Ours asks when an attempt starts (a recognizer wants
/// `recognized` or `began`), about every other recognizer that holds touches, in delivery
/// order, and keeps the answers (`_GestureArena`'s `waitsOn`) until that attempt is decided:
/// the attempt resumes, fails or succeeds on those answers, and a new attempt asks again.
/// A recognizer without touches cannot recognize in this event and counts as failed, so
/// it is not asked about.
extension Dispatcher {
    /// The recognizers (each once, in rank order) the attempt of `r` waits for. Only
    /// members can hold touches, so only members are asked about: a recognizer no touch
    /// reached counts as failed.
    func failureRequirements(of r: _Recognizer) -> [RecognizerID] {
        let ri = r.id
        let id = r.gesture.id
        // A list scanned, not a set: an attempt waits on a few recognizers, and one that
        // waits on none (the common case) allocates nothing.
        var required: [RecognizerID] = []
        for name in r.gesture.requireToFail {
            if let oi = inFlight.recognizers.named(name), oi != ri, !required.contains(oi) {
                required.append(oi)
            }
        }
        for name in r.gesture.shouldRequireFailureOf {
            if let oi = inFlight.recognizers.named(name), oi != ri, !required.contains(oi) {
                required.append(oi)
            }
        }
        for other in inFlight.recognizers where other.id != ri {
            let oi = other.id
            guard !required.contains(oi) else { continue }
            if other.gesture.shouldBeRequiredToFailBy.contains(id)
                || (!inFlight.handlers.conformances.isEmpty && !other.touches.isEmpty
                    && delegateRequiresFailure(of: other, by: r))
            {
                required.append(oi)
            }
        }
        required.sort { inFlight.recognizers[$0].rank < inFlight.recognizers[$1].rank }
        return required
    }

    /// Whether a handler makes `waiter` wait for `other` to fail, asking
    /// `shouldRequireFailureOf` of `waiter` and `shouldBeRequiredToFailBy` of `other`.
    private func delegateRequiresFailure(of other: _Recognizer, by waiter: _Recognizer) -> Bool {
        inFlight.handlers.conformances.contains {
            if let k = $0.keyed {
                return k.gesture(waiter.key, shouldRequireFailureOf: other.key)
                    || k.gesture(other.key, shouldBeRequiredToFailBy: waiter.key)
            }
            return $0.handler.gesture(waiter.gesture.id, shouldRequireFailureOf: other.gesture.id)
                || $0.handler.gesture(other.gesture.id, shouldBeRequiredToFailBy: waiter.gesture.id)
        }
    }
}
