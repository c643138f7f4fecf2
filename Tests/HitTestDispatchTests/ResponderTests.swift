import HitTestBridge
import HitTestDispatch
import HitTestScene
import Testing

/// `rule-touch-binding`, `rule-responder-handling`, `rule-touch-tap-count`,
/// `rule-touch-multiple-touch` and `rule-touch-exclusive`: binding, the handling table, tap
/// counts, the exclusions.
@Suite("Touches and the responder chain")
struct ResponderTests {
    /// ViewOne > ViewTwo in a view controller's root view; `extra` goes on ViewTwo.
    static func twoViews(_ two: String = "", one: String = "", vc: String = "") throws -> Scene {
        try scene(
            #"""
            {"id": "rootView", "frame": [0, 0, 390, 844], "viewController": "VC"\#(vc), "subviews": [
              {"id": "ViewOne", "frame": [0, 100, 390, 400]\#(one), "subviews": [
                {"id": "ViewTwo", "frame": [100, 100, 100, 100]\#(two)}]},
              {"id": "Other", "frame": [0, 600, 390, 100]\#(one)}]}
            """#)
    }

    /// The responders sent `touchesBegan`, in order.
    static func began(_ log: [DispatchLogEntry]) -> [String] {
        log.compactMap {
            if case .delivery(_, _, .responder(let name), .touchesBegan) = $0 { return name }
            return nil
        }
    }

    @Test(
        "the handling table: forward passes on, handle stops, handleAndForward takes and passes",
        arguments: [
            (
                "forward",
                ["ViewTwo", "ViewOne", "rootView", "VC", "main", "UIApplication", "AppDelegate"]
            ),
            ("handle", ["ViewTwo"]),
            (
                "handleAndForward",
                ["ViewTwo", "ViewOne", "rootView", "VC", "main", "UIApplication", "AppDelegate"]
            ),
        ])
    func handlingTable(handling: String, expected: [String]) throws {
        let log = try replay(Self.twoViews(#", "touches": "\#(handling)""#), tap(at: (150, 250)))
        #expect(Self.began(log) == expected)
    }

    @Test("a responder up the chain that handles stops the message there, view controllers too")
    func handlingUpTheChain() throws {
        let one = try replay(Self.twoViews(one: #", "touches": "handle""#), tap(at: (150, 250)))
        #expect(Self.began(one) == ["ViewTwo", "ViewOne"])
        let vc = try replay(
            Self.twoViews(vc: #", "viewControllerTouches": "handle""#), tap(at: (150, 250)))
        #expect(Self.began(vc) == ["ViewTwo", "ViewOne", "rootView", "VC"])
    }

    @Test("a touch stays bound to its view when it moves off it; stationary sends nothing")
    func boundForLife() throws {
        let log = try replay(
            Self.twoViews(#", "touches": "handle""#),
            [
                frame(0, (1, .began, 150, 250)), frame(0.1, (1, .moved, 300, 700)),
                frame(0.2, (1, .stationary, 300, 700)), frame(0.3, (1, .ended, 300, 700)),
            ])
        #expect(
            log == [
                .responder("ViewTwo", .touchesBegan), .responder("ViewTwo", .touchesMoved),
                .responder("ViewTwo", .touchesEnded),
            ])
    }

    @Test("a touch where no window takes touches reaches nobody")
    func missesEverything() throws {
        #expect(try replay(Self.twoViews(), tap(at: (-10, -10))).isEmpty)
    }

    @Test("a system cancellation sends touchesCancelled")
    func systemCancel() throws {
        let log = try replay(
            Self.twoViews(#", "touches": "handle""#),
            [frame(0, (1, .began, 150, 250)), frame(0.1, (1, .cancelled, 150, 250))])
        #expect(log.last == .responder("ViewTwo", .touchesCancelled))
    }

    /// Tap counts, read from the touches a host sees.
    func tapCounts(_ frames: [InputFrame]) throws -> [Int] {
        let d = Dispatcher(scene: try Self.twoViews())
        var counts: [Int] = []
        d.onTouches(of: "ViewTwo") { message, touch in
            if message == .touchesBegan { counts.append(touch.tapCount) }
            return .handle
        }
        for f in frames { try d.feed(f) }
        return counts
    }

    @Test("tapCount: within 0.35 s, 0.75 s and 45 pt the count goes up; beyond, it restarts")
    func tapCount() throws {
        #expect(try tapCounts(tap(at: (150, 250)) + tap(at: (150, 250), t: 0.43)) == [1, 2])
        #expect(
            try tapCounts(
                tap(at: (150, 250)) + tap(at: (160, 250), t: 0.3) + tap(at: (150, 250), t: 0.6))
                == [1, 2, 3])
        #expect(try tapCounts(tap(at: (150, 250)) + tap(at: (150, 250), t: 0.44)) == [1, 1])
        #expect(try tapCounts(tap(at: (150, 250)) + tap(at: (196, 250), t: 0.2)) == [1, 1])
        let long = [frame(0, (1, .began, 150, 250)), frame(0.8, (1, .ended, 150, 250))]
        #expect(try tapCounts(long + tap(at: (150, 250), t: 0.9)) == [1, 1])
    }

    @Test("multipleTouchEnabled false: the view is not sent a second touch; true: it is")
    func multipleTouch() throws {
        let frames = [
            frame(0, (1, .began, 150, 250)), frame(0.1, (2, .began, 160, 260)),
            frame(0.2, (1, .ended, 150, 250), (2, .ended, 160, 260)),
        ]
        let single = try replay(Self.twoViews(#", "touches": "handle""#), frames)
        #expect(
            single == [
                .responder("ViewTwo", .touchesBegan), .responder("ViewTwo", .touchesEnded),
            ])
        let multi = try replay(
            Self.twoViews(#", "touches": "handle", "multipleTouchEnabled": true"#), frames)
        #expect(
            multi == [
                .responder("ViewTwo", .touchesBegan),
                .responder("ViewTwo", .touchesBegan, touch: 2),
                .responder("ViewTwo", .touchesEnded),
                .responder("ViewTwo", .touchesEnded, touch: 2),
            ])
    }

    @Test(
        "exclusiveTouch: no other view of the window gets a new touch, nor it while others have one"
    )
    func exclusiveTouch() throws {
        let s = try Self.twoViews(
            #", "touches": "handle", "exclusiveTouch": true"#, one: #", "touches": "handle""#)
        // ViewTwo first: the touch on Other is not sent.
        let first = try replay(
            s, [frame(0, (1, .began, 150, 250)), frame(0.1, (2, .began, 50, 650))])
        #expect(first == [.responder("ViewTwo", .touchesBegan)])
        // Other first: the touch on ViewTwo is not sent.
        let second = try replay(
            s, [frame(0, (1, .began, 50, 650)), frame(0.1, (2, .began, 150, 250))])
        #expect(second == [.responder("Other", .touchesBegan)])
        // Without exclusiveTouch both are sent.
        let neither = try replay(
            Self.twoViews(#", "touches": "handle""#, one: #", "touches": "handle""#),
            [frame(0, (1, .began, 50, 650)), frame(0.1, (2, .began, 150, 250))])
        #expect(
            neither == [
                .responder("Other", .touchesBegan), .responder("ViewTwo", .touchesBegan, touch: 2),
            ])
    }

    @Test("several windows: the touch binds to the window on top at its point")
    func severalWindows() throws {
        let s = try Scene.load(
            json: #"""
                {"format": "hittest-scene/1", "windows": [
                  {"id": "main", "frame": [0, 0, 390, 844], "touches": "handle"},
                  {"id": "alert", "frame": [50, 300, 290, 200], "level": 2000, "touches": "handle"}]}
                """#)
        let d = Dispatcher(scene: s)
        try d.feed(frame(0, (1, .began, 100, 350), (2, .began, 10, 10)))
        #expect(d.activeTouches.map(\.window) == ["alert", "main"])
        #expect(d.activeTouches.map(\.view) == ["alert", "main"])
    }
}
