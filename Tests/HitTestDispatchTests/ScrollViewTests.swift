import HitTestDispatch
import HitTestGeometry
import HitTestScene
import Testing

/// Scroll views, from Apple's `UIScrollView` documentation
/// (https://developer.apple.com/documentation/uikit/uiscrollview): the content touch
/// delay, `touchesShouldBegin` / `touchesShouldCancel`, `canCancelContentTouches`,
/// `isScrollEnabled`, the content offset, `bounces`, directional lock and nesting. Every
/// replay runs on the reference and both fast engines and their logs must agree (`run`).
@Suite("Scroll views")
struct ScrollViewTests {
    /// A table `list` (0, 100, 390, 600) with content 390 x 1200 (the fields in
    /// `scroll`), cells of 80 points; cell1 holds a button (250, 20, 100, 40), whose
    /// centre is at (300, 220) on screen before scrolling.
    static func list(_ scroll: String = "", buttonExtras: String = "") throws -> Scene {
        try scene(
            #"""
            {"id": "list", "class": "UITableView", "frame": [0, 100, 390, 600],
             "scrollView": {"contentSize": [390, 1200]\#(scroll)}, "subviews": [
              {"id": "cell0", "frame": [0, 0, 390, 80], "touches": "handle"},
              {"id": "cell1", "frame": [0, 80, 390, 80], "touches": "handle", "subviews": [
                {"id": "button", "class": "UIButton", "frame": [250, 20, 100, 40],
                 "control": {"actions": {"touchUpInside": "tapped"}}\#(buttonExtras)}]},
              {"id": "cell2", "frame": [0, 160, 390, 80], "touches": "handle"},
              {"id": "cell3", "frame": [0, 240, 390, 80], "touches": "handle"}]}
            """#)
    }

    /// A touch held still past the delay, then dragged up by `dy` in two moves, then lifted.
    static func holdThenDrag(at p: (Double, Double), dy: Double, id: Int = 1) -> [InputFrame] {
        [
            frame(0, (id, .began, p.0, p.1)),
            frame(0.3, (id, .moved, p.0, p.1 - dy / 2)),
            frame(0.4, (id, .moved, p.0, p.1 - dy)),
            frame(0.5, (id, .ended, p.0, p.1 - dy)),
        ]
    }

    static func offset(_ s: Scene, _ frames: [InputFrame], engine: Engine = .reference)
        throws -> Point?
    {
        let d = Dispatcher(scene: s, engine: engine)
        try d.replay(EventsFile(frames: frames))
        return d.contentOffset(of: "list")
    }

    // MARK: delaysContentTouches

    @Test(
        "delaysContentTouches: a quick tap on a button reaches it only at touch-up, and fires (UIScrollView.delaysContentTouches)"
    )
    func quickTapHighlightsLate() throws {
        let lines = try run(Self.list(), tap(at: (300, 220)), times: true)
        #expect(lines.first == "[0] list: contentTouchDelayed touch 1")
        let i = try #require(lines.firstIndex(of: "[0.08] list: touchEndedDuringDelay touch 1"))
        #expect(
            Array(lines[(i + 1)...]) == [
                "[0.08] -[button touchesBegan:withEvent:] touch 1",
                "[0.08] button: highlighted on", "[0.08] button: touchDown",
                "[0.08] -[button touchesEnded:withEvent:] touch 1",
                "[0.08] button: highlighted off", "[0.08] button: touchUpInside",
                "[0.08] action tapped", "[0.08] button: primaryActionTriggered",
            ])
        #expect(!lines.contains { $0.hasPrefix("[0] -[button") })
    }

    @Test("a touch held still gets touchesBegan after 0.15 s (DispatchSettings.contentTouchDelay)")
    func delayElapses() throws {
        let lines = try run(
            Self.list(), [frame(0, (1, .began, 100, 150)), frame(0.5, (1, .ended, 100, 150))],
            times: true)
        #expect(lines.contains("[0.15] list: delayElapsed touch 1"))
        #expect(lines.contains("[0.15] -[cell0 touchesBegan:withEvent:] touch 1"))
        var settings = DispatchSettings()
        settings.contentTouchDelay = 0.3
        let d = Dispatcher(scene: try Self.list(), engine: .bvh, settings: settings)
        try d.replay(EventsFile(frames: [frame(0, (1, .began, 100, 150))], until: 1))
        #expect(d.log.map(\.text).contains("[0.3] -[cell0 touchesBegan:withEvent:] touch 1"))
    }

    @Test("delaysContentTouches false: content gets touchesBegan at once")
    func noDelay() throws {
        let lines = try run(
            Self.list(#", "delaysContentTouches": false"#), tap(at: (300, 220)), times: true)
        #expect(lines.contains("[0] button: touchDown"))
        #expect(!lines.contains { $0.contains("contentTouchDelayed") })
    }

    @Test("a flick that scrolls within the delay never reaches the button, which does not fire")
    func flickOnButtonScrolls() throws {
        let frames = [
            frame(0, (1, .began, 300, 220)), frame(0.05, (1, .moved, 300, 180)),
            frame(0.1, (1, .ended, 300, 140)),
        ]
        let lines = try run(Self.list(), frames)
        #expect(lines.contains("list: scrollBeganDuringDelay touch 1"))
        #expect(!lines.contains { $0.contains("button") && !$0.contains("GestureRecognizer") })
        #expect(try Self.offset(Self.list(), frames) == Point(x: 0, y: 40))
    }

    // MARK: touchesShouldCancel(in:) and canCancelContentTouches

    @Test(
        "a drag that starts on a button after the delay does not scroll: touchesShouldCancel(in:) is false for a UIControl"
    )
    func dragOnButtonDoesNotScroll() throws {
        let frames = Self.holdThenDrag(at: (300, 220), dy: 40)
        let lines = try run(Self.list(), frames)
        #expect(lines.contains("list: touchesShouldCancelFalse touch 1"))
        #expect(lines.contains("list.panGestureRecognizer: failed"))
        #expect(lines.contains("button: touchUpInside"))
        #expect(!lines.contains { $0.contains("contentOffset") })
        #expect(try Self.offset(Self.list(), frames) == Point(x: 0, y: 0))
    }

    @Test("a drag that starts on a plain cell after the delay scrolls and cancels the cell's touch")
    func dragOnCellScrolls() throws {
        let frames = Self.holdThenDrag(at: (100, 150), dy: 60)
        let lines = try run(Self.list(), frames)
        let i = try #require(lines.firstIndex(of: "list: touchesShouldCancelTrue touch 1"))
        #expect(lines[i + 1] == "list.panGestureRecognizer: began")
        #expect(lines.contains("list: contentOffset (0, 30)"))
        #expect(lines.contains("list: contentOffset (0, 60)"))
        #expect(lines.contains("-[cell0 touchesCancelled:withEvent:] touch 1"))
        #expect(!lines.contains("-[cell0 touchesEnded:withEvent:] touch 1"))
        for engine in Engine.allCases {
            #expect(try Self.offset(Self.list(), frames, engine: engine) == Point(x: 0, y: 60))
        }
    }

    @Test("the scene's touchesShouldCancel true lets a drag on the button scroll: touchCancel")
    func sceneTouchesShouldCancel() throws {
        let frames = Self.holdThenDrag(at: (300, 220), dy: 40)
        let lines = try run(Self.list(#", "touchesShouldCancel": true"#), frames)
        #expect(lines.contains("button: touchCancel"))
        #expect(!lines.contains("button: touchUpInside"))
        #expect(lines.contains("list: contentOffset (0, 40)"))
    }

    @Test("a ScrollViewHandler answering touchesShouldCancel(in:) overrides the default")
    func handlerTouchesShouldCancel() throws {
        final class Host: ScrollViewHandler {
            var asked: [String] = []
            func scrollView(_ scrollView: String, touchesShouldCancelIn view: String) -> Bool? {
                asked.append("\(scrollView) \(view)")
                return view == "button" ? true : nil
            }
        }
        let host = Host()
        let d = Dispatcher(scene: try Self.list(), engine: .flat)
        d.addHandler(host)
        try d.replay(EventsFile(frames: Self.holdThenDrag(at: (300, 220), dy: 40)))
        #expect(host.asked == ["list button"])
        #expect(d.contentOffset(of: "list") == Point(x: 0, y: 40))
        #expect(d.log.map(\.text).contains("[0.3] button: touchCancel"))
    }

    @Test(
        "canCancelContentTouches false: once content tracks the touch the scroll view does not scroll (UIScrollView.canCancelContentTouches)"
    )
    func cannotCancel() throws {
        let s = try Self.list(#", "canCancelContentTouches": false"#)
        let lines = try run(s, Self.holdThenDrag(at: (100, 150), dy: 60))
        #expect(lines.contains("list: cannotCancelContentTouches touch 1"))
        #expect(lines.contains("-[cell0 touchesEnded:withEvent:] touch 1"))
        #expect(try Self.offset(s, Self.holdThenDrag(at: (100, 150), dy: 60)) == .zero)
        // A flick within the delay still scrolls: the content never tracked the touch.
        let flick = [frame(0, (1, .began, 100, 150)), frame(0.05, (1, .moved, 100, 100))]
        #expect(try Self.offset(s, flick) == Point(x: 0, y: 50))
    }

    // MARK: touchesShouldBegin(_:with:in:)

    @Test("touchesShouldBegin false: the content is sent nothing, the scroll view still scrolls")
    func touchesShouldBeginFalse() throws {
        let s = try Self.list(#", "touchesShouldBegin": false"#)
        let lines = try run(s, tap(at: (300, 220)))
        #expect(lines.contains("list: touchesShouldBeginFalse touch 1"))
        #expect(!lines.contains { $0.contains("-[button") || $0.hasPrefix("button:") })
        #expect(try Self.offset(s, Self.holdThenDrag(at: (100, 150), dy: 60)) == Point(x: 0, y: 60))
    }

    @Test("a ScrollViewHandler answering touchesShouldBegin sees the touch and the content view")
    func handlerTouchesShouldBegin() throws {
        final class Host: ScrollViewHandler {
            var asked: [String] = []
            func scrollView(_ scrollView: String, touchesShouldBegin touch: Touch, in view: String)
                -> Bool?
            {
                asked.append("\(scrollView) \(view) \(touch.id)")
                return view != "cell0"
            }
        }
        let host = Host()
        let d = Dispatcher(scene: try Self.list(#", "delaysContentTouches": false"#))
        d.addHandler(host)
        try d.replay(EventsFile(frames: tap(at: (100, 150)) + tap(2, at: (100, 270), t: 1)))
        #expect(host.asked == ["list cell0 1", "list cell2 2"])
        let text = d.log.map(\.text)
        #expect(!text.contains { $0.contains("-[cell0") })
        #expect(text.contains("[1] -[cell2 touchesBegan:withEvent:] touch 2"))
    }

    // MARK: contentOffset, bounces, isScrollEnabled

    @Test(
        "later touches hit the scrolled content, on every engine (contentOffset is the bounds origin)"
    )
    func laterTouchesSeeScrolledContent() throws {
        // Scroll by 100: the button moves from y 200..240 to 100..140 on screen.
        let frames =
            Self.holdThenDrag(at: (100, 250), dy: 100)
            + tap(2, at: (300, 120), t: 1) + tap(3, at: (300, 220), t: 2)
        let lines = try run(Self.list(), frames)
        #expect(lines.filter { $0 == "button: touchUpInside" }.count == 1)
        #expect(lines.contains("-[button touchesBegan:withEvent:] touch 2"))
        #expect(lines.contains("-[cell2 touchesBegan:withEvent:] touch 3"))
    }

    @Test(
        "without bounces the offset stays in [0, contentSize - bounds.size] (UIScrollView.bounces)")
    func clampedWithoutBounces() throws {
        let s = try Self.list(#", "bounces": false"#)
        #expect(try Self.offset(s, Self.holdThenDrag(at: (100, 150), dy: -80)) == .zero)
        let far = [
            frame(0, (1, .began, 100, 690)), frame(0.05, (1, .moved, 100, 400)),
            frame(0.1, (1, .moved, 100, -300)),
        ]
        #expect(try Self.offset(s, far) == Point(x: 0, y: 600))
    }

    @Test("with bounces the offset leaves the range while dragging and returns when the drag ends")
    func bouncesBack() throws {
        let lines = try run(Self.list(), Self.holdThenDrag(at: (100, 150), dy: -80))
        #expect(lines.contains("list: contentOffset (0, -80)"))
        #expect(lines.last == "list: contentOffset (0, 0)")
    }

    @Test("isScrollEnabled false: the pan is disabled, touches are not delayed, nothing scrolls")
    func scrollDisabled() throws {
        let s = try Self.list(#", "scrollEnabled": false"#)
        let lines = try run(s, Self.holdThenDrag(at: (100, 150), dy: 60))
        #expect(!lines.contains { $0.contains("panGestureRecognizer") || $0.contains("list:") })
        #expect(lines.first == "-[cell0 touchesBegan:withEvent:] touch 1")
    }

    @Test("content that fits the bounds does not scroll unless it always bounces")
    func fitsDoesNotScroll() throws {
        let s = try scene(
            #"""
            {"id": "list", "class": "UIScrollView", "frame": [0, 100, 390, 600], "subviews": [
              {"id": "cell0", "frame": [0, 0, 390, 80], "touches": "handle"}]}
            """#)
        let lines = try run(s, Self.holdThenDrag(at: (100, 150), dy: 60))
        #expect(lines.contains("list: cannotScrollInDirection touch 1"))
        let bouncy = try scene(
            #"""
            {"id": "list", "class": "UIScrollView", "frame": [0, 100, 390, 600],
             "scrollView": {"alwaysBounceVertical": true}, "subviews": [
              {"id": "cell0", "frame": [0, 0, 390, 80], "touches": "handle"}]}
            """#)
        let b = try run(bouncy, Self.holdThenDrag(at: (100, 150), dy: 60))
        #expect(b.contains("list: contentOffset (0, 60)"))
        #expect(b.last == "list: contentOffset (0, 0)")
    }

    // MARK: direction, directional lock, nesting

    /// A vertical `outer` scroll view holding a horizontal `inner` one (0, 0, 390, 200)
    /// whose content is 1000 wide.
    static func nested(_ innerExtras: String = "") throws -> Scene {
        try scene(
            #"""
            {"id": "outer", "class": "UIScrollView", "frame": [0, 0, 390, 844],
             "scrollView": {"contentSize": [390, 2000]}, "subviews": [
              {"id": "inner", "class": "UICollectionView", "frame": [0, 100, 390, 200],
               "scrollView": {"contentSize": [1000, 200]\#(innerExtras)}, "subviews": [
                {"id": "tile", "frame": [0, 0, 100, 200], "touches": "handle"}]}]}
            """#)
    }

    @Test(
        "nested scroll views: the inner one scrolls first in its direction, the outer in the other")
    func nestedScrollViews() throws {
        let horizontal = [
            frame(0, (1, .began, 50, 200)), frame(0.05, (1, .moved, 20, 202)),
            frame(0.1, (1, .moved, 0, 205)), frame(0.2, (1, .ended, 0, 205)),
        ]
        let h = try run(Self.nested(), horizontal)
        #expect(h.contains("inner.panGestureRecognizer: began"))
        #expect(h.contains("outer.panGestureRecognizer: failed"))
        #expect(h.contains("inner: contentOffset (50, 0)"))
        #expect(!h.contains { $0.hasPrefix("outer: contentOffset") })
        let vertical = [
            frame(0, (1, .began, 50, 200)), frame(0.05, (1, .moved, 52, 170)),
            frame(0.1, (1, .moved, 55, 150)), frame(0.2, (1, .ended, 55, 150)),
        ]
        let v = try run(Self.nested(), vertical)
        #expect(v.contains("inner: cannotScrollInDirection touch 1"))
        #expect(v.contains("outer.panGestureRecognizer: began"))
        #expect(v.contains("outer: contentOffset (0, 50)"))
        #expect(!v.contains { $0.hasPrefix("inner: contentOffset") })
    }

    @Test("isDirectionalLockEnabled: a diagonal drag scrolls only along the axis it began along")
    func directionalLock() throws {
        let both =
            #"{"id": "grid", "class": "UIScrollView", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [2000, 2000]LOCK}}"#
        let drag = [
            frame(0, (1, .began, 300, 600)), frame(0.05, (1, .moved, 280, 595)),
            frame(0.1, (1, .moved, 200, 540)),
        ]
        let free = try run(scene(both.replacingOccurrences(of: "LOCK", with: "")), drag)
        #expect(free.last == "grid: contentOffset (100, 60)")
        let locked = try run(
            scene(
                both.replacingOccurrences(of: "LOCK", with: #", "directionalLockEnabled": true"#)),
            drag)
        #expect(locked.last == "grid: contentOffset (100, 0)")
    }

    // MARK: built-in recognizers

    @Test(
        "the built-in recognizers: a pan always, a pinch when zooming is enabled (panGestureRecognizer, pinchGestureRecognizer)"
    )
    func builtInRecognizers() throws {
        let plain = Dispatcher(scene: try Self.list())
        #expect(plain.gesture("list.panGestureRecognizer")?.kind == "pan")
        #expect(plain.gesture("list.pinchGestureRecognizer") == nil)
        let zoom = Dispatcher(scene: try Self.list(#", "maximumZoomScale": 3"#))
        #expect(zoom.gesture("list.pinchGestureRecognizer")?.kind == "pinch")
        // A scene gesture may wait for the built-in pan.
        let s = try scene(
            #"""
            {"id": "list", "class": "UITableView", "frame": [0, 100, 390, 600],
             "scrollView": {"contentSize": [390, 1200]}, "subviews": [
              {"id": "cell0", "frame": [0, 0, 390, 80],
               "gestures": [{"id": "swipeish", "kind": "pan", "requireToFail": ["list.panGestureRecognizer"]}]}]}
            """#)
        let lines = try run(s, Self.holdThenDrag(at: (100, 150), dy: 60))
        #expect(lines.contains("list.panGestureRecognizer: began"))
        #expect(lines.contains("swipeish: failed"))
    }
}
