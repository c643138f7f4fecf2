import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestScene
import Testing

/// Custom control tracking, from Apple's `UIControl` documentation
/// (https://developer.apple.com/documentation/uikit/uicontrol): `beginTracking(_:with:)`,
/// `continueTracking(_:with:)`, `endTracking(_:with:)`, `cancelTracking(with:)`,
/// `isTracking`, `isTouchInside`, `isHighlighted`; `UIControl.Event.valueChanged` and
/// `.primaryActionTriggered`; and the knob rule of `UIGestureRecognizer`'s "Interacting
/// with Other Gesture Recognizers" (a control's default action beats overlapping
/// recognizers of its ancestors).
@Suite("Control tracking")
struct ControlTrackingTests {
    /// A control `c` of class `cls` at (100, 100, w, h) inside a handling view P.
    static func control(
        _ cls: String, _ fields: String = "", size: (Double, Double) = (100, 40),
        parentGestures: String = ""
    ) throws -> Scene {
        try scene(
            #"""
            {"id": "P", "frame": [0, 0, 390, 844], "touches": "handle", "gestures": [\#(parentGestures)], "subviews": [
              {"id": "c", "class": "\#(cls)", "frame": [100, 100, \#(size.0), \#(size.1)], "control": {"actions": {"valueChanged": "changed", "primaryActionTriggered": "primary"}\#(fields)}}]}
            """#)
    }

    /// What the control `c` did: its highlight changes and control events, without times.
    static func own(_ log: [DispatchLogEntry]) -> [DispatchLogEntry] {
        log.filter {
            switch $0 {
            case .control(_, "c", _), .highlight(_, "c", _): true
            default: false
            }
        }.map(\.untimed)
    }

    @Test(
        "isHighlighted: on at touch-down, off when the drag leaves, on when it returns, off at touch-up"
    )
    func highlight() throws {
        let log = try replay(
            Self.control("UIButton"),
            [
                frame(0, (1, .began, 150, 120)), frame(0.1, (1, .moved, 300, 120)),
                frame(0.2, (1, .moved, 160, 120)), frame(0.3, (1, .ended, 160, 120)),
            ])
        #expect(
            Self.own(log) == [
                .highlight("c", true), .control("c", .touchDown), .highlight("c", false),
                .control("c", .touchDragExit), .control("c", .touchDragOutside),
                .highlight("c", true), .control("c", .touchDragEnter),
                .control("c", .touchDragInside), .highlight("c", false),
                .control("c", .touchUpInside), .control("c", .primaryActionTriggered),
            ])
        #expect(log.last == .action("primary"))
    }

    /// Records the tracking calls, answering as told.
    final class Tracker: ControlTrackingHandler {
        var calls: [String] = []
        var begin: Bool?
        var continueAfter = Int.max
        var moves = 0
        func beginTracking(_ control: String, touch: Touch) -> Bool? {
            calls.append("begin \(control)")
            return begin
        }
        func continueTracking(_ control: String, touch: Touch) -> Bool? {
            moves += 1
            calls.append("continue")
            return moves <= continueAfter ? nil : false
        }
        func endTracking(_ control: String, touch: Touch) { calls.append("end") }
        func cancelTracking(_ control: String, touch: Touch) { calls.append("cancel") }
    }

    /// Replays `frames` with `host` registered; returns what the control `c` did.
    static func tracked(_ s: Scene, _ host: Tracker, _ frames: [InputFrame]) throws
        -> [DispatchLogEntry]
    {
        let d = Dispatcher(scene: s)
        d.addHandler(host)
        try d.replay(EventsFile(frames: frames))
        return Self.own(d.log)
    }

    static let drag = [
        frame(0, (1, .began, 150, 120)), frame(0.1, (1, .moved, 155, 120)),
        frame(0.2, (1, .moved, 160, 120)), frame(0.3, (1, .ended, 160, 120)),
    ]

    @Test("beginTracking answering false: the control does not track (no events, no highlight)")
    func beginFalse() throws {
        let host = Tracker()
        host.begin = false
        let events = try Self.tracked(Self.control("UIButton"), host, Self.drag)
        #expect(events.isEmpty)
        #expect(host.calls == ["begin c"])
    }

    @Test("continueTracking answering false stops tracking: no more drags, no touchUpInside")
    func continueFalse() throws {
        let host = Tracker()
        host.continueAfter = 1
        let events = try Self.tracked(Self.control("UIButton"), host, Self.drag)
        #expect(
            events == [
                .highlight("c", true), .control("c", .touchDown), .control("c", .touchDragInside),
                .highlight("c", false),
            ])
        #expect(host.calls == ["begin c", "continue", "continue"])
    }

    @Test("endTracking comes before touchUpInside, cancelTracking before touchCancel")
    func endAndCancel() throws {
        let host = Tracker()
        let d = Dispatcher(scene: try Self.control("UIButton"))
        var seenAtEnd: [DispatchLogEntry?] = []
        final class Probe: ControlTrackingHandler {
            let body: (String) -> Void
            init(_ body: @escaping (String) -> Void) { self.body = body }
            func endTracking(_ control: String, touch: Touch) { body("end") }
            func cancelTracking(_ control: String, touch: Touch) { body("cancel") }
        }
        d.addHandler(host)
        d.addHandler(Probe { _ in seenAtEnd.append(d.log.last) })
        try d.replay(
            EventsFile(
                frames: tap(at: (150, 120)) + [
                    frame(1, (2, .began, 150, 120)), frame(1.1, (2, .cancelled, 150, 120)),
                ]))
        #expect(host.calls == ["begin c", "end", "begin c", "cancel"])
        // When each is called, the control has been sent the touch message and nothing more.
        #expect(
            seenAtEnd == [
                .responder("c", .touchesEnded, t: 0.08),
                .responder("c", .touchesCancelled, touch: 2, t: 1.1),
            ])
    }

    @Test("isTracking, isTouchInside and isHighlighted follow the touch")
    func state() throws {
        let d = Dispatcher(scene: try Self.control("UIButton"), engine: .reference)
        #expect(
            d.controlState(of: "c")
                == ControlState(
                    isTracking: false, isTouchInside: false, isHighlighted: false, value: nil))
        try d.feed(frame(0, (1, .began, 150, 120)))
        #expect(
            d.controlState(of: "c")
                == ControlState(
                    isTracking: true, isTouchInside: true, isHighlighted: true, value: nil))
        try d.feed(frame(0.1, (1, .moved, 300, 120)))
        #expect(
            d.controlState(of: "c")
                == ControlState(
                    isTracking: true, isTouchInside: false, isHighlighted: false, value: nil))
        try d.feed(frame(0.2, (1, .ended, 300, 120)))
        #expect(d.controlState(of: "c")?.isTracking == false)
        #expect(d.controlState(of: "P") == nil)
    }

    // MARK: values

    @Test("a UISwitch toggles on touch-up inside: valueChanged, then primaryActionTriggered")
    func switchToggles() throws {
        let s = try Self.control("UISwitch", size: (51, 31))
        let log = try replay(s, tap(at: (120, 115)) + tap(2, at: (120, 115), t: 1))
        #expect(log.filter { $0 == .control("c", .valueChanged) }.count == 2)
        #expect(log.filter { $0 == .action("primary") }.count == 2)
        let d = Dispatcher(scene: s)
        try d.replay(EventsFile(frames: tap(at: (120, 115))))
        #expect(d.controlState(of: "c")?.value == 1)
        let on = Dispatcher(scene: try Self.control("UISwitch", #", "value": 1"#, size: (51, 31)))
        try on.replay(EventsFile(frames: tap(at: (120, 115))))
        #expect(on.controlState(of: "c")?.value == 0)
        // Lifted outside the tracking rect: no toggle.
        let away = try replay(
            s, [frame(0, (1, .began, 120, 115)), frame(0.1, (1, .ended, 300, 115))])
        #expect(!away.contains(.control("c", .valueChanged)))
    }

    @Test(
        "a UISwitch's built-in tap toggles it from a subview, and once when the tap is on the switch itself"
    )
    func switchBuiltInTap() throws {
        // A subview that takes touches covers the switch, as the private views of a real
        // switch do (rule-control-switch-tap).
        func switchScene(_ fields: String = "", tapID: String = "c.tapGestureRecognizer") throws
            -> Scene
        {
            try scene(
                #"""
                {"id": "c", "class": "UISwitch", "frame": [100, 100, 51, 31], "control": {"actions": {"valueChanged": "changed"}\#(fields)}, "gestures": [{"id": "\#(tapID)", "kind": "tap"}], "subviews": [
                  {"id": "inner", "frame": [0, 0, 40, 31]}]}
                """#)
        }
        let s = try switchScene()
        let log = try replay(s, tap(at: (110, 115)) + tap(2, at: (110, 115), t: 1))
        #expect(log.filter { $0 == .control("c", .valueChanged) }.count == 2)
        #expect(log.filter { $0 == .control("c", .primaryActionTriggered) }.count == 2)
        #expect(log.contains(.state("c.tapGestureRecognizer", .recognized)))
        let d = Dispatcher(scene: s)
        try d.replay(EventsFile(frames: tap(at: (110, 115))))
        #expect(d.controlState(of: "c")?.value == 1)
        // On the switch itself (x 145, right of the subview): its own tracking begins, the
        // tap takes the touch from it (touchCancel, no touchUpInside) and toggles it once.
        let direct = try replay(s, tap(at: (145, 115)))
        #expect(direct.filter { $0 == .control("c", .valueChanged) }.count == 1)
        #expect(direct.contains(.control("c", .touchCancel)))
        #expect(!direct.contains(.control("c", .touchUpInside)))
        // A disabled switch, and a tap under another id, do not toggle it.
        let disabled = try replay(try switchScene(#", "enabled": false"#), tap(at: (110, 115)))
        #expect(!disabled.contains(.control("c", .valueChanged)))
        let other = try replay(try switchScene(tapID: "mine"), tap(at: (110, 115)))
        #expect(!other.contains(.control("c", .valueChanged)))
        #expect(other.contains(.action("mine")))
    }

    @Test(
        "a UISlider tracks a touch on its knob and its value follows it; elsewhere it does not track"
    )
    func sliderKnob() throws {
        // Width 231: the track is 200 long; the knob (31 wide) starts at x 100..<131.
        let s = try Self.control("UISlider", size: (231, 31))
        let frames = [
            frame(0, (1, .began, 110, 115)), frame(0.1, (1, .moved, 160, 115)),
            frame(0.2, (1, .moved, 210, 115)), frame(0.3, (1, .ended, 210, 115)),
        ]
        let log = try replay(s, frames)
        #expect(log.filter { $0 == .control("c", .valueChanged) }.count == 2)
        let d = Dispatcher(scene: s)
        try d.replay(EventsFile(frames: frames))
        #expect(d.controlState(of: "c")?.value == 0.5)
        let off = try replay(
            s, [frame(0, (1, .began, 250, 115)), frame(0.1, (1, .moved, 300, 115))])
        #expect(Self.own(off).isEmpty)
    }

    @Test(
        "a UIStepper steps on touch-down: the right half up, the left half down, held in its range")
    func stepper() throws {
        let s = try Self.control(
            "UIStepper", #", "stepValue": 5, "maximumValue": 7"#, size: (94, 32))
        let d = Dispatcher(scene: s)
        try d.replay(EventsFile(frames: tap(at: (180, 115)) + tap(2, at: (180, 115), t: 1)))
        #expect(d.controlState(of: "c")?.value == 7)
        let log = try replay(s, tap(at: (110, 115)))
        #expect(!log.contains(.control("c", .valueChanged)))  // at the minimum already
        let up = try replay(s, tap(at: (180, 115)))
        #expect(
            Self.own(up).prefix(4) == [
                .highlight("c", true), .control("c", .touchDown), .control("c", .valueChanged),
                .control("c", .primaryActionTriggered),
            ])
    }

    // MARK: the knob rule

    @Test(
        "an ancestor's single-finger pan yields to a slider's knob dragged along it, not elsewhere (UIGestureRecognizer: interacting with controls)",
        arguments: [
            ((110.0, 115.0), (160.0, 118.0), true),  // on the knob, along the slider
            ((110.0, 115.0), (112.0, 160.0), false),  // on the knob, across it
            ((250.0, 115.0), (300.0, 118.0), false),  // on the track, off the knob
        ])
    func sliderKnobRule(start: (Double, Double), end: (Double, Double), blocked: Bool) throws {
        let s = try Self.control(
            "UISlider", size: (231, 31), parentGestures: #"{"id": "g", "kind": "pan"}"#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, start.0, start.1)), frame(0.1, (1, .moved, end.0, end.1)),
                frame(0.2, (1, .ended, end.0, end.1)),
            ])
        #expect((log.first(where: \.isState) == .state("g", .failed)) == blocked, "\(log)")
    }

    @Test(
        "an ancestor's single-finger pan yields to a switch's knob dragged along it; a two-finger one does not"
    )
    func switchKnobRule() throws {
        let s = try Self.control(
            "UISwitch", size: (51, 31), parentGestures: #"{"id": "g", "kind": "pan"}"#)
        let one = try replay(
            s, [frame(0, (1, .began, 110, 115)), frame(0.1, (1, .moved, 140, 116))])
        #expect(one.contains(.state("g", .failed)))
        let two = try replay(
            s,
            [
                frame(0, (1, .began, 110, 115), (2, .began, 300, 300)),
                frame(0.1, (1, .moved, 140, 116), (2, .moved, 330, 301)),
            ])
        #expect(two.contains(.state("g", .began)))
    }

    @Test("a vertical drag on a slider in a table scrolls the table")
    func sliderInScrollView() throws {
        let s = try scene(
            #"""
            {"id": "list", "class": "UITableView", "frame": [0, 0, 390, 844],
             "scrollView": {"contentSize": [390, 3000], "delaysContentTouches": false}, "subviews": [
              {"id": "c", "class": "UISlider", "frame": [100, 100, 231, 31]}]}
            """#)
        let log = try replay(
            s,
            [
                frame(0, (1, .began, 110, 115)), frame(0.1, (1, .moved, 112, 60)),
                frame(0.2, (1, .ended, 112, 60)),
            ])
        #expect(log.contains(.scrollView("list", .touchesShouldCancelFalse)))
        let flick = try replay(
            s.withDelay, [frame(0, (1, .began, 110, 115)), frame(0.05, (1, .moved, 112, 60))])
        #expect(flick.contains(.offset("list", 0, 55)))
    }
}

extension Scene {
    /// The scene with every scroll view's `delaysContentTouches` back to true.
    fileprivate var withDelay: Scene {
        var s = self
        for w in s.windows.indices {
            for i in s.windows[w].subviews.indices {
                s.windows[w].subviews[i].events.scrollView?.delaysContentTouches = true
            }
        }
        return s
    }
}
