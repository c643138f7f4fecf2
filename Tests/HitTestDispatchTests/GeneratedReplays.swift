import HitTestDispatch
import HitTestGenerators
import HitTestParity
import HitTestScene
import Testing

/// The loop of the dispatch parity tests: `rounds` generated cases, each replayed on the
/// reference and on both fast engines. Round `i` draws its scene and frames with `make`
/// from a generator seeded with `SplitMix64.derive(base, i)`, for a random `base`; the
/// frames are read back through `EventsFile.load` first, so generated input must be valid
/// input. At the first round whose logs differ, records an issue with the seed, the scene,
/// the events and the three logs (what `hittest replay` needs to reproduce it) and stops;
/// every round before it hands its log to `agreed`. Returns `base`, for the caller's own
/// expectations to print, or nil after a difference (the issue is recorded already).
func replayGeneratedCases(
    rounds: Int, sourceLocation: SourceLocation = #_sourceLocation,
    make: (_ round: Int, _ rng: inout SplitMix64) -> (Scene, [InputFrame]),
    agreed: ([DispatchLogEntry]) -> Void = { _ in }
) throws -> UInt64? {
    let base = UInt64.random(in: 0...UInt64.max)
    for i in 0..<rounds {
        let seed = SplitMix64.derive(base, UInt64(i))
        var rng = SplitMix64(seed: seed)
        let (s, frames) = make(i, &rng)
        let events = DispatchInputs.eventsJSON(frames)
        let logs = try logsOnEveryEngine(s, EventsFile.load(json: events))
        guard logs[0] == logs[1] && logs[0] == logs[2] else {
            Issue.record(
                """
                dispatch logs differ: seed \(seed) (base \(base), round \(i))
                scene:
                \(s.json())
                events:
                \(events)
                reference:
                \(logs[0].text)
                flat:
                \(logs[1].text)
                bvh:
                \(logs[2].text)
                """, sourceLocation: sourceLocation)
            return nil
        }
        agreed(logs[0])
    }
    return base
}
