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

/// A paging scroll view (`rule-scroll-view-paging`): it comes to rest on a multiple of its
/// bounds size, the next page after a flick of 400 points a second or more, the nearest
/// otherwise; the last page is the content's end; the motion is the bounce's spring to
/// the page, x(τ) = page + (x0 + (v0 + ω x0) τ) e^(-ωτ), ω = 10. Apple:
/// `UIScrollView.isPagingEnabled`,
/// https://developer.apple.com/documentation/uikit/uiscrollview/ispagingenabled.
@Suite("Scroll views: paging")
struct ScrollPagingTests {
    /// A paging scroll view `pager` (0, 100, 390, 600) with content 390 x 2000 (pages at
    /// 0, 600, 1200 and the end, 1400) and the offset `y`, holding one content view.
    static func pager(y: Double = 0, _ scroll: String = "") throws -> Scene {
        try scene(
            #"""
            {"id": "pager", "class": "UIScrollView", "frame": [0, 100, 390, 600],
             "boundsOrigin": [0, \#(y)],
             "scrollView": {"contentSize": [390, 2000], "pagingEnabled": true\#(scroll)},
             "subviews": [{"id": "content", "frame": [0, 0, 390, 2000], "touches": "handle"}]}
            """#)
    }

    /// A finger at (100, 650) that drags up `dy` points at 0.1 (the pan begins), then
    /// `last` more points 10 ms later, and lifts 10 ms after that: its speed at the lift
    /// is `last` / 0.01 points a second.
    static func drag(_ dy: Double, last: Double, from y0: Double = 650) -> [InputFrame] {
        [
            frame(0, (1, .began, 100, y0)), frame(0.1, (1, .moved, 100, y0 - dy)),
            frame(0.11, (1, .moved, 100, y0 - dy - last)),
            frame(0.12, (1, .ended, 100, y0 - dy - last)),
        ]
    }

    /// A drag of `dy` points whose finger rests before lifting at 0.3: no speed.
    static func slowDrag(_ dy: Double, from y0: Double = 650) -> [InputFrame] {
        [
            frame(0, (1, .began, 100, y0)), frame(0.1, (1, .moved, 100, y0 - dy)),
            frame(0.3, (1, .ended, 100, y0 - dy)),
        ]
    }

    static func rest(_ s: Scene, _ frames: [InputFrame], until: Double? = nil) throws -> Double {
        let d = Dispatcher(scene: s, engine: .bvh)
        try d.replay(EventsFile(frames: frames, until: until))
        return try #require(d.contentOffset(of: "pager")).y
    }

    /// The target offset the log's `scrollViewWillEndDragging` gives.
    static func target(_ log: [DispatchLogEntry]) -> Point? {
        for e in log {
            if case .scrollEvent(_, _, .scrollViewWillEndDragging(_, let t)) = e { return t }
        }
        return nil
    }

    @Test(
        "a slow drag past half a page comes to rest on the next page, one short of half on this one"
    )
    func nearest() throws {
        let s = try Self.pager()
        #expect(try Self.rest(s, Self.slowDrag(400)) == 600)
        #expect(try Self.rest(s, Self.slowDrag(290)) == 0)
        #expect(try Self.rest(s, Self.slowDrag(310)) == 600)
        // Back from the second page: 250 points back is less than half a page.
        let second = try Self.pager(y: 600)
        #expect(try Self.rest(second, Self.slowDrag(-250, from: 300)) == 600)
        #expect(try Self.rest(second, Self.slowDrag(-350, from: 300)) == 0)
        let log = try replay(s, Self.slowDrag(400), times: true)
        #expect(Self.target(log) == Point(x: 0, y: 600))
        #expect(
            log.contains(
                .scrollEvent(
                    time: 0.3, scrollView: "pager",
                    event: .scrollViewDidEndDragging(willDecelerate: true))))
    }

    @Test(
        "a short flick of 400 points a second or more goes to the next page; a slower one to the nearest"
    )
    func flick() throws {
        let s = try Self.pager()
        // 60 + 5 points: 500 points a second at the lift.
        #expect(try Self.rest(s, Self.drag(60, last: 5)) == 600)
        // 60 + 4.01: 401 points a second, just over the threshold.
        #expect(try Self.rest(s, Self.drag(60, last: 4.01)) == 600)
        // 60 + 3: 300 points a second, below the threshold: the nearest page, 0.
        #expect(try Self.rest(s, Self.drag(60, last: 3)) == 0)
        // Back: from the second page a flick down goes to the first.
        let second = try Self.pager(y: 600)
        #expect(try Self.rest(second, Self.drag(-60, last: -5, from: 300)) == 0)
        // A flick forward at 650, past the second page, goes to the third: the first
        // page past the offset in the flick's direction.
        #expect(try Self.rest(s, Self.drag(620, last: 30, from: 690)) == 1200)
    }

    @Test("the motion is the spring to the page from the content's speed, and ends exactly on it")
    func curve() throws {
        let s = try Self.pager()
        // At the lift (0.12) the offset is 65, the content's speed +500 points a second.
        let x0 = 65.0 - 600
        let v0 = 500.0
        let tau = 0.1
        let expected = 600 + (x0 + (v0 + 10 * x0) * tau) * exp(-10 * tau)
        let early = try Self.rest(s, Self.drag(60, last: 5), until: 0.12 + tau)
        #expect(abs(early - expected) < 1e-6, "\(early) vs \(expected)")
        let log = try replay(s, Self.drag(60, last: 5), times: true)
        #expect(Self.target(log) == Point(x: 0, y: 600))
        guard case .scrollOffset(_, "pager", let last) = log[log.count - 2] else {
            Issue.record("\(log[log.count - 2]) is not the final offset")
            return
        }
        #expect(last == Point(x: 0, y: 600))
        #expect(
            log.last?.untimed
                == .scrollEvent(time: 0, scrollView: "pager", event: .scrollViewDidEndDecelerating))
    }

    @Test(
        "the last page is the content's end: a flick there holds at it, past it springs back to it")
    func lastPage() throws {
        // From the third page (1200) a flick forward: the fourth multiple, 1800, is
        // past the end; the content comes to rest at 1400.
        let third = try Self.pager(y: 1200)
        #expect(try Self.rest(third, Self.drag(60, last: 10)) == 1400)
        // From the end, a drag past it (the rubber band) with a flick on: back to 1400.
        let end = try Self.pager(y: 1400)
        #expect(try Self.rest(end, Self.drag(100, last: 10)) == 1400)
        let log = try replay(end, Self.drag(100, last: 10), times: true)
        #expect(Self.target(log) == Point(x: 0, y: 1400))
        // Without bounces the drag holds at the end and nothing goes past it.
        let stiff = try Self.pager(y: 1200, #", "bounces": false"#)
        let d = Dispatcher(scene: stiff, engine: .bvh)
        try d.replay(EventsFile(frames: Self.drag(60, last: 40)))
        #expect(d.contentOffset(of: "pager") == Point(x: 0, y: 1400))
        for case .scrollOffset(_, _, let p) in d.log { #expect(p.y <= 1400, "\(p)") }
    }

    @Test("a touch stops a paging motion; when it lifts, the content goes to the nearest page")
    func stoppingTouch() throws {
        let s = try Self.pager()
        let frames = Self.drag(60, last: 5) + tap(2, at: (100, 400), t: 0.15)
        let log = try replay(s, frames, times: true)
        #expect(log.contains(.scrollView("pager", .touchStoppedScrolling, touch: 2, t: 0.15)))
        // The content got nothing of the stopping touch.
        #expect(
            !log.contains {
                if case .delivery(_, 2, .responder("content"), _) = $0 { true } else { false }
            })
        let d = Dispatcher(scene: s, engine: .bvh)
        try d.replay(EventsFile(frames: frames))
        let y = try #require(d.contentOffset(of: "pager")).y
        #expect(y == 0 || y == 600, "\(y)")
        // Where it stopped, 30 ms into the spring (65 + 535 - 680.5 e^(-0.3) = 95.9), it
        // is below half a page: it goes back.
        let stopped = try Self.rest(
            s, Self.drag(60, last: 5) + [frame(0.15, (2, .began, 100, 400))])
        #expect(stopped > 65 && stopped < 300, "\(stopped)")
        #expect(y == 0)
    }

    @Test("a scene without pagingEnabled does not page")
    func notPaging() throws {
        let plain = try scene(
            #"""
            {"id": "pager", "class": "UIScrollView", "frame": [0, 100, 390, 600],
             "scrollView": {"contentSize": [390, 2000]},
             "subviews": [{"id": "content", "frame": [0, 0, 390, 2000], "touches": "handle"}]}
            """#)
        #expect(try Self.rest(plain, Self.slowDrag(400)) == 400)
    }
}
