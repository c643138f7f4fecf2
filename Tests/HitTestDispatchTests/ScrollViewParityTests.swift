import HitTestDispatch
import HitTestGenerators
import HitTestParity
import HitTestScene
import Testing

/// The dispatch parity test extended to scroll views: generated scenes (every hit-testing
/// feature, random recognizers and controls, and random scroll views with every
/// `"scrollView"` field) replayed with random touches and with long drags, on the
/// reference and both fast engines, must give the same log; and the drags must actually
/// scroll, so that the hit tests after a scroll are compared too.
@Suite("Dispatch parity with scroll views")
struct ScrollViewParityTests {
    @Test("scroll views: replays on reference, flat and bvh give the same log (seed printed)")
    func parity() throws {
        var scrolled = 0
        var hitAfterScroll = 0
        let replayed = try replayGeneratedCases(rounds: 200) { i, rng in
            var s = RandomScene.make(&rng, options: SceneOptions(size: 10 + rng.below(50)))
            DispatchInputs.decorate(&s, &rng)
            DispatchInputs.decorateScrollViews(&s, &rng)
            let frames =
                i % 3 != 0 ? DispatchInputs.drags(s, &rng) : DispatchInputs.touches(s, &rng)
            return (s, frames)
        } agreed: { log in
            guard let first = log.firstIndex(where: { $0.offsetOf != nil }) else { return }
            scrolled += 1
            if log[first...].contains(where: {
                if case .delivery(_, _, .responder, .touchesBegan) = $0 { return true }
                return false
            }) {
                hitAfterScroll += 1
            }
        }
        guard let base = replayed else { return }
        // The generator must exercise scrolling and touches after it.
        #expect(scrolled > 15, "base seed \(base)")
        #expect(hitAfterScroll > 3, "base seed \(base)")
    }
}
