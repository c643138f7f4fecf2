import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestScene
import Testing

/// A scroll view's `contentInset` (`rule-scroll-view-content-inset`): the offset range on
/// y is `[-top, contentSize.height - bounds.height + bottom]` (x likewise), and the clamp,
/// the rubber band, the motions' end points, paging and the axes a drag may scroll all use
/// it. Numbers are worked out by hand from the formulas. Apple:
/// `UIScrollView.contentInset`,
/// https://developer.apple.com/documentation/uikit/uiscrollview/contentinset.
@Suite("Scroll views: content inset")
struct ScrollContentInsetTests {
    /// The list of the deceleration tests (0, 100, 390, 600, content 390 x 1200) with
    /// insets top 64, bottom 34: the y range is [-64, 634].
    static func list(_ scroll: String = "") throws -> Scene {
        try ScrollDecelerationTests.list(#", "contentInset": [64, 0, 34, 0]"# + scroll)
    }

    /// A finger at (100, `y0`) that moves by `dy` at 0.1 (the pan begins) and rests until
    /// it lifts at 0.3: no speed.
    static func slowDrag(_ dy: Double, from y0: Double = 400) -> [InputFrame] {
        [
            frame(0, (1, .began, 100, y0)), frame(0.1, (1, .moved, 100, y0 + dy)),
            frame(0.3, (1, .ended, 100, y0 + dy)),
        ]
    }

    static func offsetY(_ s: Scene, _ frames: [InputFrame], id: String = "list") throws -> Double {
        let d = Dispatcher(scene: s, engine: .bvh)
        try d.replay(EventsFile(frames: frames))
        return try #require(d.contentOffset(of: id)).y
    }

    @Test("without bounces a drag is held in [-top, content - bounds + bottom]")
    func clamp() throws {
        let s = try Self.list(#", "bounces": false"#)
        // Down 200 from 0: the unclamped -200 is held at -64.
        #expect(try Self.offsetY(s, Self.slowDrag(200)) == -64)
        // Up 650: 650 is held at 1200 - 600 + 34 = 634.
        #expect(try Self.offsetY(s, Self.slowDrag(-650, from: 690)) == 634)
        // Inside the range the finger is followed.
        #expect(try Self.offsetY(s, Self.slowDrag(50)) == -50)
        // Without the inset the same drags stop at 0 and 600.
        let plain = try ScrollDecelerationTests.list(#", "bounces": false"#)
        #expect(try Self.offsetY(plain, Self.slowDrag(200)) == 0)
        #expect(try Self.offsetY(plain, Self.slowDrag(-650, from: 690)) == 600)
    }

    @Test("the rubber band starts at -top, and the spring back ends there")
    func bounce() throws {
        let s = try Self.list()
        let d = Dispatcher(scene: s, engine: .bvh)
        try d.feed(frame(0, (1, .began, 100, 400)))
        try d.feed(frame(0.1, (1, .moved, 100, 500)))
        // 100 points down: 36 past -64, b(36) = 36 · 600 · 0.55 / (600 + 0.55 · 36).
        let band = 36 * 600 * 0.55 / (600 + 0.55 * 36)
        let dragged = try #require(d.contentOffset(of: "list")).y
        #expect(abs(dragged - (-64 - band)) < 1e-9, "\(dragged)")
        #expect(abs(band - 19.1675) < 1e-4)
        try d.feed(frame(0.3, (1, .ended, 100, 500)))
        #expect(d.isDecelerating("list"))
        d.flush()
        #expect(try #require(d.contentOffset(of: "list")).y == -64)
    }

    @Test("a flick comes to rest at content - bounds + bottom, with and without bounces")
    func decelerationEnd() throws {
        // 3,000 points a second from 120: the rest point 120 + 3000 / (-1000 ln 0.998)
        // lies far past 634, so the motion ends at 634 and the target says so.
        for scroll in ["", #", "bounces": false"#] {
            let s = try Self.list(scroll)
            let frames = ScrollDecelerationTests.flick(speed: 3_000)
            #expect(try Self.offsetY(s, frames) == 634, "\(scroll)")
            let log = try replay(s, frames)
            #expect(ScrollPagingTests.target(log) == Point(x: 0, y: 634), "\(scroll)")
        }
    }

    @Test("pages start at -top: -top + n · bounds height, the last one the range's end")
    func paging() throws {
        // The pager's content 390 x 2000 in 600 points, with top inset 50: the range is
        // [-50, 1400], pages at -50, 550, 1150 and 1400.
        let s = try ScrollPagingTests.pager(#", "contentInset": [50, 0, 0, 0]"#)
        // Up 400 from 0: offset 400, between -50 (450 away) and 550 (150 away).
        #expect(try ScrollPagingTests.rest(s, ScrollPagingTests.slowDrag(400)) == 550)
        // Up 200: offset 200, 250 from -50 and 350 from 550.
        #expect(try ScrollPagingTests.rest(s, ScrollPagingTests.slowDrag(200)) == -50)
        // A flick forward from 650 goes to the next page, 1150.
        #expect(
            try ScrollPagingTests.rest(s, ScrollPagingTests.drag(620, last: 30, from: 690)) == 1150)
        // From the last page (1150) on, the end of the range is the last page.
        let far = try ScrollPagingTests.pager(y: 1150, #", "contentInset": [50, 0, 0, 0]"#)
        #expect(try ScrollPagingTests.rest(far, ScrollPagingTests.slowDrag(200)) == 1400)
    }

    @Test("content no taller than the view scrolls when the insets make the range longer")
    func canScroll() throws {
        // Content 390 x 600 in a 600-point view: the range is [0, 0] without insets, and
        // the drag fails; a bottom inset of 100 makes it [0, 100].
        func fit(_ inset: String) throws -> Scene {
            try scene(
                #"""
                {"id": "list", "class": "UIScrollView", "frame": [0, 100, 390, 600],
                 "scrollView": {"contentSize": [390, 600], "bounces": false\#(inset)}}
                """#)
        }
        let plain = try fit("")
        let refused = try replay(plain, Self.slowDrag(-300, from: 500))
        #expect(refused.contains { $0.decision == .cannotScrollInDirection })
        #expect(try Self.offsetY(plain, Self.slowDrag(-300, from: 500)) == 0)
        let inset = try fit(#", "contentInset": [0, 0, 100, 0]"#)
        #expect(try Self.offsetY(inset, Self.slowDrag(-300, from: 500)) == 100)
    }

    @Test("left and right widen the x range the same way")
    func horizontal() throws {
        let s = try scene(
            #"""
            {"id": "list", "class": "UIScrollView", "frame": [0, 100, 390, 600],
             "scrollView": {"contentSize": [800, 600], "bounces": false,
                            "contentInset": [0, 20, 0, 30]}}
            """#)
        func drag(_ dx: Double) -> [InputFrame] {
            [
                frame(0, (1, .began, 200, 400)), frame(0.1, (1, .moved, 200 + dx, 400)),
                frame(0.3, (1, .ended, 200 + dx, 400)),
            ]
        }
        let d = Dispatcher(scene: s, engine: .bvh)
        try d.replay(EventsFile(frames: drag(150)))
        #expect(d.contentOffset(of: "list") == Point(x: -20, y: 0))
        let e = Dispatcher(scene: s, engine: .bvh)
        try e.replay(EventsFile(frames: drag(-600)))
        // 800 - 390 + 30.
        #expect(e.contentOffset(of: "list") == Point(x: 440, y: 0))
    }
}
