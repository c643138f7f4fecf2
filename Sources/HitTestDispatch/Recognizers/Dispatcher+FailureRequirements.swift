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
/// order, and keeps the answers (the recognizer table's `waitsOn`) until that attempt is decided:
/// the attempt resumes, fails or succeeds on those answers, and a new attempt asks again.
/// A recognizer without touches cannot recognize in this event and counts as failed, so
/// it is not asked about.
extension Dispatcher {
    /// The recognizers (each once, in rank order) the attempt of `ri` waits for. Only
    /// members can hold touches, so only members are asked about: a recognizer no touch
    /// reached counts as failed.
    func failureRequirements(of ri: RecognizerID) -> [RecognizerID] {
        let gesture = inFlight.recognizers.gesture[ri]
        let id = gesture.id
        // A list scanned, not a set: an attempt waits on a few recognizers, and one that
        // waits on none (the common case) allocates nothing.
        var required: [RecognizerID] = []
        for name in gesture.requireToFail {
            if let oi = inFlight.recognizers.named(name), oi != ri, !required.contains(oi) {
                required.append(oi)
            }
        }
        for name in gesture.shouldRequireFailureOf {
            if let oi = inFlight.recognizers.named(name), oi != ri, !required.contains(oi) {
                required.append(oi)
            }
        }
        for oi in inFlight.recognizers.ranked where oi != ri {
            guard !required.contains(oi) else { continue }
            if inFlight.recognizers.gesture[oi].shouldBeRequiredToFailBy.contains(id)
                || (!inFlight.handlers.conformances.isEmpty
                    && !inFlight.recognizers.touches[oi].isEmpty
                    && delegateRequiresFailure(of: oi, by: ri))
            {
                required.append(oi)
            }
        }
        required.sort { inFlight.recognizers.rank[$0] < inFlight.recognizers.rank[$1] }
        return required
    }

    /// Whether a handler makes `waiter` wait for `other` to fail, asking
    /// `shouldRequireFailureOf` of `waiter` and `shouldBeRequiredToFailBy` of `other`.
    private func delegateRequiresFailure(of other: RecognizerID, by waiter: RecognizerID)
        -> Bool
    {
        inFlight.handlers.conformances.contains {
            if let k = $0.keyed {
                let w = inFlight.recognizers.key(of: waiter)
                let o = inFlight.recognizers.key(of: other)
                return k.gesture(w, shouldRequireFailureOf: o)
                    || k.gesture(o, shouldBeRequiredToFailBy: w)
            }
            let w = inFlight.recognizers.gesture[waiter].id
            let o = inFlight.recognizers.gesture[other].id
            return $0.handler.gesture(w, shouldRequireFailureOf: o)
                || $0.handler.gesture(o, shouldBeRequiredToFailBy: w)
        }
    }
}
