import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestScene
import Testing

/// `rule-recognizer-kinds`, `rule-recognizer-states`, `rule-recognizer-attempt`,
/// `rule-recognizer-cancels-touches`: kinds, states, the attempt rules, and taking touches from the view.
@Suite("Gesture recognizers")
struct RecognizerTests {
    /// A handling view V (0, 100, 390, 400) with `gestures` (JSON array items) and a
    /// child W (100, 100, 100, 100) with `child` gestures.
    static func view(_ gestures: String, child: String = "") throws -> Scene {
        try scene(
            #"""
            {"id": "V", "frame": [0, 100, 390, 400], "touches": "handle", "multipleTouchEnabled": true, "gestures": [\#(gestures)], "subviews": [
              {"id": "W", "frame": [100, 100, 100, 100], "touches": "handle", "gestures": [\#(child)]}]}
            """#)
    }

    @Test("tap: fails when the touch moves more than 45 pt; the view then gets the touch")
    func tapSlop() throws {
        let s = try Self.view(#"{"id": "t", "kind": "tap"}"#)
        let near = try replay(
            s, [frame(0, (1, .began, 50, 150)), frame(0.1, (1, .ended, 95, 150))])
        #expect(states(near) == [.state("t", .recognized), .action("t")])
        let far = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150)), frame(0.05, (1, .moved, 96, 150)),
                frame(0.1, (1, .ended, 96, 150)),
            ])
        #expect(states(far) == [.state("t", .failed)])
        #expect(far.last == .responder("V", .touchesEnded))
    }

    @Test("tap: fails when held longer than 0.75 s, at that time, by a timer")
    func tapDuration() throws {
        let s = try Self.view(#"{"id": "t", "kind": "tap"}"#)
        let log = try replay(
            s, [frame(0, (1, .began, 50, 150)), frame(2, (1, .ended, 50, 150))], times: true)
        // The limit's timer is due one ulp after 0.75, so that a touch of exactly 0.75 s
        // still taps.
        #expect(states(log) == [.state("t", .failed, t: 0.75.nextUp)])
        #expect(log.last == .responder("V", .touchesEnded, t: 2))
        let exact = try replay(
            s, [frame(0, (1, .began, 50, 150)), frame(0.75, (1, .ended, 50, 150))])
        #expect(states(exact) == [.state("t", .recognized), .action("t")])
    }

    @Test("tap with touches 2: two fingers recognize, one fails, three fail")
    func twoFingerTap() throws {
        let s = try Self.view(#"{"id": "t", "kind": "tap", "touches": 2}"#)
        let two = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150), (2, .began, 60, 150)),
                frame(0.1, (1, .ended, 50, 150), (2, .ended, 60, 150)),
            ])
        #expect(states(two) == [.state("t", .recognized), .action("t")])
        #expect(states(try replay(s, tap(at: (50, 150)))) == [.state("t", .failed)])
        let three = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150), (2, .began, 60, 150), (3, .began, 70, 150)),
                frame(0.1, (1, .ended, 50, 150), (2, .ended, 60, 150), (3, .ended, 70, 150)),
            ])
        #expect(states(three) == [.state("t", .failed)])
    }

    @Test("double tap: recognizes on the second tap; fails when it does not come in 0.35 s")
    func doubleTap() throws {
        let s = try Self.view(#"{"id": "dt", "kind": "tap", "taps": 2}"#)
        let ok = try replay(s, tap(at: (50, 150)) + tap(at: (50, 150), t: 0.3), times: true)
        #expect(states(ok).map(\.untimed) == [.state("dt", .recognized), .action("dt")])
        // delaysTouchesEnded (default true): the first tap's end is held while it waits,
        // and cancelled when it recognizes.
        #expect(ok.contains(.responder("V", .touchesCancelled, t: 0.38)))
        #expect(!ok.contains { $0.untimed == .responder("V", .touchesEnded) })
        let late = try replay(s, tap(at: (50, 150)) + tap(at: (50, 150), t: 0.5), times: true)
        let failed = late.firstIndex { $0.untimed == .state("dt", .failed) }
        #expect(failed.map { late[$0].time } == (0.08 + 0.35).nextUp)
        // The held end is delivered when it fails.
        let released = late.firstIndex { $0.untimed == .responder("V", .touchesEnded) }
        #expect(released != nil && failed != nil && released! > failed!)
    }

    @Test("delaysTouchesEnded false: the first tap's end reaches the view at once")
    func delaysTouchesEndedFalse() throws {
        let s = try Self.view(
            #"{"id": "dt", "kind": "tap", "taps": 2, "delaysTouchesEnded": false}"#)
        let log = try replay(s, tap(at: (50, 150)) + tap(at: (50, 150), t: 0.3), times: true)
        #expect(log.contains(.responder("V", .touchesEnded, t: 0.08)))
    }

    @Test("delaysTouchesBegan: held while possible; delivered in order when it fails")
    func delaysTouchesBeganFail() throws {
        let s = try Self.view(#"{"id": "p", "kind": "pan", "delaysTouchesBegan": true}"#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150)), frame(0.1, (1, .moved, 52, 150)),
                frame(0.2, (1, .ended, 52, 150)),
            ], times: true)
        #expect(
            Array(log.suffix(4)) == [
                .state("p", .failed, t: 0.2),
                .responder("V", .touchesBegan, t: 0.2),
                .responder("V", .touchesMoved, t: 0.2),
                .responder("V", .touchesEnded, t: 0.2),
            ])
    }

    @Test("delaysTouchesBegan: when it recognizes the view never hears of the touch")
    func delaysTouchesBeganRecognize() throws {
        let s = try Self.view(#"{"id": "p", "kind": "pan", "delaysTouchesBegan": true}"#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150)), frame(0.1, (1, .moved, 80, 150)),
                frame(0.2, (1, .ended, 80, 150)),
            ])
        #expect(!log.contains { $0.message(to: "V") != nil })
        #expect(
            states(log) == [
                .state("p", .began), .action("p"), .state("p", .ended), .action("p"),
            ])
    }

    @Test("delaysTouchesBegan without cancelsTouchesInView: dropped when it recognizes, too")
    func delaysTouchesBeganRecognizeWithoutCancelling() throws {
        let s = try Self.view(
            #"{"id": "p", "kind": "pan", "delaysTouchesBegan": true, "cancelsTouchesInView": false}"#
        )
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150)), frame(0.1, (1, .moved, 80, 150)),
                frame(0.2, (1, .moved, 90, 150)), frame(0.3, (1, .ended, 90, 150)),
            ])
        #expect(!log.contains { $0.message(to: "V") != nil }, "\(log)")
        #expect(
            states(log) == [
                .state("p", .began), .action("p"), .state("p", .changed), .action("p"),
                .state("p", .ended), .action("p"),
            ])
    }

    @Test("pan: begins after the hysteresis, changes, ends; translation and velocity")
    func pan() throws {
        let s = try Self.view(#"{"id": "p", "kind": "pan"}"#)
        let d = Dispatcher(scene: s)
        var reports: [GestureInfo] = []
        d.onGestureAction("p") { reports.append($0) }
        try d.replay(
            EventsFile(frames: [
                frame(0, (1, .began, 50, 150)), frame(0.1, (1, .moved, 55, 150)),
                frame(0.2, (1, .moved, 60, 150)), frame(0.3, (1, .moved, 80, 170)),
                frame(0.4, (1, .ended, 80, 170)),
            ]))
        #expect(reports.map(\.state) == [.began, .changed, .ended])
        #expect(reports[1].report.translation == Point(x: 30, y: 20))
        #expect(
            reports[1].report.velocity
                == Point(x: 20 / 0.09999999999999998, y: 20 / 0.09999999999999998))
        // The view was cancelled when the pan began (cancelsTouchesInView).
        #expect(d.log.contains(.responder("V", .touchesCancelled, t: 0.2)))
    }

    @Test("pan with cancelsTouchesInView false: the view keeps getting the touch")
    func panNoCancel() throws {
        let s = try Self.view(#"{"id": "p", "kind": "pan", "cancelsTouchesInView": false}"#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150)), frame(0.1, (1, .moved, 80, 150)),
                frame(0.2, (1, .ended, 80, 150)),
            ])
        #expect(log.last == .responder("V", .touchesEnded))
        #expect(!log.contains { $0.message(to: "V") == .touchesCancelled })
    }

    @Test("long press: begins after 0.5 s held, changes on moves, ends on lift")
    func longPress() throws {
        let s = try Self.view(#"{"id": "lp", "kind": "longPress"}"#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150)), frame(0.7, (1, .moved, 120, 150)),
                frame(0.8, (1, .ended, 120, 150)),
            ], times: true)
        #expect(
            states(log) == [
                .state("lp", .began, t: 0.5), .action("lp", t: 0.5),
                .state("lp", .changed, t: 0.7), .action("lp", t: 0.7),
                .state("lp", .ended, t: 0.8), .action("lp", t: 0.8),
            ])
        let moved = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150)), frame(0.2, (1, .moved, 61, 150)),
                frame(0.8, (1, .ended, 61, 150)),
            ])
        #expect(states(moved) == [.state("lp", .failed)])
        #expect(states(try replay(s, tap(at: (50, 150)))) == [.state("lp", .failed)])
    }

    @Test("pinch: begins when two touches' distance changes; reports scale")
    func pinch() throws {
        let s = try Self.view(#"{"id": "pi", "kind": "pinch"}"#)
        let d = Dispatcher(scene: s)
        var scales: [Double] = []
        d.onGestureAction("pi") { scales.append($0.report.scale ?? .nan) }
        try d.replay(
            EventsFile(frames: [
                frame(0, (1, .began, 100, 200), (2, .began, 200, 200)),
                frame(0.1, (1, .moved, 50, 200), (2, .moved, 250, 200)),
                frame(0.2, (1, .ended, 50, 200), (2, .ended, 250, 200)),
            ]))
        #expect(scales == [2, 2])
        #expect(d.gesture("pi")?.state == .possible)
    }

    @Test("requireToFail: single tap waits for the double tap to fail, then recognizes")
    func requireToFail() throws {
        let s = try Self.view(
            #"{"id": "single", "kind": "tap", "requireToFail": ["double"]}, {"id": "double", "kind": "tap", "taps": 2}"#
        )
        // The double tap's wait ends at 0.08 + 0.35 (0.43000000000000005 in doubles).
        let one = try replay(s, tap(at: (50, 150)), times: true)
        let due = (0.08 + 0.35).nextUp
        #expect(
            states(one) == [
                .state("double", .failed, t: due), .state("single", .recognized, t: due),
                .action("single", t: due),
            ])
        let two = try replay(s, tap(at: (50, 150)) + tap(at: (50, 150), t: 0.2))
        #expect(
            states(two) == [
                .state("double", .recognized), .state("single", .failed), .action("double"),
            ])
    }

    @Test("shouldBegin false fails; shouldReceiveTouch false never sees; disabled never sees")
    func delegateAnswers() throws {
        let no = try replay(
            Self.view(#"{"id": "t", "kind": "tap", "shouldBegin": false}"#), tap(at: (50, 150)))
        #expect(states(no) == [.state("t", .failed)])
        let blind = try replay(
            Self.view(#"{"id": "t", "kind": "tap", "shouldReceiveTouch": false}"#),
            tap(at: (50, 150)))
        #expect(blind == [.responder("V", .touchesBegan), .responder("V", .touchesEnded)])
        let off = try replay(
            Self.view(#"{"id": "t", "kind": "tap", "enabled": false}"#), tap(at: (50, 150)))
        #expect(off == blind)
    }

    @Test("simultaneousWith lets both recognize; without it the deeper wins")
    func simultaneous() throws {
        let both = try replay(
            Self.view(
                #"{"id": "outer", "kind": "tap"}"#,
                child: #"{"id": "inner", "kind": "tap", "simultaneousWith": ["outer"]}"#),
            tap(at: (150, 250)))
        #expect(
            states(both) == [
                .state("inner", .recognized), .state("outer", .recognized), .action("inner"),
                .action("outer"),
            ])
        let one = try replay(
            Self.view(
                #"{"id": "outer", "kind": "tap"}"#, child: #"{"id": "inner", "kind": "tap"}"#),
            tap(at: (150, 250)))
        #expect(
            states(one) == [
                .state("inner", .recognized), .state("outer", .failed), .action("inner"),
            ])
    }

    @Test("exclusion: a began pan makes a later attempt on the same touch fail")
    func exclusionWithBeganPan() throws {
        let s = try Self.view(
            #"{"id": "lp", "kind": "longPress", "allowableMovement": 1000}"#,
            child: #"{"id": "p", "kind": "pan"}"#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 150, 250)), frame(0.1, (1, .moved, 170, 250)),
                frame(0.7, (1, .ended, 170, 250)),
            ])
        #expect(
            states(log).prefix(3) == [.state("p", .began), .state("lp", .failed), .action("p")])
    }

    @Test("a failed recognizer hears nothing more; it resets once its touches end")
    func failedHearsNothing() throws {
        let s = try Self.view(#"{"id": "t", "kind": "tap"}"#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 50, 150)), frame(0.05, (1, .moved, 150, 150)),
                frame(0.06, (1, .moved, 160, 150)), frame(0.1, (1, .ended, 160, 150)),
            ] + tap(at: (50, 150), t: 1))
        #expect(log.filter { $0 == .gesture("t", on: "V", .touchesMoved) }.count == 1)
        #expect(
            states(log) == [.state("t", .failed), .state("t", .recognized), .action("t")])
    }

    @Test("system cancellation: a began recognizer is cancelled, a possible one fails")
    func systemCancellation() throws {
        let s = try Self.view(
            #"{"id": "t", "kind": "tap"}"#,
            child: #"{"id": "p", "kind": "pan", "cancelsTouchesInView": false}"#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 150, 250)), frame(0.1, (1, .moved, 150, 270)),
                frame(0.2, (1, .cancelled, 150, 270)),
            ])
        #expect(
            states(log) == [
                .state("p", .began), .state("t", .failed), .action("p"),
                .state("p", .cancelled), .action("p"),
            ])
        #expect(log.last == .responder("W", .touchesCancelled))
    }
}
