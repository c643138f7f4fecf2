import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestScene
import Testing

/// Swipe, rotation and screen-edge pan (`rule-recognizer-swipe`,
/// `rule-recognizer-rotation`, `rule-recognizer-screen-edge-pan`), from Apple's
/// documentation of UISwipeGestureRecognizer ("one or more fingers moving in a specific
/// direction"; discrete; `direction` defaults to right; `numberOfTouchesRequired`),
/// UIRotationGestureRecognizer (two fingers "in a circular motion"; continuous;
/// `rotation` in radians, `velocity` in radians per second) and
/// UIScreenEdgePanGestureRecognizer (pans "that start near an edge of the screen";
/// `edges`).
@Suite("Recognizer kinds: swipe, rotation, screen-edge pan")
struct RecognizerKindTests {
    /// A handling view V filling the window, with `gestures` (JSON array items).
    static func view(_ gestures: String) throws -> Scene {
        try scene(
            #"""
            {"id": "V", "frame": [0, 0, 390, 844], "touches": "handle", "multipleTouchEnabled": true, "gestures": [\#(gestures)]}
            """#)
    }

    /// One finger from `from` moving by `by` in `steps` moves 0.05 s apart, then lifting.
    static func drag(
        _ id: Int = 1, from: (Double, Double), by: (Double, Double), steps: Int = 2,
        t: Double = 0
    ) -> [InputFrame] {
        var out = [frame(t, (id, .began, from.0, from.1))]
        var p = from
        for k in 1...steps {
            p = (
                from.0 + by.0 * Double(k) / Double(steps), from.1 + by.1 * Double(k) / Double(steps)
            )
            out.append(frame(t + 0.05 * Double(k), (id, .moved, p.0, p.1)))
        }
        out.append(frame(t + 0.05 * Double(steps + 1), (id, .ended, p.0, p.1)))
        return out
    }

    @Test("swipe: the default direction is right; 50 pt within 30 degrees recognizes")
    func swipeRight() throws {
        let s = try Self.view(#"{"id": "sw", "kind": "swipe"}"#)
        #expect(
            states(try replay(s, Self.drag(from: (100, 300), by: (60, 20))))
                == [.state("sw", .recognized), .action("sw")])
        // Too short, the wrong way, or too steep (more than 30 degrees off): it fails.
        #expect(
            states(try replay(s, Self.drag(from: (100, 300), by: (45, 0)))) == [
                .state("sw", .failed)
            ])
        #expect(
            states(try replay(s, Self.drag(from: (300, 300), by: (-80, 0)))) == [
                .state("sw", .failed)
            ])
        #expect(
            states(try replay(s, Self.drag(from: (100, 300), by: (60, 40)))) == [
                .state("sw", .failed)
            ])
    }

    @Test("swipe: a direction set recognizes each of its directions and no other")
    func swipeDirections() throws {
        let s = try Self.view(#"{"id": "sw", "kind": "swipe", "direction": ["up", "left"]}"#)
        let ok: [DispatchLogEntry] = [.state("sw", .recognized), .action("sw")]
        #expect(states(try replay(s, Self.drag(from: (200, 400), by: (0, -70)))) == ok)
        #expect(states(try replay(s, Self.drag(from: (200, 400), by: (-70, 0)))) == ok)
        #expect(
            states(try replay(s, Self.drag(from: (200, 400), by: (0, 70)))) == [
                .state("sw", .failed)
            ])
        #expect(
            states(try replay(s, Self.drag(from: (200, 400), by: (70, 0)))) == [
                .state("sw", .failed)
            ])
    }

    @Test("swipe: too slow fails by a timer 0.5 s after the first touch began")
    func swipeTooSlow() throws {
        let s = try Self.view(#"{"id": "sw", "kind": "swipe"}"#)
        let log = try replay(s, Self.drag(from: (100, 300), by: (80, 0), steps: 20), times: true)
        // Due one ulp after the limit, as every recognizer limit is.
        #expect(log.contains(.state("sw", .failed, t: 0.5.nextUp)))
        #expect(!log.contains { $0.untimed == .state("sw", .recognized) })
    }

    @Test("swipe: a touch that lifts before it recognizes fails it; the view gets the end")
    func swipeLift() throws {
        let s = try Self.view(#"{"id": "sw", "kind": "swipe"}"#)
        let log = try replay(s, tap(at: (100, 300)))
        #expect(states(log) == [.state("sw", .failed)])
        #expect(log.last == .responder("V", .touchesEnded))
    }

    @Test("swipe: once seen, a swipe waiting on requireToFail recognizes when the other fails")
    func swipeWaits() throws {
        let s = try Self.view(
            #"{"id": "sw", "kind": "swipe", "touches": 2, "requireToFail": ["r"]}, {"id": "r", "kind": "rotation"}"#
        )
        let log = try replay(
            s,
            [
                frame(5, (1, .began, 100, 300), (2, .began, 200, 300)),
                frame(5.05, (1, .moved, 170, 300), (2, .moved, 270, 300)),
                frame(5.1, (1, .ended, 170, 300), (2, .ended, 270, 300)),
            ], times: true)
        // The rotation fails when the fingers lift (they slid without turning); the swipe,
        // seen at 5.05 and waiting since, then recognizes.
        #expect(
            states(log)
                == [
                    .state("r", .failed, t: 5.1), .state("sw", .recognized, t: 5.1),
                    .action("sw", t: 5.1),
                ])
    }

    @Test("rotation: begins when the line between two touches turns; reports radians")
    func rotation() throws {
        let s = try Self.view(#"{"id": "r", "kind": "rotation"}"#)
        let d = Dispatcher(scene: s)
        var reports: [GestureInfo] = []
        d.onGestureAction("r") { reports.append($0) }
        // The second touch goes from due east of the first to due south: a quarter turn,
        // clockwise on the screen (y grows downward), in 0.1 s.
        try d.replay(
            EventsFile(frames: [
                frame(0, (1, .began, 100, 300), (2, .began, 200, 300)),
                frame(0.1, (2, .moved, 100, 400)),
                frame(0.2, (1, .ended, 100, 300), (2, .ended, 100, 400)),
            ]))
        #expect(reports.map(\.state) == [.began, .ended])
        #expect(reports[0].report.rotation == Double.pi / 2)
        #expect(reports[0].report.angularVelocity == (Double.pi / 2) / 0.1)
        // Sliding both fingers without turning does not rotate.
        let slide = try replay(
            s,
            [
                frame(0, (1, .began, 100, 300), (2, .began, 200, 300)),
                frame(0.1, (1, .moved, 120, 300), (2, .moved, 220, 300)),
                frame(0.2, (1, .ended, 120, 300), (2, .ended, 220, 300)),
            ])
        #expect(states(slide) == [.state("r", .failed)])
    }

    @Test("rotation and pinch end when both fingers have lifted, not when the first lifts")
    func endsWhenBothLift() throws {
        for kind in ["rotation", "pinch"] {
            let s = try Self.view(#"{"id": "g", "kind": "\#(kind)"}"#)
            let d = Dispatcher(scene: s)
            var states: [GestureState] = []
            d.onGestureAction("g") { states.append($0.state) }
            try d.feed(frame(0, (1, .began, 100, 300), (2, .began, 200, 300)))
            // Turn and spread: both kinds begin.
            try d.feed(frame(0.1, (2, .moved, 100, 420)))
            try d.feed(frame(0.2, (1, .ended, 100, 300)))
            #expect(d.gesture("g")?.state == .began, "\(kind): one finger lifted")
            // The finger left alone moves: nothing changes, and nothing ends yet.
            try d.feed(frame(0.3, (2, .moved, 120, 440)))
            #expect(d.gesture("g")?.state == .began, "\(kind): one finger moved")
            try d.feed(frame(0.4, (2, .ended, 120, 440)))
            #expect(states == [.began, .ended], "\(kind)")
        }
    }

    @Test("rotation: runs past a half turn without jumping back")
    func rotationAccumulates() throws {
        let s = try Self.view(#"{"id": "r", "kind": "rotation"}"#)
        let d = Dispatcher(scene: s)
        var last = 0.0
        d.onGestureAction("r") { last = $0.report.rotation ?? .nan }
        var frames = [frame(0, (1, .began, 200, 400), (2, .began, 300, 400))]
        // Eight eighth-turns around the first touch: a whole turn.
        let points: [(Double, Double)] = [
            (270.7106781186548, 470.7106781186548), (200, 500),
            (129.28932188134524, 470.7106781186548), (100, 400),
            (129.28932188134524, 329.2893218813452), (200, 300),
            (270.7106781186548, 329.2893218813452), (300, 400),
        ]
        for (k, p) in points.enumerated() {
            frames.append(frame(0.1 * Double(k + 1), (2, .moved, p.0, p.1)))
        }
        try d.replay(EventsFile(frames: frames))
        #expect(abs(last - 2 * Double.pi) < 1e-9, "\(last)")
    }

    @Test("rotation: a third touch before it begins fails it")
    func rotationThirdTouch() throws {
        let s = try Self.view(#"{"id": "r", "kind": "rotation"}"#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 100, 300), (2, .began, 200, 300), (3, .began, 150, 500)),
                frame(0.1, (2, .moved, 100, 400)),
            ])
        #expect(states(log) == [.state("r", .failed)])
    }

    @Test("screen-edge pan: begins only for a touch that starts near a given edge")
    func screenEdgePan() throws {
        let s = try Self.view(#"{"id": "e", "kind": "screenEdgePan", "edges": ["left"]}"#)
        let fromEdge = try replay(s, Self.drag(from: (5, 300), by: (60, 0)))
        #expect(
            states(fromEdge) == [
                .state("e", .began), .action("e"), .state("e", .changed), .action("e"),
                .state("e", .ended), .action("e"),
            ])
        // 20 points is the region's width: at 20 it begins, at 21 it fails at once.
        #expect(
            states(try replay(s, Self.drag(from: (20, 300), by: (60, 0)))).first
                == .state("e", .began))
        let inside = try replay(s, Self.drag(from: (21, 300), by: (60, 0)))
        #expect(states(inside) == [.state("e", .failed)])
        // The right edge is not one of its edges.
        #expect(
            states(try replay(s, Self.drag(from: (385, 300), by: (-60, 0)))) == [
                .state("e", .failed)
            ])
    }

    @Test("screen-edge pan: moving along the edge does not begin it; moving inward does")
    func screenEdgePanInward() throws {
        let s = try Self.view(
            #"{"id": "e", "kind": "screenEdgePan", "edges": ["right", "bottom"]}"#)
        let along = try replay(s, Self.drag(from: (385, 300), by: (0, 60)))
        #expect(states(along) == [.state("e", .failed)])
        let up = try replay(s, Self.drag(from: (200, 840), by: (0, -40)))
        #expect(states(up).first == .state("e", .began))
    }

    @Test("screen-edge pan: edges are the window's, in its own coordinates")
    func screenEdgePanWindow() throws {
        // A window that starts at x = 100 on the screen: its left edge is at screen x 100.
        let s = try Scene.load(
            json: #"""
                {"format": "hittest-scene/1", "windows": [{"id": "w", "frame": [100, 0, 290, 844], "gestures": [{"id": "e", "kind": "screenEdgePan", "edges": ["left"]}]}]}
                """#)
        #expect(
            states(try replay(s, Self.drag(from: (105, 300), by: (40, 0)))).first
                == .state("e", .began))
        #expect(states(try replay(s, Self.drag(from: (5, 300), by: (40, 0)))).isEmpty)
    }
}

/// `rule-recognizer-same-frame-touches`: every multi-finger kind decides the same whether
/// its fingers land (and lift) in one frame or frame by frame. Each case replays both
/// ways, late in time (a tap's duration limit counts from its first finger), and checks
/// the recognizer's states.
@Suite("Multi-finger recognizers: fingers in one frame or in several")
struct MultiFingerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var gesture: String
        /// Where the moving finger goes, after both are down.
        var moves: [(Double, Double)]
        var expected: [DispatchLogEntry]
        /// The finger that moves: 1 starts at (10, 400), 2 at (100, 400).
        var mover = 2
        var testDescription: String { gesture }
    }

    static let cases: [Case] = [
        Case(
            gesture: #"{"id": "g", "kind": "tap", "touches": 2}"#, moves: [],
            expected: [.state("g", .recognized)]),
        Case(
            gesture: #"{"id": "g", "kind": "tap", "touches": 2, "taps": 2}"#, moves: [],
            expected: [.state("g", .recognized)]),
        Case(
            gesture: #"{"id": "g", "kind": "longPress", "touches": 2}"#, moves: [],
            expected: [.state("g", .began), .state("g", .ended)]),
        Case(
            gesture: #"{"id": "g", "kind": "pan", "minimumTouches": 2}"#,
            moves: [(100, 430), (100, 460)],
            expected: [.state("g", .began), .state("g", .changed), .state("g", .ended)]),
        Case(
            gesture: #"{"id": "g", "kind": "pinch"}"#, moves: [(150, 400), (200, 400)],
            expected: [.state("g", .began), .state("g", .changed), .state("g", .ended)]),
        Case(
            gesture: #"{"id": "g", "kind": "rotation"}"#, moves: [(10, 490), (-80, 400)],
            expected: [.state("g", .began), .state("g", .changed), .state("g", .ended)]),
        Case(
            gesture: #"{"id": "g", "kind": "swipe", "touches": 2, "direction": ["down"]}"#,
            moves: [], expected: [.state("g", .recognized)]),
        Case(
            gesture: #"{"id": "g", "kind": "screenEdgePan", "edges": ["left"]}"#,
            moves: [(40, 400), (70, 400)],
            expected: [.state("g", .began), .state("g", .changed), .state("g", .ended)],
            mover: 1),
    ]

    /// Two fingers at (10, 400) and (100, 400) from t = 5, held 0.6 s for a long press,
    /// with the second finger's moves; a swipe moves both down 60 pt instead. A double tap
    /// repeats the whole at t + 0.2. `together`: both land and lift in one frame.
    static func frames(_ c: Case, together: Bool) -> [InputFrame] {
        let isSwipe = c.gesture.contains("swipe")
        let isLongPress = c.gesture.contains("longPress")
        let isDouble = c.gesture.contains(#""taps": 2"#)
        var out: [InputFrame] = []
        func once(_ t0: Double) {
            var t = t0
            let a = TouchInput(id: 1, phase: .began, location: Point(x: 10, y: 400))
            let b = TouchInput(id: 2, phase: .began, location: Point(x: 100, y: 400))
            if together {
                out.append(InputFrame(time: t, touches: [a, b]))
            } else {
                out.append(InputFrame(time: t, touches: [a]))
                t += 0.02
                out.append(InputFrame(time: t, touches: [b]))
            }
            var end1 = Point(x: 10, y: 400)
            var end2 = Point(x: 100, y: 400)
            if isSwipe {
                t += 0.05
                end1 = Point(x: 10, y: 460)
                end2 = Point(x: 100, y: 460)
                out.append(
                    InputFrame(
                        time: t,
                        touches: [
                            TouchInput(id: 1, phase: .moved, location: end1),
                            TouchInput(id: 2, phase: .moved, location: end2),
                        ]))
            }
            for m in c.moves {
                t += 0.05
                let p = Point(x: m.0, y: m.1)
                if c.mover == 1 { end1 = p } else { end2 = p }
                out.append(
                    InputFrame(
                        time: t, touches: [TouchInput(id: c.mover, phase: .moved, location: p)]))
            }
            t += isLongPress ? 0.6 : 0.05
            let lift1 = TouchInput(id: 1, phase: .ended, location: end1)
            let lift2 = TouchInput(id: 2, phase: .ended, location: end2)
            if together {
                out.append(InputFrame(time: t, touches: [lift1, lift2]))
            } else {
                out.append(InputFrame(time: t, touches: [lift1]))
                out.append(InputFrame(time: t + 0.02, touches: [lift2]))
            }
        }
        once(5)
        if isDouble { once(5.2) }
        return out
    }

    @Test("the same states both ways, on every engine", arguments: cases)
    func bothWays(_ c: Case) throws {
        let s = try RecognizerKindTests.view(c.gesture)
        for together in [true, false] {
            let log = try replay(s, Self.frames(c, together: together))
            let states = log.filter {
                if case .state(_, "g", _) = $0 { return true }
                return false
            }
            var expected = c.expected
            // A continuous recognizer changes on every move after it began.
            if expected.contains(.state("g", .changed)) {
                let changes = states.filter { $0 == .state("g", .changed) }.count
                #expect(changes >= 1, "together: \(together)")
                expected = expected.filter { $0 != .state("g", .changed) }
            }
            #expect(
                states.filter { $0 != .state("g", .changed) } == expected,
                "together: \(together)\n\(log.text)")
        }
    }
}
