import Foundation
import HitTestBridge
import HitTestDispatch
import HitTestScene
import Testing

/// Every log of the blog articles on iOS touch handling that this project began from,
/// reproduced: each test quotes the scene and the log its article prints. The articles
/// print what UIKit called; our logs also name the touch and the recognizers' state
/// changes.
@Suite("The source articles' logs")
struct ArticleLogTests {
    /// Article 003: a tap recognizer on the yellow view A. The recognizer hears of the
    /// touch first, then A; the recognizer recognizes, its action runs, and A is sent
    /// `touchesCancelled` instead of `touchesEnded`. This is also the example of `rule-dispatch-log`.
    @Test("a tap on A with its recognizer: began, began, ended, action, cancelled")
    func tapOnA() throws {
        let s = try scene(
            #"{"id": "AView", "frame": [100, 400, 100, 100], "touches": "handle", "gestures": [{"id": "tapA", "kind": "tap"}]}"#
        )
        let d = Dispatcher(scene: s)
        try d.replay(
            EventsFile.load(
                json: #"""
                    {"format": "hittest-events/1",
                     "frames": [
                       {"t": 0.00, "touches": [{"id": 1, "phase": "began", "at": [150, 450]}]},
                       {"t": 0.08, "touches": [{"id": 1, "phase": "ended", "at": [150, 450]}]}
                     ],
                     "until": 1.0}
                    """#))
        #expect(
            d.log.json == """
                [
                 {"t": 0, "kind": "delivery", "touch": 1, "gesture": "tapA", "view": "AView", "message": "touchesBegan"},
                 {"t": 0, "kind": "delivery", "touch": 1, "responder": "AView", "message": "touchesBegan"},
                 {"t": 0.08, "kind": "delivery", "touch": 1, "gesture": "tapA", "view": "AView", "message": "touchesEnded"},
                 {"t": 0.08, "kind": "state", "gesture": "tapA", "state": "recognized"},
                 {"t": 0.08, "kind": "action", "action": "tapA", "location": [150,450]},
                 {"t": 0.08, "kind": "delivery", "touch": 1, "responder": "AView", "message": "touchesCancelled"}
                ]
                """)
        #expect(
            d.log.text == """
                [0.000] AView,-[tapA touchesBegan:withEvent:] touch 1
                [0.000] -[AView touchesBegan:withEvent:] touch 1
                [0.080] AView,-[tapA touchesEnded:withEvent:] touch 1
                [0.080] tapA: recognized
                [0.080] action tapA
                [0.080] -[AView touchesCancelled:withEvent:] touch 1

                """)
    }

    /// The nested views of article 003, each with a tap recognizer; C is touched.
    static let nested = #"""
        {"id": "rootView", "frame": [0, 0, 390, 844], "gestures": [{"id": "tapRoot", "kind": "tap"}], "subviews": [
          {"id": "AView", "frame": [20, 100, 350, 500], "touches": "handle", "gestures": [{"id": "tapA", "kind": "tap"}], "subviews": [
            {"id": "BView", "frame": [20, 20, 300, 400], "touches": "handle", "gestures": [{"id": "tapB", "kind": "tap"}], "subviews": [
              {"id": "CView", "frame": [20, 20, 250, 300], "touches": "handle", "gestures": [{"id": "tapC", "kind": "tap"}], "subviews": [
                BUTTON
              ]}]}]}]}
        """#

    static func nestedScene(button: String = "") throws -> Scene {
        try scene(nested.replacingOccurrences(of: "BUTTON", with: button))
    }

    /// Article 003: A, B, C and the root view all have taps; touching C, every
    /// recognizer hears the touch before C does, and only C's recognizer's action runs
    /// (the deepest wins), then C is cancelled.
    @Test("taps on nested A, B, C and the root view: the deepest wins")
    func nestedTaps() throws {
        let lines = try run(Self.nestedScene(), tap(at: (100, 200)))
        #expect(
            lines == [
                "CView,-[tapC touchesBegan:withEvent:] touch 1",
                "BView,-[tapB touchesBegan:withEvent:] touch 1",
                "AView,-[tapA touchesBegan:withEvent:] touch 1",
                "rootView,-[tapRoot touchesBegan:withEvent:] touch 1",
                "-[CView touchesBegan:withEvent:] touch 1",
                "CView,-[tapC touchesEnded:withEvent:] touch 1",
                "BView,-[tapB touchesEnded:withEvent:] touch 1",
                "AView,-[tapA touchesEnded:withEvent:] touch 1",
                "rootView,-[tapRoot touchesEnded:withEvent:] touch 1",
                "tapC: recognized",
                "tapB: failed",
                "tapA: failed",
                "tapRoot: failed",
                "action tapC",
                "-[CView touchesCancelled:withEvent:] touch 1",
            ])
    }

    static let button = #"""
        {"id": "button", "class": "UIButton", "frame": [50, 50, 100, 44], "control": {"actions": {"touchUpInside": "buttonClicked"}}GESTURES}
        """#

    /// Article 003: a button inside C. The ancestors' recognizers hear the touch, but
    /// none acts: the button's `touchUpInside` action runs ("button Clicked").
    @Test("a button inside C beats its ancestors' taps")
    func buttonBeatsAncestors() throws {
        let b = Self.button.replacingOccurrences(of: "GESTURES", with: "")
        let lines = try run(Self.nestedScene(button: b), tap(at: (140, 220)))
        #expect(
            lines == [
                "CView,-[tapC touchesBegan:withEvent:] touch 1",
                "BView,-[tapB touchesBegan:withEvent:] touch 1",
                "AView,-[tapA touchesBegan:withEvent:] touch 1",
                "rootView,-[tapRoot touchesBegan:withEvent:] touch 1",
                "-[button touchesBegan:withEvent:] touch 1",
                "button: highlighted on",
                "button: touchDown",
                "CView,-[tapC touchesEnded:withEvent:] touch 1",
                "BView,-[tapB touchesEnded:withEvent:] touch 1",
                "AView,-[tapA touchesEnded:withEvent:] touch 1",
                "rootView,-[tapRoot touchesEnded:withEvent:] touch 1",
                "tapC: failed",
                "tapB: failed",
                "tapA: failed",
                "tapRoot: failed",
                "-[button touchesEnded:withEvent:] touch 1",
                "button: highlighted off",
                "button: touchUpInside",
                "action buttonClicked",
                "button: primaryActionTriggered",
            ])
    }

    /// Article 003: a tap recognizer on the button itself wins over the button: "Button
    /// taped", and the button's action does not run.
    @Test("a tap recognizer on the button beats the button")
    func tapOnButtonBeatsButton() throws {
        let b = Self.button.replacingOccurrences(
            of: "GESTURES", with: #", "gestures": [{"id": "buttonTap", "kind": "tap"}]"#)
        let lines = try run(Self.nestedScene(button: b), tap(at: (140, 220)))
        #expect(
            Array(lines.suffix(10)) == [
                "rootView,-[tapRoot touchesEnded:withEvent:] touch 1",
                "buttonTap: recognized",
                "tapC: failed",
                "tapB: failed",
                "tapA: failed",
                "tapRoot: failed",
                "action buttonTap",
                "-[button touchesCancelled:withEvent:] touch 1",
                "button: highlighted off",
                "button: touchCancel",
            ])
        #expect(lines[0] == "button,-[buttonTap touchesBegan:withEvent:] touch 1")
        #expect(!lines.contains("action buttonClicked"))
    }

    /// Article 000: "cancelsTouchesInView = NO" lets both the recognizer's action and
    /// the button's target action run.
    @Test("cancelsTouchesInView = NO lets both fire")
    func cancelsTouchesInViewNo() throws {
        let b = Self.button.replacingOccurrences(
            of: "GESTURES",
            with:
                #", "gestures": [{"id": "buttonTap", "kind": "tap", "cancelsTouchesInView": false}]"#
        )
        let lines = try run(Self.nestedScene(button: b), tap(at: (140, 220)))
        #expect(
            Array(lines.suffix(6)) == [
                "action buttonTap",
                "-[button touchesEnded:withEvent:] touch 1",
                "button: highlighted off",
                "button: touchUpInside",
                "action buttonClicked",
                "button: primaryActionTriggered",
            ])
        #expect(!lines.contains("button: touchCancel"))
    }

    /// Article 001's demo: ViewOne > ViewTwo > ViewThree in a view controller's view.
    static func chainScene(viewTwo: String) throws -> Scene {
        try scene(
            #"""
            {"id": "rootView", "frame": [0, 0, 390, 844], "viewController": "HitTestViewController", "subviews": [
              {"id": "ViewOne", "frame": [40, 120, 300, 300], "subviews": [
                {"id": "ViewTwo", "frame": [20, 20, 200, 200], "touches": "\#(viewTwo)", "subviews": [
                  {"id": "ViewThree", "frame": [100, 100, 50, 50]}]}]}]}
            """#)
    }

    /// Article 001 prints the whole chain from `touchesBegan`; calling `super` sends the
    /// message along it: one line per responder, to the application's delegate.
    @Test("touchesBegan with super walks the whole responder chain")
    func chainWithSuper() throws {
        let lines = try run(Self.chainScene(viewTwo: "handleAndForward"), tap(at: (80, 160)))
        #expect(
            Array(lines.prefix(7)) == [
                "-[ViewTwo touchesBegan:withEvent:] touch 1",
                "-[ViewOne touchesBegan:withEvent:] touch 1",
                "-[rootView touchesBegan:withEvent:] touch 1",
                "-[HitTestViewController touchesBegan:withEvent:] touch 1",
                "-[main touchesBegan:withEvent:] touch 1",
                "-[UIApplication touchesBegan:withEvent:] touch 1",
                "-[AppDelegate touchesBegan:withEvent:] touch 1",
            ])
        #expect(lines.count == 14)
    }

    /// Without `super` the first responder keeps the message.
    @Test("touchesBegan without super stops at the view")
    func chainWithoutSuper() throws {
        let lines = try run(Self.chainScene(viewTwo: "handle"), tap(at: (80, 160)))
        #expect(
            lines == [
                "-[ViewTwo touchesBegan:withEvent:] touch 1",
                "-[ViewTwo touchesEnded:withEvent:] touch 1",
            ])
    }
}
