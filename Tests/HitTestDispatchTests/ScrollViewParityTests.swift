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
        let base = UInt64.random(in: 0...UInt64.max)
        var scrolled = 0
        var hitAfterScroll = 0
        for i in 0..<200 {
            let seed = SplitMix64.derive(base, UInt64(i))
            var rng = SplitMix64(seed: seed)
            var s = RandomScene.make(&rng, options: SceneOptions(size: 10 + rng.below(50)))
            DispatchInputs.decorate(&s, &rng)
            DispatchInputs.decorateScrollViews(&s, &rng)
            let frames =
                i % 3 != 0 ? DispatchInputs.drags(s, &rng) : DispatchInputs.touches(s, &rng)
            let file = try EventsFile.load(json: DispatchInputs.eventsJSON(frames))
            var logs: [[DispatchLogEntry]] = []
            for engine in Engine.allCases {
                let d = Dispatcher(scene: s, engine: engine)
                try d.replay(file)
                logs.append(d.log)
            }
            if let first = logs[0].firstIndex(where: {
                if case .scrollOffset = $0 { return true } else { return false }
            }) {
                scrolled += 1
                if logs[0][first...].contains(where: {
                    if case .delivery(_, _, .responder, .touchesBegan) = $0 { return true }
                    return false
                }) {
                    hitAfterScroll += 1
                }
            }
            guard logs[0] == logs[1] && logs[0] == logs[2] else {
                Issue.record(
                    """
                    dispatch logs differ: seed \(seed) (base \(base), round \(i))
                    scene:
                    \(s.json())
                    events:
                    \(DispatchInputs.eventsJSON(frames))
                    reference:
                    \(logs[0].text)
                    flat:
                    \(logs[1].text)
                    bvh:
                    \(logs[2].text)
                    """)
                return
            }
        }
        // The generator must exercise scrolling and touches after it.
        #expect(scrolled > 15, "base seed \(base)")
        #expect(hitAfterScroll > 3, "base seed \(base)")
    }
}
