import HitTestBridge
import HitTestDispatch
import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestReference
import HitTestScene
import Testing

/// `rule-recognizer-hover`, from Apple's documentation of UIHoverGestureRecognizer ("a
/// continuous gesture recognizer that interprets pointer movement over a view": began
/// when the pointer enters the view, changed when it moves, ended when it leaves) and the
/// events file's `pointer` field.
@Suite("Hover: pointer input")
struct HoverTests {
    /// Outer (0, 100, 390, 400) with hover `ho`, holding Inner (100, 100, 100, 100) with
    /// hover `hi` and a tap `t`.
    static func scene() throws -> Scene {
        try HitTestDispatchTests.scene(
            #"""
            {"id": "Outer", "frame": [0, 100, 390, 400], "gestures": [{"id": "ho", "kind": "hover"}], "subviews": [
              {"id": "Inner", "frame": [100, 100, 100, 100], "touches": "handle",
               "gestures": [{"id": "hi", "kind": "hover"}, {"id": "t", "kind": "tap"}]}]}
            """#)
    }

    static func pointer(_ t: Double, _ x: Double, _ y: Double) -> InputFrame {
        InputFrame(time: t, touches: [], pointer: .at(Point(x: x, y: y)))
    }

    @Test("enters, moves, leaves: began, changed, ended; an ancestor's hover too")
    func enterMoveLeave() throws {
        let frames = [
            Self.pointer(0, 50, 150),  // over Outer only
            Self.pointer(0.1, 150, 250),  // over Inner (inside Outer)
            Self.pointer(0.2, 160, 250),
            Self.pointer(0.3, 50, 150),  // back to Outer: Inner's hover ends
            InputFrame(time: 0.4, touches: [], pointer: .gone),
        ]
        let log = try replay(try Self.scene(), frames, times: true)
        #expect(
            log.filter(\.isState) == [
                .state("ho", .began, t: 0), .state("hi", .began, t: 0.1),
                .state("ho", .changed, t: 0.1), .state("hi", .changed, t: 0.2),
                .state("ho", .changed, t: 0.2), .state("hi", .ended, t: 0.3),
                .state("ho", .changed, t: 0.3), .state("ho", .ended, t: 0.4),
            ])
    }

    @Test("reports the pointer's screen location; the same location again is no change")
    func location() throws {
        let d = Dispatcher(scene: try Self.scene())
        var seen: [Point?] = []
        d.onGestureAction("hi") { seen.append($0.report.location) }
        try d.feed(Self.pointer(0, 150, 250))
        try d.feed(Self.pointer(0.1, 150, 250))
        try d.feed(Self.pointer(0.2, 170, 260))
        #expect(seen == [Point(x: 150, y: 250), Point(x: 170, y: 260)])
        #expect(d.pointer == Point(x: 170, y: 260))
    }

    @Test("a hover takes no touches: a tap on the view is the tap's alone")
    func noTouches() throws {
        let log = try replay(try Self.scene(), tap(at: (150, 250)))
        #expect(!log.contains { $0.gestureID == "hi" || $0.gestureID == "ho" })
        #expect(log.contains(.state("t", .recognized)))
    }

    @Test("a disabled hover stays possible; requireToFail on a tap makes it wait")
    func disabledAndWaiting() throws {
        let s = try HitTestDispatchTests.scene(
            #"""
            {"id": "V", "frame": [0, 0, 390, 844], "gestures": [
              {"id": "off", "kind": "hover", "enabled": false},
              {"id": "h", "kind": "hover", "requireToFail": ["t"]}, {"id": "t", "kind": "tap"}]}
            """#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 10, 10)), Self.pointer(0.05, 50, 50),
                frame(0.1, (1, .ended, 10, 10)),
            ], times: true)
        #expect(!log.contains { $0.gestureID == "off" })
        // The hover waits while the tap is possible, and fails when the tap recognizes.
        #expect(
            log.filter(\.isState) == [
                .state("t", .recognized, t: 0.1), .state("h", .failed, t: 0.1),
            ])
    }

    @Test("events files: pointer is [x, y] or \"gone\"; anything else names the path")
    func eventsFile() throws {
        let file = try EventsFile.load(
            json: #"""
                {"format": "hittest-events/1", "frames": [
                  {"t": 0, "touches": [], "pointer": [5, 6]}, {"t": 1, "touches": [], "pointer": "gone"}]}
                """#)
        #expect(file.frames.map(\.pointer) == [.at(Point(x: 5, y: 6)), .gone])
        for bad in [#""away""#, "[1]", #"[1, "2"]"#, "null"] {
            do {
                _ = try EventsFile.load(
                    json:
                        #"{"format": "hittest-events/1", "frames": [{"t": 0, "touches": [], "pointer": \#(bad)}]}"#
                )
                Issue.record("pointer \(bad) was accepted")
            } catch {
                #expect(error.path == "$.frames[0]" && error.field == "pointer", "\(error)")
            }
        }
        let d = Dispatcher(scene: try Self.scene())
        #expect(throws: DispatchError.self) {
            try d.feed(InputFrame(time: 0, touches: [], pointer: .at(Point(x: .nan, y: 0))))
        }
    }

    @Test("generated scenes with hovers and pointer paths: the same log on every engine")
    func parity() throws {
        let base = UInt64.random(in: 0...UInt64.max)
        var active = 0
        for i in 0..<60 {
            let seed = SplitMix64.derive(base, UInt64(i))
            var rng = SplitMix64(seed: seed)
            var s = RandomScene.make(&rng, options: SceneOptions(size: 10 + rng.below(40)))
            DispatchInputs.decorate(&s, &rng)
            Self.addHovers(&s, &rng)
            var frames = DispatchInputs.touches(s, &rng)
            for k in frames.indices where rng.below(2) == 0 {
                frames[k].pointer =
                    rng.below(6) == 0
                    ? .gone : .at(Point(x: Double(rng.below(400)), y: Double(rng.below(850))))
            }
            var logs: [[DispatchLogEntry]] = []
            for engine in Engine.allCases {
                let d = Dispatcher(scene: s, engine: engine)
                try d.replay(EventsFile(frames: frames))
                logs.append(d.log)
            }
            if logs[0].contains(where: { if case .state = $0 { true } else { false } }) {
                active += 1
            }
            #expect(logs[0] == logs[1] && logs[0] == logs[2], "seed \(seed) (base \(base))")
        }
        #expect(active > 20, "base \(base)")
    }

    /// A hover on about a third of the views (recursive: generated scenes are shallow).
    static func addHovers(_ s: inout Scene, _ rng: inout SplitMix64) {
        var n = 0
        func visit(_ v: inout SceneView, _ rng: inout SplitMix64) {
            if rng.below(3) == 0 {
                var g = SceneGesture(id: "hover\(n)", kind: .hover)
                g.shouldBegin = rng.below(8) != 0
                v.events.gestures.append(g)
                n += 1
            }
            for i in v.subviews.indices { visit(&v.subviews[i], &rng) }
        }
        for w in s.windows.indices { visit(&s.windows[w], &rng) }
    }
}
