import HitTestBridge
import HitTestDispatch
import HitTestScene
import Testing

/// `rule-recognizer-failure-requirements-at-run-time`, from Apple's documentation:
/// UIGestureRecognizerDelegate's `gestureRecognizer(_:shouldRequireFailureOf:)` ("return
/// true to cause gestureRecognizer to wait for otherGestureRecognizer to fail") and
/// `gestureRecognizer(_:shouldBeRequiredToFailBy:)` ("return true to cause
/// otherGestureRecognizer to wait for gestureRecognizer to fail"), both "called once per
/// attempt to recognize"; and UIGestureRecognizer's subclass methods
/// `shouldRequireFailure(of:)` and `shouldBeRequiredToFail(by:)`, declared in the scene.
@Suite("Failure requirements decided at run time")
struct FailureRequirementTests {
    /// A view V with a single tap `single` and a double tap `double`; `extra` goes into
    /// `single`'s object and `extraDouble` into `double`'s.
    static func taps(_ extra: String = "", double extraDouble: String = "") throws -> Scene {
        try scene(
            #"""
            {"id": "V", "frame": [0, 0, 390, 844], "gestures": [
              {"id": "single", "kind": "tap"\#(extra)},
              {"id": "double", "kind": "tap", "taps": 2\#(extraDouble)}]}
            """#)
    }

    /// The state changes of a log, without their times.
    static func states(_ log: [DispatchLogEntry]) -> [DispatchLogEntry] {
        log.filter(\.isState).map(\.untimed)
    }

    /// One tap: with the requirement, the single tap waits for the double to fail.
    static let waitsForDouble: [DispatchLogEntry] = [
        .state("double", .failed), .state("single", .recognized),
    ]

    @Test("without any requirement the single tap recognizes at once")
    func none() throws {
        #expect(
            Self.states(try replay(Self.taps(), tap(at: (50, 50))))
                == [.state("single", .recognized), .state("double", .failed)])
    }

    @Test("scene: the single tap's subclass requires the double tap's failure")
    func subclassRequires() throws {
        let s = try Self.taps(#", "shouldRequireFailureOf": ["double"]"#)
        #expect(Self.states(try replay(s, tap(at: (50, 50)))) == Self.waitsForDouble)
        let two = try replay(s, tap(at: (50, 50)) + tap(at: (50, 50), t: 0.2))
        #expect(Self.states(two) == [.state("double", .recognized), .state("single", .failed)])
    }

    @Test("scene: the double tap's subclass is required to fail by the single tap")
    func subclassRequiredBy() throws {
        let s = try Self.taps(double: #", "shouldBeRequiredToFailBy": ["single"]"#)
        #expect(Self.states(try replay(s, tap(at: (50, 50)))) == Self.waitsForDouble)
        // The direction matters: declared the other way round, the double tap would
        // wait for the single one, which recognizes at once.
        let reverse = try Self.taps(#", "shouldBeRequiredToFailBy": ["double"]"#)
        #expect(
            Self.states(try replay(reverse, tap(at: (50, 50))))
                == [.state("single", .recognized), .state("double", .failed)])
    }

    final class Delegate: DispatchHandler {
        var requireFailure: Set<[String]> = []
        var requiredToFailBy: Set<[String]> = []
        var asked: [String] = []
        func gesture(_ gesture: String, shouldRequireFailureOf other: String) -> Bool {
            asked.append("\(gesture) requires \(other)?")
            return requireFailure.contains([gesture, other])
        }
        func gesture(_ gesture: String, shouldBeRequiredToFailBy other: String) -> Bool {
            asked.append("\(gesture) required by \(other)?")
            return requiredToFailBy.contains([gesture, other])
        }
    }

    @Test("host: shouldBeRequiredToFailBy makes the other recognizer wait")
    func hostRequiredBy() throws {
        let d = Dispatcher(scene: try Self.taps())
        let delegate = Delegate()
        delegate.requiredToFailBy = [["double", "single"]]
        d.addHandler(delegate)
        try d.replay(EventsFile(frames: tap(at: (50, 50))))
        #expect(
            Self.states(d.log) == Self.waitsForDouble)
    }

    @Test("host: asked once per attempt, about each recognizer holding touches, in order")
    func askedOncePerAttempt() throws {
        let d = Dispatcher(scene: try Self.taps())
        let delegate = Delegate()
        delegate.requireFailure = [["single", "double"]]
        d.addHandler(delegate)
        try d.replay(EventsFile(frames: tap(at: (50, 50))))
        // The single tap's attempt (at the lift) asks both questions about the double tap
        // once; the wait and its resumption when the double tap fails ask nothing more;
        // the double tap never attempts.
        #expect(delegate.asked == ["single requires double?"])
        // A second event asks again: a new attempt.
        try d.replay(EventsFile(frames: tap(at: (50, 50), t: 2)))
        #expect(delegate.asked == ["single requires double?", "single requires double?"])
    }

    @Test("host: the answers asked when the attempt began decide, even if they change")
    func answersKept() throws {
        final class Fickle: DispatchHandler {
            var calls = 0
            func gesture(_ gesture: String, shouldRequireFailureOf other: String) -> Bool {
                calls += 1
                return gesture == "single" && calls == 1
            }
        }
        let d = Dispatcher(scene: try Self.taps())
        let h = Fickle()
        d.addHandler(h)
        try d.replay(EventsFile(frames: tap(at: (50, 50))))
        #expect(Self.states(d.log) == Self.waitsForDouble)
    }

    @Test("a recognizer that holds no touch is not asked about: it cannot recognize")
    func noTouchesNoQuestion() throws {
        let s = try scene(
            #"""
            {"id": "A", "frame": [0, 0, 100, 100], "gestures": [{"id": "a", "kind": "tap"}]},
            {"id": "B", "frame": [200, 0, 100, 100], "gestures": [{"id": "b", "kind": "tap"}]}
            """#)
        let d = Dispatcher(scene: s)
        let delegate = Delegate()
        delegate.requireFailure = [["a", "b"]]
        d.addHandler(delegate)
        try d.replay(EventsFile(frames: tap(at: (50, 50))))
        #expect(delegate.asked.isEmpty)
        #expect(d.log.contains(.state(time: 0.08, gesture: "a", state: .recognized)))
    }

    /// Replays on the reference engine and says whether the dispatcher came to rest
    /// (no touch, no held message, every recognizer back to `possible`).
    static func restsAfter(_ s: Scene, _ frames: [InputFrame]) throws -> Bool {
        let d = Dispatcher(scene: s)
        try d.replay(EventsFile(frames: frames))
        return d.isIdle(at: frames.last!.time + 10)
    }

    @Test("a cycle of waits: two taps that each require the other to fail both fail")
    func twoWayCycle() throws {
        let s = try Self.taps(#", "requireToFail": ["double"]"#, double: #", "requireToFail": ["single"]"#)
        // One tap: the single tap waits on the double, which never attempts and fails when
        // its interval runs out; no cycle closes, so the single tap recognizes.
        #expect(Self.states(try replay(s, tap(at: (50, 50)))) == Self.waitsForDouble)
        // Two taps: the double tap's attempt waits on the single tap, which waits on it.
        let two = tap(at: (50, 50)) + tap(at: (50, 50), t: 0.2)
        #expect(
            Self.states(try replay(s, two)) == [.state("single", .failed), .state("double", .failed)])
        #expect(try Self.restsAfter(s, two))
    }

    @Test("a cycle of waits through every kind of requirement, fingers lifted in one frame")
    func cycleOfTwoFingerTaps() throws {
        // `b` requires `a` to fail by its list, and `a` requires `b` through `b`'s
        // shouldBeRequiredToFailBy: both attempt when the two fingers lift together.
        let s = try scene(
            #"""
            {"id": "V", "frame": [0, 0, 390, 844], "gestures": [
              {"id": "a", "kind": "tap", "touches": 2},
              {"id": "b", "kind": "tap", "touches": 2, "requireToFail": ["a"],
               "simultaneousWith": ["a"], "shouldBeRequiredToFailBy": ["a"]}]}
            """#)
        let frames = [
            frame(0, (1, .began, 50, 50), (2, .began, 80, 80)),
            frame(0.08, (1, .ended, 50, 50), (2, .ended, 80, 80)),
        ]
        #expect(Self.states(try replay(s, frames)) == [.state("a", .failed), .state("b", .failed)])
        #expect(try Self.restsAfter(s, frames))
    }

    @Test("a ring of three waits fails all three; a chain that is no ring does not")
    func ringOfThree() throws {
        let ring = try scene(
            #"""
            {"id": "V", "frame": [0, 0, 390, 844], "gestures": [
              {"id": "a", "kind": "tap", "requireToFail": ["b"]},
              {"id": "b", "kind": "tap", "requireToFail": ["c"], "simultaneousWith": ["a"]},
              {"id": "c", "kind": "tap", "requireToFail": ["a"], "simultaneousWith": ["a", "b"]}]}
            """#)
        let states = Self.states(try replay(ring, tap(at: (50, 50))))
        #expect(states == [.state("a", .failed), .state("b", .failed), .state("c", .failed)])
        #expect(try Self.restsAfter(ring, tap(at: (50, 50))))
        // Without the last link, c recognizes, which fails b, which lets a go on.
        let chain = try scene(
            #"""
            {"id": "V", "frame": [0, 0, 390, 844], "gestures": [
              {"id": "a", "kind": "tap", "requireToFail": ["b"]},
              {"id": "b", "kind": "tap", "requireToFail": ["c"], "simultaneousWith": ["a"]},
              {"id": "c", "kind": "tap", "simultaneousWith": ["a", "b"]}]}
            """#)
        #expect(
            Self.states(try replay(chain, tap(at: (50, 50))))
                == [.state("c", .recognized), .state("b", .failed), .state("a", .recognized)])
    }

    @Test("scene: a name that is no gesture, or the gesture itself, is refused with its path")
    func validation() throws {
        for (field, value, words) in [
            ("shouldRequireFailureOf", #"["nope"]"#, "names \"nope\", which is no gesture"),
            ("shouldBeRequiredToFailBy", #"["single"]"#, "names itself"),
            ("shouldRequireFailureOf", #""double""#, "must be an array"),
        ] {
            do {
                _ = try Self.taps(#", "\#(field)": \#(value)"#)
                Issue.record("\(field) \(value) was accepted")
            } catch {
                let text = "\(error)"
                #expect(text.contains(field) && text.contains(words), "\(text)")
                #expect(text.contains("gestures[0]"), "\(text)")
            }
        }
    }
}
