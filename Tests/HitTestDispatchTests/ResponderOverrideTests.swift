import HitTestBridge
import HitTestDispatch
import HitTestScene
import Testing

/// `rule-responder-next-override` and `rule-responder-touch-sets`, from Apple's
/// documentation: UIResponder's `next` ("the UIResponder class does not store or set the
/// next responder automatically ... subclasses must override this property"), and
/// `touchesBegan(_:with:)` ("touches: a set of UITouch instances that represent the
/// touches for the starting phase of the event"; "event: the event to which the touches
/// belong", whose `allTouches` are "all touches associated with the event").
@Suite("Responders: next overrides and touch sets")
struct ResponderOverrideTests {
    /// ViewOne > ViewTwo and a sibling Side, in a view controller's root view;
    /// `two` and `vc` are extra fields of ViewTwo and rootView.
    static func views(two: String = "", vc: String = "") throws -> Scene {
        try scene(
            #"""
            {"id": "rootView", "frame": [0, 0, 390, 844], "viewController": "VC"\#(vc), "subviews": [
              {"id": "ViewOne", "frame": [0, 100, 390, 400], "subviews": [
                {"id": "ViewTwo", "frame": [100, 100, 100, 100], "multipleTouchEnabled": true\#(two)}]},
              {"id": "Side", "frame": [0, 600, 390, 100], "subviews": [
                {"id": "Inner", "frame": [0, 0, 50, 50]}]}]}
            """#)
    }

    @Test("scene: a view's next jumps to another view and goes on up that view's chain")
    func sceneNext() throws {
        let log = try replay(Self.views(two: #", "next": "Inner""#), tap(at: (150, 250)))
        #expect(
            ResponderTests.began(log) == [
                "ViewTwo", "Inner", "Side", "rootView", "VC", "main", "UIApplication",
                "AppDelegate",
            ])
    }

    @Test("scene: a view controller's next (viewControllerNext) replaces its superview link")
    func controllerNext() throws {
        let s = try scene(
            #"""
            {"id": "host", "frame": [0, 0, 390, 844], "subviews": [
              {"id": "rootView", "frame": [0, 0, 390, 400], "viewController": "VC", "viewControllerNext": "Other"},
              {"id": "Other", "frame": [0, 500, 390, 100]}]}
            """#)
        let log = try replay(s, tap(at: (50, 50)))
        #expect(
            ResponderTests.began(log) == [
                "rootView", "VC", "Other", "host", "main", "UIApplication", "AppDelegate",
            ])
    }

    @Test("a chain that loops back stops at the first responder seen twice")
    func loop() throws {
        // ViewTwo -> ViewOne (its superview) -> ViewTwo again: stop.
        let s = try scene(
            #"""
            {"id": "ViewOne", "frame": [0, 0, 390, 400], "next": "ViewTwo", "subviews": [
              {"id": "ViewTwo", "frame": [0, 0, 100, 100]}]}
            """#)
        #expect(ResponderTests.began(try replay(s, tap(at: (50, 50)))) == ["ViewTwo", "ViewOne"])
    }

    final class Host: DispatchHandler {
        var next: [String: String] = [:]
        var seen: [(String, TouchMessage, Int, [Int], [Int])] = []
        func nextResponder(of name: String) -> String? { next[name] }
        func responder(
            _ name: String, received message: TouchMessage, touch: Touch, event: TouchEvent
        ) -> TouchHandling? {
            seen.append(
                (name, message, touch.id, event.touches.map(\.id), event.allTouches.map(\.id)))
            return nil
        }
    }

    @Test("host: nextResponder overrides the scene; an unknown id is ignored")
    func hostNext() throws {
        let d = Dispatcher(scene: try Self.views(two: #", "next": "Inner""#))
        let host = Host()
        host.next = ["ViewTwo": "Side", "VC": "nowhere"]
        d.addHandler(host)
        try d.replay(EventsFile(frames: tap(at: (150, 250))))
        let began = host.seen.filter { $0.1 == .touchesBegan }.map(\.0)
        #expect(
            began == ["ViewTwo", "Side", "rootView", "VC", "main", "UIApplication", "AppDelegate"])
    }

    @Test("a call's touches: two fingers landing together on a view come in one set")
    func touchSets() throws {
        let d = Dispatcher(scene: try Self.views(two: #", "touches": "handle""#))
        let host = Host()
        d.addHandler(host)
        try d.feed(frame(0, (1, .began, 120, 220), (2, .began, 150, 250), (3, .began, 20, 650)))
        try d.feed(frame(0.1, (2, .ended, 150, 250)))
        let onTwo = host.seen.filter { $0.0 == "ViewTwo" }
        // touchesBegan for 1 and for 2, each seeing both in its set, and all three down.
        #expect(onTwo.count == 3)
        #expect(onTwo[0].1 == .touchesBegan && onTwo[0].3 == [1, 2] && onTwo[0].4 == [1, 2, 3])
        #expect(onTwo[1].1 == .touchesBegan && onTwo[1].2 == 2 && onTwo[1].3 == [1, 2])
        // The lift of 2 alone: its set is {2}; allTouches still lists it with 1 and 3.
        #expect(onTwo[2].1 == .touchesEnded && onTwo[2].3 == [2] && onTwo[2].4 == [1, 2, 3])
        // The third finger, on another view, is a call of its own.
        let side = host.seen.first { $0.0 == "Side" }
        #expect(side?.3 == [3])
    }

    @Test("closures: onTouchesEvent sees the set and can answer, as onTouches does")
    func closure() throws {
        let d = Dispatcher(scene: try Self.views())
        var sets: [[Int]] = []
        d.onTouchesEvent(of: "ViewTwo") { message, _, event in
            if message == .touchesBegan { sets.append(event.touches.map(\.id)) }
            return .handle
        }
        try d.feed(frame(0, (1, .began, 120, 220), (2, .began, 150, 250)))
        #expect(sets == [[1, 2], [1, 2]])
        #expect(!d.log.contains { $0.message(to: "ViewOne") == .touchesBegan })
    }

    @Test("scene: next must name a view; viewControllerNext needs a view controller")
    func validation() throws {
        for (extra, field, words) in [
            (#", "next": "Ghost""#, "next", "which is no view of the scene"),
            (#", "next": 3"#, "next", "must be a string"),
            (#", "viewControllerNext": "Side""#, "viewControllerNext", "needs \"viewController\""),
        ] {
            do {
                _ = try Self.views(two: extra)
                Issue.record("\(extra) was accepted")
            } catch {
                let text = "\(error)"
                #expect(text.contains(field) && text.contains(words), "\(text)")
                #expect(text.contains("ViewTwo"), "\(text)")
            }
        }
    }
}
