import HitTestScene
import Testing

/// A scene whose one subview `a` has these extra fields (text after `"frame": ...,`).
private func sceneWithFields(_ fields: String) -> String {
    sceneJSON(subviews: #"{"id": "a", "frame": [0, 0, 10, 10], \#(fields)}"#)
}

/// Loads a scene whose view `a` has these fields and returns `a`'s event settings.
private func events(_ fields: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> ViewEventSettings
{
    let scene = try Scene.load(json: sceneWithFields(fields))
    return try view("a", in: scene, sourceLocation: sourceLocation).events
}

/// The one gesture of view `a`, given as the JSON object `gesture`.
private func gesture(_ gesture: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> SceneGesture
{
    let all = try events(#""gestures": [\#(gesture)]"#, sourceLocation: sourceLocation).gestures
    #expect(all.count == 1, sourceLocation: sourceLocation)
    return try #require(all.first, sourceLocation: sourceLocation)
}

@Suite("Event fields")
struct EventFieldTests {
    @Test("no event fields: every default of rule-scene-event-fields")
    func defaults() throws {
        let e = try events(#""hidden": false"#)
        #expect(e.touches == nil)
        #expect(e.viewControllerTouches == nil)
        #expect(e.multipleTouchEnabled == false)
        #expect(e.exclusiveTouch == false)
        #expect(e.gestures.isEmpty)
        #expect(e.control == nil)
        #expect(e == .default)
    }

    @Test("touches, viewControllerTouches, multipleTouchEnabled, exclusiveTouch")
    func viewFlags() throws {
        let e = try events(
            """
            "touches": "handleAndForward", "viewController": "VC", "viewControllerTouches": "handle",
            "multipleTouchEnabled": true, "exclusiveTouch": true
            """)
        #expect(e.touches == .handleAndForward)
        #expect(e.viewControllerTouches == .handle)
        #expect(e.multipleTouchEnabled)
        #expect(e.exclusiveTouch)
    }

    @Test("every touch handling value", arguments: TouchHandling.allCases)
    func touchHandling(_ value: TouchHandling) throws {
        let e = try events(
            #""touches": "\#(value.rawValue)", "viewController": "VC", "viewControllerTouches": "\#(value.rawValue)""#
        )
        #expect(e.touches == value)
        #expect(e.viewControllerTouches == value)
    }

    @Test("a tap with no settings takes every default")
    func tapDefaults() throws {
        let g = try gesture(#"{"id": "t", "kind": "tap"}"#)
        #expect(g.id == "t")
        #expect(g.kind == .tap(taps: 1, touches: 1))
        #expect(g.kind.name == "tap")
        #expect(g.kind.isContinuous == false)
        #expect(g.enabled == true)
        #expect(g.cancelsTouchesInView == true)
        #expect(g.delaysTouchesBegan == false)
        #expect(g.delaysTouchesEnded == true)
        #expect(g.requireToFail == [])
        #expect(g.simultaneousWith == [])
        #expect(g.shouldBegin == true)
        #expect(g.shouldReceiveTouch == true)
        #expect(g == SceneGesture(id: "t", kind: .tap()))
    }

    @Test("a tap with every setting and flag changed")
    func tapSettings() throws {
        let g = try gesture(
            """
            {"id": "t", "kind": "tap", "taps": 2, "touches": 3.0, "enabled": false,
             "cancelsTouchesInView": false, "delaysTouchesBegan": true, "delaysTouchesEnded": false,
             "shouldBegin": false, "shouldReceiveTouch": false}
            """)
        #expect(g.kind == .tap(taps: 2, touches: 3))
        #expect(g.enabled == false)
        #expect(g.cancelsTouchesInView == false)
        #expect(g.delaysTouchesBegan == true)
        #expect(g.delaysTouchesEnded == false)
        #expect(g.shouldBegin == false)
        #expect(g.shouldReceiveTouch == false)
    }

    @Test("a long press: defaults and settings")
    func longPress() throws {
        let plain = try gesture(#"{"id": "lp", "kind": "longPress"}"#)
        #expect(
            plain.kind == .longPress(minimumPressDuration: 0.5, allowableMovement: 10, touches: 1))
        #expect(plain.kind.isContinuous)
        let set = try gesture(
            #"{"id": "lp", "kind": "longPress", "minimumPressDuration": 1.25, "allowableMovement": 0, "touches": 2}"#
        )
        #expect(
            set.kind == .longPress(minimumPressDuration: 1.25, allowableMovement: 0, touches: 2))
    }

    @Test("a pan: defaults (maximumTouches unbounded) and settings")
    func pan() throws {
        let plain = try gesture(#"{"id": "p", "kind": "pan"}"#)
        #expect(plain.kind == .pan(minimumTouches: 1, maximumTouches: nil, hysteresis: 10))
        let set = try gesture(
            #"{"id": "p", "kind": "pan", "minimumTouches": 2, "maximumTouches": 2, "hysteresis": 25.5}"#
        )
        #expect(set.kind == .pan(minimumTouches: 2, maximumTouches: 2, hysteresis: 25.5))
        #expect(set.kind.name == "pan")
    }

    @Test("a pinch has no settings")
    func pinch() throws {
        let g = try gesture(#"{"id": "z", "kind": "pinch", "enabled": false}"#)
        #expect(g.kind == .pinch)
        #expect(g.kind.name == "pinch")
        #expect(g.enabled == false)
    }

    @Test("gestures keep their order and may name gestures of other views, earlier or later")
    func references() throws {
        let scene = try Scene.load(
            json: sceneJSON(
                subviews: """
                    {"id": "a", "frame": [0, 0, 1, 1], "gestures": [
                      {"id": "double", "kind": "tap", "taps": 2},
                      {"id": "single", "kind": "tap", "requireToFail": ["double", "later"]},
                      {"id": "press", "kind": "longPress", "simultaneousWith": ["later", "single"]}
                    ]},
                    {"id": "b", "frame": [0, 0, 1, 1], "gestures": [{"id": "later", "kind": "pan"}]}
                    """))
        let a = try view("a", in: scene).events.gestures
        #expect(a.map(\.id) == ["double", "single", "press"])
        #expect(a[1].requireToFail == ["double", "later"])
        #expect(a[2].simultaneousWith == ["later", "single"])
        #expect(try view("b", in: scene).events.gestures.map(\.id) == ["later"])
    }

    @Test("an empty control takes the defaults")
    func controlDefaults() throws {
        let e = try events(#""control": {}"#)
        let c = try #require(e.control)
        #expect(c.enabled == true)
        #expect(c.trackingSlop == 70)
        #expect(c.actions.isEmpty)
        #expect(c == SceneControl())
    }

    @Test("a control's settings and actions, in document order")
    func controlActions() throws {
        let e = try events(
            """
            "class": "UIButton",
            "control": {"enabled": false, "trackingSlop": 12.5,
                        "actions": {"touchUpInside": "buy", "touchDown": "press", "touchCancel": "cancel"}}
            """)
        let c = try #require(e.control)
        #expect(c.enabled == false)
        #expect(c.trackingSlop == 12.5)
        #expect(
            c.actions == [
                ControlAction(event: .touchUpInside, action: "buy"),
                ControlAction(event: .touchDown, action: "press"),
                ControlAction(event: .touchCancel, action: "cancel"),
            ])
    }

    @Test("every control event name is accepted")
    func allControlEvents() throws {
        let actions = ControlEvent.allCases.map { #""\#($0.rawValue)": "on-\#($0.rawValue)""# }
        let e = try events(#""control": {"actions": {\#(actions.joined(separator: ", "))}}"#)
        let c = try #require(e.control)
        #expect(c.actions.map(\.event) == ControlEvent.allCases)
        #expect(c.actions.map(\.action) == ControlEvent.allCases.map { "on-" + $0.rawValue })
        #expect(
            ControlEvent.allCases.map(\.rawValue) == [
                "touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside",
                "touchDragEnter",
                "touchDragExit", "touchUpInside", "touchUpOutside", "touchCancel",
                "valueChanged", "primaryActionTriggered",
            ])
    }
}
