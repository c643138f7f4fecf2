import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestScene
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scroll views, from Apple's `UIScrollView` documentation
/// (https://developer.apple.com/documentation/uikit/uiscrollview): the content touch
/// delay, `touchesShouldBegin` / `touchesShouldCancel`, `canCancelContentTouches`,
/// `isScrollEnabled`, the content offset, `bounces`, directional lock and nesting. Every
/// replay runs on the reference and both fast engines and their logs must agree (`replay`).
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
        let log = try replay(Self.list(), tap(at: (300, 220)), times: true)
        #expect(log.first == .scrollView("list", .contentTouchDelayed, t: 0))
        let i = try #require(
            log.firstIndex(of: .scrollView("list", .touchEndedDuringDelay, t: 0.08)))
        #expect(
            Array(log[(i + 1)...]) == [
                .responder("button", .touchesBegan, t: 0.08),
                .highlight(time: 0.08, control: "button", highlighted: true),
                .control("button", .touchDown, t: 0.08),
                .responder("button", .touchesEnded, t: 0.08),
                .highlight(time: 0.08, control: "button", highlighted: false),
                .control("button", .touchUpInside, t: 0.08),
                .action("tapped", t: 0.08), .control("button", .primaryActionTriggered, t: 0.08),
            ])
        #expect(!log.contains { $0.time == 0 && $0.message(to: "button") != nil })
    }

    @Test("a touch held still gets touchesBegan after 0.15 s (DispatchSettings.contentTouchDelay)")
    func delayElapses() throws {
        let log = try replay(
            Self.list(), [frame(0, (1, .began, 100, 150)), frame(0.5, (1, .ended, 100, 150))],
            times: true)
        #expect(log.contains(.scrollView("list", .delayElapsed, t: 0.15)))
        #expect(log.contains(.responder("cell0", .touchesBegan, t: 0.15)))
        var settings = DispatchSettings()
        settings.contentTouchDelay = 0.3
        let d = Dispatcher(scene: try Self.list(), engine: .bvh, settings: settings)
        try d.replay(EventsFile(frames: [frame(0, (1, .began, 100, 150))], until: 1))
        #expect(d.log.contains(.responder("cell0", .touchesBegan, t: 0.3)))
    }

    @Test("delaysContentTouches false: content gets touchesBegan at once")
    func noDelay() throws {
        let log = try replay(
            Self.list(#", "delaysContentTouches": false"#), tap(at: (300, 220)), times: true)
        #expect(log.contains(.control("button", .touchDown, t: 0)))
        #expect(!log.contains { $0.decision == .contentTouchDelayed })
    }

    @Test("a flick that scrolls within the delay never reaches the button, which does not fire")
    func flickOnButtonScrolls() throws {
        let frames = [
            frame(0, (1, .began, 300, 220)), frame(0.05, (1, .moved, 300, 180)),
            frame(0.1, (1, .ended, 300, 140)),
        ]
        let log = try replay(Self.list(), frames)
        #expect(log.contains(.scrollView("list", .scrollBeganDuringDelay)))
        #expect(!log.contains { $0.subject == "button" })
        // Dragged 40 points, then flung on at the last move's 800 points a second
        // (rule-scroll-view-deceleration): at rest 800 / (1000 ln(1 / 0.998)) further.
        let y = try #require(try Self.offset(Self.list(), frames)).y
        #expect(abs(y - (40 + 800 / (1000 * -naturalLog(0.998)))) < 1e-9, "\(y)")
    }

    // MARK: touchesShouldCancel(in:) and canCancelContentTouches

    @Test(
        "a drag that starts on a button after the delay does not scroll: touchesShouldCancel(in:) is false for a UIControl"
    )
    func dragOnButtonDoesNotScroll() throws {
        let frames = Self.holdThenDrag(at: (300, 220), dy: 40)
        let log = try replay(Self.list(), frames)
        #expect(log.contains(.scrollView("list", .touchesShouldCancelFalse)))
        #expect(log.contains(.state("list.panGestureRecognizer", .failed)))
        #expect(log.contains(.control("button", .touchUpInside)))
        #expect(!log.contains { $0.offsetOf != nil })
        #expect(try Self.offset(Self.list(), frames) == Point(x: 0, y: 0))
    }

    @Test("a drag that starts on a plain cell after the delay scrolls and cancels the cell's touch")
    func dragOnCellScrolls() throws {
        let frames = Self.holdThenDrag(at: (100, 150), dy: 60)
        let log = try replay(Self.list(), frames)
        let i = try #require(log.firstIndex(of: .scrollView("list", .touchesShouldCancelTrue)))
        #expect(log[i + 1] == .state("list.panGestureRecognizer", .began))
        #expect(log.contains(.offset("list", 0, 30)))
        #expect(log.contains(.offset("list", 0, 60)))
        #expect(log.contains(.responder("cell0", .touchesCancelled)))
        #expect(!log.contains(.responder("cell0", .touchesEnded)))
        for engine in Engine.allCases {
            #expect(try Self.offset(Self.list(), frames, engine: engine) == Point(x: 0, y: 60))
        }
    }

    @Test("the scene's touchesShouldCancel true lets a drag on the button scroll: touchCancel")
    func sceneTouchesShouldCancel() throws {
        let frames = Self.holdThenDrag(at: (300, 220), dy: 40)
        let log = try replay(Self.list(#", "touchesShouldCancel": true"#), frames)
        #expect(log.contains(.control("button", .touchCancel)))
        #expect(!log.contains(.control("button", .touchUpInside)))
        #expect(log.contains(.offset("list", 0, 40)))
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
        #expect(d.log.contains(.control("button", .touchCancel, t: 0.3)))
    }

    @Test(
        "canCancelContentTouches false: once content tracks the touch the scroll view does not scroll (UIScrollView.canCancelContentTouches)"
    )
    func cannotCancel() throws {
        let s = try Self.list(#", "canCancelContentTouches": false"#)
        let log = try replay(s, Self.holdThenDrag(at: (100, 150), dy: 60))
        #expect(log.contains(.scrollView("list", .cannotCancelContentTouches)))
        #expect(log.contains(.responder("cell0", .touchesEnded)))
        #expect(try Self.offset(s, Self.holdThenDrag(at: (100, 150), dy: 60)) == .zero)
        // A flick within the delay still scrolls: the content never tracked the touch.
        let flick = [frame(0, (1, .began, 100, 150)), frame(0.05, (1, .moved, 100, 100))]
        #expect(try Self.offset(s, flick) == Point(x: 0, y: 50))
    }

    // MARK: touchesShouldBegin(_:with:in:)

    @Test("touchesShouldBegin false: the content is sent nothing, the scroll view still scrolls")
    func touchesShouldBeginFalse() throws {
        let s = try Self.list(#", "touchesShouldBegin": false"#)
        let log = try replay(s, tap(at: (300, 220)))
        #expect(log.contains(.scrollView("list", .touchesShouldBeginFalse)))
        #expect(!log.contains { $0.subject == "button" })
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
        #expect(!d.log.contains { $0.message(to: "cell0") != nil })
        #expect(d.log.contains(.responder("cell2", .touchesBegan, touch: 2, t: 1)))
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
        let log = try replay(Self.list(), frames)
        #expect(log.filter { $0 == .control("button", .touchUpInside) }.count == 1)
        #expect(log.contains(.responder("button", .touchesBegan, touch: 2)))
        #expect(log.contains(.responder("cell2", .touchesBegan, touch: 3)))
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

    @Test(
        "with bounces the offset leaves the range while dragging, by the rubber band, and springs back when the drag ends"
    )
    func bouncesBack() throws {
        let log = try replay(Self.list(), Self.holdThenDrag(at: (100, 150), dy: -80))
        // 80 points of finger travel past the top of a 600-point view: b(80) (rule-scroll-view-bounce).
        let b80: Double = 80 * 600 * 0.55 / (600 + 0.55 * 80)
        #expect(log.contains(.offset("list", 0, -b80)))
        #expect(log.last { $0.offsetOf != nil } == .offset("list", 0, 0))
        #expect(log.last == .scrollEvent(time: 0, scrollView: "list", event: .scrollViewDidEndDecelerating))
    }

    @Test("isScrollEnabled false: the pan is disabled, touches are not delayed, nothing scrolls")
    func scrollDisabled() throws {
        let s = try Self.list(#", "scrollEnabled": false"#)
        let log = try replay(s, Self.holdThenDrag(at: (100, 150), dy: 60))
        #expect(
            !log.contains {
                $0.gestureID == "list.panGestureRecognizer" || $0.scrollViewID == "list"
            })
        #expect(log.first == .responder("cell0", .touchesBegan))
    }

    @Test("content that fits the bounds does not scroll unless it always bounces")
    func fitsDoesNotScroll() throws {
        let s = try scene(
            #"""
            {"id": "list", "class": "UIScrollView", "frame": [0, 100, 390, 600], "subviews": [
              {"id": "cell0", "frame": [0, 0, 390, 80], "touches": "handle"}]}
            """#)
        let log = try replay(s, Self.holdThenDrag(at: (100, 150), dy: 60))
        #expect(log.contains(.scrollView("list", .cannotScrollInDirection)))
        let bouncy = try scene(
            #"""
            {"id": "list", "class": "UIScrollView", "frame": [0, 100, 390, 600],
             "scrollView": {"alwaysBounceVertical": true}, "subviews": [
              {"id": "cell0", "frame": [0, 0, 390, 80], "touches": "handle"}]}
            """#)
        let b = try replay(bouncy, Self.holdThenDrag(at: (100, 150), dy: 60))
        let b60: Double = 60 * 600 * 0.55 / (600 + 0.55 * 60)
        #expect(b.contains(.offset("list", 0, b60)))
        #expect(b.last { $0.offsetOf != nil } == .offset("list", 0, 0))
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
        let h = try replay(Self.nested(), horizontal)
        #expect(h.contains(.state("inner.panGestureRecognizer", .began)))
        #expect(h.contains(.state("outer.panGestureRecognizer", .failed)))
        #expect(h.contains(.offset("inner", 50, 0)))
        #expect(!h.contains { $0.offsetOf == "outer" })
        let vertical = [
            frame(0, (1, .began, 50, 200)), frame(0.05, (1, .moved, 52, 170)),
            frame(0.1, (1, .moved, 55, 150)), frame(0.2, (1, .ended, 55, 150)),
        ]
        let v = try replay(Self.nested(), vertical)
        #expect(v.contains(.scrollView("inner", .cannotScrollInDirection)))
        #expect(v.contains(.state("outer.panGestureRecognizer", .began)))
        #expect(v.contains(.offset("outer", 0, 50)))
        #expect(!v.contains { $0.offsetOf == "inner" })
    }

    @Test("isDirectionalLockEnabled: a diagonal drag scrolls only along the axis it began along")
    func directionalLock() throws {
        let both =
            #"{"id": "grid", "class": "UIScrollView", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [2000, 2000]LOCK}}"#
        let drag = [
            frame(0, (1, .began, 300, 600)), frame(0.05, (1, .moved, 280, 595)),
            frame(0.1, (1, .moved, 200, 540)),
        ]
        let free = try replay(scene(both.replacingOccurrences(of: "LOCK", with: "")), drag)
        #expect(free.last == .offset("grid", 100, 60))
        let locked = try replay(
            scene(
                both.replacingOccurrences(of: "LOCK", with: #", "directionalLockEnabled": true"#)),
            drag)
        #expect(locked.last == .offset("grid", 100, 0))
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
        let log = try replay(s, Self.holdThenDrag(at: (100, 150), dy: 60))
        #expect(log.contains(.state("list.panGestureRecognizer", .began)))
        #expect(log.contains(.state("swipeish", .failed)))
    }
}

/// The C library's `log`, for tests whose own `log` names a dispatch log.
private func naturalLog(_ x: Double) -> Double { log(x) }
