import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

/// Bad input is refused with the path and field, never a crash; and the host API.
@Suite("Events files, bad input and the host API")
struct InputTests {
    static func error(_ json: String) -> EventsFileError? {
        do {
            _ = try EventsFile.load(json: json)
            return nil
        } catch {
            return error
        }
    }

    static func events(_ frames: String, extra: String = "") -> String {
        #"{"format": "hittest-events/1", "frames": [\#(frames)]\#(extra)}"#
    }

    @Test(
        "each bad events file names the path and field",
        arguments: [
            (#"{"frames": []}"#, "$", "format"),
            (#"{"format": "hittest-events/2", "frames": []}"#, "$", "format"),
            (#"{"format": "hittest-events/1"}"#, "$", "frames"),
            (events(#"{"t": "0", "touches": []}"#), "$.frames[0]", "t"),
            (events(#"{"t": 0}"#), "$.frames[0]", "touches"),
            (events(#"{"t": 0, "touches": [], "dt": 1}"#), "$.frames[0]", "dt"),
            (events(#"{"t": 1, "touches": []}, {"t": 0.5, "touches": []}"#), "$.frames[1]", "t"),
            (
                events(#"{"t": 0, "touches": [{"id": 1.5, "phase": "began", "at": [0, 0]}]}"#),
                "$.frames[0].touches[0]", "id"
            ),
            (
                events(#"{"t": 0, "touches": [{"id": 1, "phase": "start", "at": [0, 0]}]}"#),
                "$.frames[0].touches[0]", "phase"
            ),
            (
                events(#"{"t": 0, "touches": [{"id": 1, "phase": "began", "at": [0]}]}"#),
                "$.frames[0].touches[0]", "at"
            ),
            (
                events(#"{"t": 0, "touches": [{"id": 1, "phase": "moved", "at": [0, 0]}]}"#),
                "$.frames[0].touches[0]", "phase"
            ),
            (
                events(
                    #"{"t": 0, "touches": [{"id": 1, "phase": "began", "at": [0, 0]}, {"id": 1, "phase": "ended", "at": [0, 0]}]}"#
                ), "$.frames[0].touches[1]", "id"
            ),
            (
                events(
                    #"{"t": 0, "touches": [{"id": 1, "phase": "began", "at": [0, 0]}]}, {"t": 1, "touches": [{"id": 1, "phase": "began", "at": [0, 0]}]}"#
                ), "$.frames[1].touches[0]", "phase"
            ),
            (events(#"{"t": 2, "touches": []}"#, extra: #", "until": 1"#), "$", "until"),
        ])
    func badFile(json: String, path: String, field: String) {
        let e = Self.error(json)
        #expect(e?.path == path)
        #expect(e?.field == field)
    }

    @Test("broken JSON is refused with the reader's position")
    func brokenJSON() {
        #expect(Self.error(#"{"format": "hittest-events/1", "frames": [}"#) != nil)
        #expect(Self.error("") != nil)
    }

    @Test("feed refuses NaN, infinities, time going back, and unknown touches, changing nothing")
    func feedRefuses() throws {
        let s = try scene(#"{"id": "V", "frame": [0, 0, 100, 100], "touches": "handle"}"#)
        let d = Dispatcher(scene: s)
        try d.feed(frame(1, (1, .began, 50, 50)))
        let bad: [InputFrame] = [
            frame(.nan), frame(.infinity), frame(0.5),
            frame(2, (1, .moved, .nan, 0)), frame(2, (2, .ended, 0, 0)),
            frame(2, (1, .began, 0, 0)), frame(2, (3, .began, 0, 0), (3, .moved, 0, 0)),
        ]
        for f in bad {
            #expect(throws: DispatchError.self) { try d.feed(f) }
        }
        #expect(d.log.count == 1)
        try d.feed(frame(2, (1, .ended, 50, 50)))
        #expect(d.log.count == 2)
        d.flush(until: .nan)
        d.flush()
        #expect(d.activeTouches.isEmpty)
    }

    @Test("a touch id may be reused once it ended, even while its old touch is still held")
    func idReuse() throws {
        let s = try scene(
            #"{"id": "V", "frame": [0, 0, 100, 100], "touches": "handle", "gestures": [{"id": "dt", "kind": "tap", "taps": 2}]}"#
        )
        let log = try replay(s, tap(at: (50, 50)) + tap(at: (50, 50), t: 0.2))
        #expect(log.contains(.state("dt", .recognized)))
        #expect(log.filter { $0 == .responder("V", .touchesCancelled) }.count == 2)
    }

    final class Recorder: DispatchHandler {
        var seen: [String] = []
        func responder(_ name: String, received message: TouchMessage, touch: Touch)
            -> TouchHandling?
        {
            seen.append("\(name) \(message.rawValue)")
            return name == "V" ? .handleAndForward : nil
        }
        func gestureAction(_ gesture: GestureInfo) { seen.append("gesture \(gesture.id)") }
        func controlAction(_ action: String, control: String, event: ControlEvent, touch: Touch) {
            seen.append("control \(control) \(event.rawValue) \(action)")
        }
    }

    @Test("handlers: closures and conformances see deliveries, actions and control actions")
    func handlers() throws {
        let s = try scene(
            #"""
            {"id": "V", "frame": [0, 0, 390, 400], "touches": "handle", "gestures": [{"id": "g", "kind": "tap", "cancelsTouchesInView": false}]},
            {"id": "b", "class": "UIButton", "frame": [0, 500, 100, 100], "control": {"actions": {"touchUpInside": "go"}}}
            """#)
        let d = Dispatcher(scene: s, engine: .reference)
        let recorder = Recorder()
        d.addHandler(recorder)
        var closures: [String] = []
        d.onTouches(of: "main") { message, _ in
            closures.append("main \(message.rawValue)")
            return .handle
        }
        d.onGestureAction("g") { closures.append("g \($0.state.rawValue) \($0.touches)") }
        d.onControlAction("go") { control, event, touch in
            closures.append("go \(control) \(event.rawValue) \(touch.id)")
        }
        try d.replay(EventsFile(frames: tap(at: (50, 50)) + tap(2, at: (50, 550), t: 1)))
        // The conformance made V forward; the closure made main stop the message.
        #expect(
            recorder.seen == [
                "V touchesBegan", "main touchesBegan", "gesture g", "V touchesEnded",
                "main touchesEnded", "b touchesBegan", "b touchesEnded",
                "control b touchUpInside go",
            ])
        #expect(
            closures == [
                "main touchesBegan", "g recognized [1]", "main touchesEnded",
                "go b touchUpInside 2",
            ])
        #expect(!d.log.contains { $0.text.contains("UIApplication") })
    }

    @Test("the reference and store roles agree on chains and local points")
    func rolesAgree() throws {
        let s = try ArticleLogTests.chainScene(viewTwo: "forward")
        let r = ReferenceEngine(scene: s)
        let f = StoreEngine(store: ViewStore(scene: s), useIndexes: false)
        for id in ["ViewThree", "ViewTwo", "rootView", "main", "nothing"] {
            #expect(r.responderChain(of: id) == f.responderChain(of: id))
            #expect(r.location(Point(x: 3, y: 7), in: id) == f.location(Point(x: 3, y: 7), in: id))
        }
        #expect(
            f.responderChain(of: "ViewTwo")
                == f.store.responderChain(of: f.store.view(withID: "ViewTwo")!))
    }
}

@Suite("Events file limits")
struct EventsLimitTests {
    @Test("files, frames and touches beyond the limits are refused, naming the limit")
    func limits() throws {
        var limits = EventsFile.Limits()
        limits.maxFrames = 2
        limits.maxTouchesPerFrame = 1
        let frames = #"{"format": "hittest-events/1", "frames": [{"t": 0, "touches": []}, {"t": 1, "touches": []}, {"t": 2, "touches": []}]}"#
        #expect(throws: EventsFileError.self) { try EventsFile.load(json: Array(frames.utf8), limits: limits) }
        do {
            _ = try EventsFile.load(json: Array(frames.utf8), limits: limits)
        } catch {
            #expect(error.path == "$" && error.field == "frames")
            #expect(error.message.contains("limit of 2"))
        }
        let touches = #"{"format": "hittest-events/1", "frames": [{"t": 0, "touches": [{"id": 1, "phase": "began", "at": [0, 0]}, {"id": 2, "phase": "began", "at": [1, 1]}]}]}"#
        do {
            _ = try EventsFile.load(json: Array(touches.utf8), limits: limits)
            Issue.record("two touches in a frame were accepted with a limit of 1")
        } catch {
            #expect(error.path == "$.frames[0]" && error.field == "touches")
        }
        limits.maxJSONBytes = 10
        do {
            _ = try EventsFile.load(json: Array(touches.utf8), limits: limits)
            Issue.record("a file over the byte limit was accepted")
        } catch {
            #expect(error.message.contains("more than the limit of 10"))
        }
        // Within the default limits, the same files load.
        #expect(try EventsFile.load(json: Array(touches.utf8)).frames.count == 1)
    }
}
