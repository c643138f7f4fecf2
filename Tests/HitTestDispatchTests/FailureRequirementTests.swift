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
