import HitTestBridge
import HitTestDispatch
import HitTestGenerators
import HitTestGeometry
import HitTestJSON
import HitTestParity
import HitTestReference
import HitTestScene
import Testing

/// The same replay on the reference and on the fast engines gives the same log, on
/// generated scenes (every hit-testing feature, plus random recognizers, controls and
/// handling) and generated touch streams. A failure prints the seed, the scene and the
/// events, so that `hittest replay` can reproduce it.
@Suite("Dispatch parity: reference vs store")
struct ParityTests {
    static let kinds = [
        #"tap"#, #"tap2"#, #"tapTwoFingers"#, #"longPress"#, #"pan"#, #"pinch"#,
    ]

    @Test("replays on reference, flat and bvh give the same log (seeded, seed printed)")
    func parity() throws {
        var nonEmpty = 0
        let replayed = try replayGeneratedCases(rounds: 150) { _, rng in
            var s = RandomScene.make(&rng, options: SceneOptions(size: 10 + rng.below(60)))
            DispatchInputs.decorate(&s, &rng)
            return (s, DispatchInputs.touches(s, &rng))
        } agreed: { log in
            if !log.isEmpty { nonEmpty += 1 }
        }
        guard let base = replayed else { return }
        // The generator must actually exercise dispatch, not replay empty logs.
        #expect(nonEmpty > 75, "base seed \(base)")
    }

    @Test("a scene where the engines are known to differ would be caught")
    func detectsDifference() throws {
        // A role that lies about one view: the comparison must notice.
        struct Lying: HitTestable {
            let inner: ReferenceEngine
            func hitTest(_ p: Point) -> SceneHit? {
                guard var h = inner.hitTest(p) else { return nil }
                if h.view == "ViewThree" { h.view = "ViewTwo" }
                return h
            }
            func responderChain(of id: String) -> [ResponderLink] { inner.responderChain(of: id) }
            func location(_ p: Point, in id: String) -> Point { inner.location(p, in: id) }
        }
        let s = try ArticleLogTests.chainScene(viewTwo: "handle")
        let truth = Dispatcher(scene: s, engine: .reference)
        let liar = Dispatcher(scene: s, hitTesting: Lying(inner: ReferenceEngine(scene: s)))
        let frames = tap(at: (170, 250))
        try truth.replay(EventsFile(frames: frames))
        try liar.replay(EventsFile(frames: frames))
        #expect(truth.log != liar.log)
    }
}
