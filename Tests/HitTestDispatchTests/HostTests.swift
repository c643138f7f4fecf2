import HitTestBridge
import HitTestDispatch
import HitTestScene
import Testing

/// What an embedding host adds: delegate answers (shouldBegin, shouldReceiveTouch,
/// simultaneity, failure requirements), the system cancellation of every touch, draining
/// the log, and the idle test (nothing in flight).
@Suite("Host hooks")
struct HostTests {
    /// A view V (0, 0, 390, 844) with a tap `t` and a pan `p`.
    static func tapAndPan() throws -> Scene {
        try scene(
            #"""
            {"id": "V", "frame": [0, 0, 390, 844], "gestures": [
              {"id": "t", "kind": "tap"}, {"id": "p", "kind": "pan"}]}
            """#)
    }

    final class Delegate: DispatchHandler {
        var begin: Bool?
        var receive: Bool?
        var simultaneous: Set<[String]> = []
        var requires: Set<[String]> = []
        var asked: [String] = []
        func gestureShouldBegin(_ gesture: GestureInfo) -> Bool? {
            asked.append("begin \(gesture.id)")
            return begin
        }
        func gesture(_ gesture: GestureInfo, shouldReceive touch: Touch) -> Bool? {
            asked.append("receive \(gesture.id) \(touch.id)")
            return gesture.id == "t" ? receive : nil
        }
        func gesture(_ gesture: String, shouldRecognizeSimultaneouslyWith other: String) -> Bool {
            simultaneous.contains([gesture, other])
        }
        func gesture(_ gesture: String, shouldRequireFailureOf other: String) -> Bool {
            requires.contains([gesture, other])
        }
    }

    static func states(_ d: Dispatcher) -> [String] {
        d.log.compactMap { e in
            if case .state(_, let g, let s) = e { return "\(g) \(s.rawValue)" }
            return nil
        }
    }

    @Test("shouldReceiveTouch false keeps the touch from the tap; the pan still gets it")
    func shouldReceive() throws {
        let d = Dispatcher(scene: try Self.tapAndPan())
        let delegate = Delegate()
        delegate.receive = false
        d.addHandler(delegate)
        for f in tap(at: (100, 100)) { try d.feed(f) }
        d.flush()
        #expect(delegate.asked.contains("receive t 1"))
        #expect(Self.states(d) == ["p failed"])
    }

    @Test("shouldBegin false fails the tap at its attempt; nil keeps the scene's answer")
    func shouldBegin() throws {
        for (answer, expected) in [(false, "t failed"), (nil, "t recognized")] as [(Bool?, String)]
        {
            let d = Dispatcher(scene: try Self.tapAndPan())
            let delegate = Delegate()
            delegate.begin = answer
            d.addHandler(delegate)
            for f in tap(at: (100, 100)) { try d.feed(f) }
            #expect(Self.states(d).contains(expected))
            #expect(delegate.asked.contains("begin t"))
        }
    }

    /// Two pans, `a` and `b`, on one view: both want the same touch.
    static func twoPans() throws -> Scene {
        try scene(
            #"""
            {"id": "V", "frame": [0, 0, 390, 844], "gestures": [
              {"id": "a", "kind": "pan"}, {"id": "b", "kind": "pan"}]}
            """#)
    }

    static let drag = [
        frame(0, (1, .began, 100, 100)), frame(0.1, (1, .moved, 160, 100)),
        frame(0.2, (1, .ended, 160, 100)),
    ]

    @Test("shouldRecognizeSimultaneously lets two pans begin on one touch; without it one fails")
    func simultaneous() throws {
        let alone = Dispatcher(scene: try Self.twoPans())
        for f in Self.drag { try alone.feed(f) }
        #expect(Self.states(alone).prefix(2) == ["a began", "b failed"])

        let d = Dispatcher(scene: try Self.twoPans())
        let delegate = Delegate()
        delegate.simultaneous = [["b", "a"]]
        d.addHandler(delegate)
        for f in Self.drag { try d.feed(f) }
        #expect(Self.states(d).prefix(2) == ["a began", "b began"])
    }

    @Test("shouldRequireFailureOf makes a pan wait for the other, which then wins")
    func requireFailure() throws {
        let d = Dispatcher(scene: try Self.twoPans())
        let delegate = Delegate()
        delegate.requires = [["a", "b"]]
        d.addHandler(delegate)
        for f in Self.drag { try d.feed(f) }
        #expect(Self.states(d).prefix(2) == ["b began", "a failed"])
    }

    @Test("cancelAllTouches cancels every touch down, in order; takeLog empties the log")
    func cancelAll() throws {
        let d = Dispatcher(scene: try Self.twoPans())
        try d.feed(frame(0, (7, .began, 10, 10), (3, .began, 50, 50)))
        try d.feed(frame(0.1, (7, .moved, 80, 10)))
        _ = d.takeLog()
        #expect(d.log.isEmpty)
        try d.cancelAllTouches(at: 0.2)
        let cancelled = d.log.compactMap { e -> Int? in
            if case .delivery(_, let t, .gesture("a", _), .touchesCancelled) = e { return t }
            return nil
        }
        #expect(cancelled == [7, 3])
        #expect(Self.states(d).contains("a cancelled"))
        #expect(d.activeTouches.isEmpty)
        #expect(throws: DispatchError.self) { try d.cancelAllTouches(at: 0.1) }
    }

    @Test("isIdle: false while a touch is down, a timer pends or a tap sequence may go on")
    func idle() throws {
        let d = Dispatcher(
            scene: try scene(
                #"{"id": "V", "frame": [0, 0, 390, 844], "gestures": [{"id": "d", "kind": "tap", "taps": 2}]}"#
            ))
        #expect(d.isIdle(at: 0))
        try d.feed(frame(0, (1, .began, 10, 10)))
        #expect(!d.isIdle(at: 0))
        try d.feed(frame(0.05, (1, .ended, 10, 10)))
        #expect(!d.isIdle(at: 0.1))  // the double tap waits for its second tap
        d.flush(until: 1)
        #expect(d.isIdle(at: 1))
        #expect(!d.isIdle(at: 0.2))  // a touch then could still be a second tap
    }
}
