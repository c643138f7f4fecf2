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
        let base = UInt64.random(in: 0...UInt64.max)
        var nonEmpty = 0
        for i in 0..<150 {
            let seed = SplitMix64.derive(base, UInt64(i))
            var rng = SplitMix64(seed: seed)
            var s = RandomScene.make(&rng, options: SceneOptions(size: 10 + rng.below(60)))
            DispatchInputs.decorate(&s, &rng)
            let frames = DispatchInputs.touches(s, &rng)
            // Generated frames must be valid input: the loader reads them back.
            let file = try EventsFile.load(json: DispatchInputs.eventsJSON(frames))
            var logs: [[DispatchLogEntry]] = []
            for engine in Engine.allCases {
                let d = Dispatcher(scene: s, engine: engine)
                try d.replay(file)
                logs.append(d.log)
            }
            if !logs[0].isEmpty { nonEmpty += 1 }
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
