import HitTestDispatch
import HitTestScene
import Testing

/// Controls (`rule-control-events`): control events, the tracking slop, `enabled`, target
/// actions, and the control rule.
@Suite("Controls")
struct ControlTests {
    /// A button (100, 100, 100, 40) in a handling view P, with every event wired to an
    /// action of the same name.
    static func button(
        _ control: String = "", cls: String = "UIButton", parentGestures: String = ""
    )
        throws -> Scene
    {
        let actions = ControlEvent.allCases.map { #""\#($0.rawValue)": "on\#($0.rawValue)""# }
            .joined(separator: ", ")
        return try scene(
            #"""
            {"id": "P", "frame": [0, 0, 390, 844], "touches": "handle", "gestures": [\#(parentGestures)], "subviews": [
              {"id": "b", "class": "\#(cls)", "frame": [100, 100, 100, 40], "control": {"actions": {\#(actions)}\#(control)}}]}
            """#)
    }

    /// The control events `b` sent, in order. (The highlight, `rule-control-highlight`,
    /// has tests of its own.)
    static func events(_ log: [DispatchLogEntry]) -> [ControlEvent] {
        log.compactMap {
            if case .control(_, "b", let event) = $0 { return event }
            return nil
        }
    }

    @Test("touchDown, drags inside, exit, outside, enter, touchUpInside, with their actions")
    func dragAround() throws {
        let log = try replay(
            Self.button(),
            [
                frame(0, (1, .began, 150, 120)), frame(0.1, (1, .moved, 160, 120)),
                frame(0.2, (1, .moved, 300, 120)), frame(0.3, (1, .moved, 320, 120)),
                frame(0.4, (1, .moved, 150, 120)), frame(0.5, (1, .ended, 150, 120)),
            ])
        let events: [ControlEvent] = [
            .touchDown, .touchDragInside, .touchDragExit, .touchDragOutside, .touchDragOutside,
            .touchDragEnter, .touchDragInside, .touchUpInside, .primaryActionTriggered,
        ]
        #expect(Self.events(log) == events)
        // Each event fires the action wired to it, in the same order.
        #expect(log.filter { $0.isStateOrAction } == events.map { .action("on\($0.rawValue)") })
        #expect(
            Array(log.prefix(4)) == [
                .responder("b", .touchesBegan),
                .highlight(time: 0, control: "b", highlighted: true), .control("b", .touchDown),
                .action("ontouchDown"),
            ])
    }

    @Test("the tracking rect is the bounds grown by 70 pt (half-open), or by trackingSlop")
    func slop() throws {
        // The button spans x 100..<200 in the window: 269.99 is inside, 270 is not.
        let inside = try replay(
            Self.button(), [frame(0, (1, .began, 150, 120)), frame(0.1, (1, .ended, 269.99, 120))])
        #expect(Self.events(inside) == [.touchDown, .touchUpInside, .primaryActionTriggered])
        let outside = try replay(
            Self.button(), [frame(0, (1, .began, 150, 120)), frame(0.1, (1, .ended, 270, 120))])
        #expect(Self.events(outside) == [.touchDown, .touchUpOutside])
        let tight = try replay(
            Self.button(#", "trackingSlop": 0"#),
            [frame(0, (1, .began, 150, 120)), frame(0.1, (1, .ended, 200, 120))])
        #expect(Self.events(tight) == [.touchDown, .touchUpOutside])
    }

    @Test("touchDownRepeat follows touchDown on a second tap; touchCancel on cancellation")
    func repeatAndCancel() throws {
        let log = try replay(
            Self.button(),
            tap(at: (150, 120)) + [
                frame(0.2, (2, .began, 150, 120)), frame(0.3, (2, .cancelled, 150, 120)),
            ])
        #expect(
            Self.events(log) == [
                .touchDown, .touchUpInside, .primaryActionTriggered, .touchDown,
                .touchDownRepeat, .touchCancel,
            ])
    }

    @Test("a control handles its touches and does not forward them; disabled, it forwards")
    func enabled() throws {
        let on = try replay(Self.button(), tap(at: (150, 120)))
        #expect(!on.contains { $0.message(to: "P") != nil })
        let off = try replay(Self.button(#", "enabled": false"#), tap(at: (150, 120)))
        #expect(Self.events(off).isEmpty)
        #expect(off.contains(.responder("P", .touchesBegan)))
    }

    @Test("a class alone makes a control (UISwitch without a control field)")
    func classAlone() throws {
        let s = try scene(#"{"id": "sw", "class": "UISwitch", "frame": [0, 0, 100, 100]}"#)
        let log = try replay(s, tap(at: (50, 50)))
        #expect(log.contains(.control("sw", .touchDown)))
        #expect(log.contains(.control("sw", .touchUpInside)))
    }

    @Test(
        "the control rule: an ancestor's single tap fails on a button-like control; other taps do not",
        arguments: [
            (#"{"id": "g", "kind": "tap"}"#, "UIButton", true),
            (#"{"id": "g", "kind": "tap"}"#, "UISegmentedControl", true),
            (#"{"id": "g", "kind": "tap", "taps": 2}"#, "UIButton", false),
            (#"{"id": "g", "kind": "tap"}"#, "UISlider", false),
            // Off the knob (the touch begins mid-track, the knob is at the start): the
            // pan is not the slider's; ControlTrackingTests covers the knob.
            (#"{"id": "g", "kind": "pan"}"#, "UISlider", false),
            (#"{"id": "g", "kind": "pan"}"#, "UIButton", false),
        ])
    func controlRule(gesture: String, cls: String, blocked: Bool) throws {
        let s = try Self.button(cls: cls, parentGestures: gesture)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 150, 120)), frame(0.05, (1, .moved, 150, 121)),
                frame(0.1, (1, .moved, 170, 121)), frame(0.2, (1, .ended, 170, 121)),
                frame(0.3, (2, .began, 170, 121)), frame(0.35, (2, .ended, 170, 121)),
            ])
        let failedAtAttempt = log.first { $0.isState } == .state("g", .failed)
        if blocked {
            #expect(failedAtAttempt)
            #expect(log.contains(.control("b", .touchUpInside)))
        } else {
            #expect(!failedAtAttempt)
        }
    }

    @Test("a control does not beat a tap on a view it is not inside")
    func ruleNeedsAncestor() throws {
        let s = try scene(
            #"""
            {"id": "X", "frame": [0, 0, 390, 844], "gestures": [{"id": "g", "kind": "tap"}]},
            {"id": "b", "class": "UIButton", "frame": [0, 0, 100, 100]}
            """#)
        // The button is on top of X, not inside it: X's tap never sees the touch.
        let log = try replay(s, tap(at: (50, 50)))
        #expect(!log.contains { $0.gestureID == "g" })
        #expect(log.contains(.control("b", .touchUpInside)))
    }
}
