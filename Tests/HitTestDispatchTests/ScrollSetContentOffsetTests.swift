import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestScene
import HitTestStore
import Testing

/// The host's `setContentOffset(_:animated:)` (`rule-scroll-view-set-content-offset`): at
/// once, or at a constant velocity over `Dispatcher.scrollAnimationDuration` (0.3 s) on the
/// dispatcher's clock, x(τ) = x0 + (x1 - x0) · τ / 0.3, ending with
/// `scrollViewDidEndScrollingAnimation`. Apple: `UIScrollView.setContentOffset(_:animated:)`,
/// https://developer.apple.com/documentation/uikit/uiscrollview/setcontentoffset(_:animated:).
@Suite("Scroll views: setContentOffset")
struct ScrollSetContentOffsetTests {
    static func dispatcher() throws -> Dispatcher {
        Dispatcher(scene: try ScrollDecelerationTests.list(), engine: .bvh)
    }

    static func y(_ d: Dispatcher) throws -> Double { try #require(d.contentOffset(of: "list")).y }

    @Test("not animated, the offset is set at once and logged; nothing keeps moving")
    func immediate() throws {
        let d = try Self.dispatcher()
        #expect(d.setContentOffset(Point(x: 0, y: 300), of: "list", animated: false))
        #expect(try Self.y(d) == 300)
        #expect(!d.isScrollAnimating("list") && !d.isDecelerating("list"))
        #expect(
            d.takeLog()
                == [.scrollOffset(time: 0, scrollView: "list", contentOffset: Point(x: 0, y: 300))])
        // Past the range is allowed, as in UIKit.
        #expect(d.setContentOffset(Point(x: 0, y: -40), of: "list", animated: false))
        #expect(try Self.y(d) == -40)
        // No such scroll view, or an offset that is not finite: nothing changes.
        #expect(!d.setContentOffset(Point(x: 0, y: 10), of: "nowhere", animated: false))
        #expect(!d.setContentOffset(Point(x: 0, y: 10), of: "row1", animated: true))
        #expect(!d.setContentOffset(Point(x: .nan, y: 10), of: "list", animated: false))
        #expect(try Self.y(d) == -40)
    }

    @Test("animated, the content moves at a constant velocity for 0.3 s and the end is logged")
    func animated() throws {
        let d = try Self.dispatcher()
        try d.feed(InputFrame(time: 1, touches: []))
        _ = d.takeLog()
        #expect(Dispatcher.scrollAnimationDuration == 0.3)
        #expect(d.setContentOffset(Point(x: 0, y: 300), of: "list", animated: true))
        // At the call nothing has moved yet.
        #expect(try Self.y(d) == 0)
        #expect(d.isScrollAnimating("list"))
        #expect(!d.isDecelerating("list"))
        // 0.075 s in: a quarter of the way, 75; 0.15 s: 150; 0.27 s: 270.
        for (tau, expected) in [(0.075, 75.0), (0.15, 150), (0.27, 270)] {
            d.flush(until: 1 + tau)
            #expect(abs(try Self.y(d) - expected) < 1e-9, "\(tau)")
        }
        d.flush()
        #expect(try Self.y(d) == 300)
        #expect(!d.isScrollAnimating("list"))
        let log = d.takeLog()
        #expect(log.count == 5)
        guard case .scrollOffset(let t, "list", let last) = log[3] else {
            Issue.record("\(log)")
            return
        }
        #expect(last == Point(x: 0, y: 300))
        #expect(log[4] == .scrollEvent(time: t, scrollView: "list", event: .scrollViewDidEndScrollingAnimation))
        #expect(abs(t - 1.3) < 1e-12)
        // An animation to where the content is moves nothing and logs nothing.
        #expect(d.setContentOffset(Point(x: 0, y: 300), of: "list", animated: true))
        #expect(!d.isScrollAnimating("list"))
        #expect(d.takeLog().isEmpty)
    }

    @Test("both axes move together, each at its own constant velocity")
    func twoAxes() throws {
        let s = try scene(
            #"""
            {"id": "list", "class": "UIScrollView", "frame": [0, 0, 200, 200],
             "scrollView": {"contentSize": [1000, 1000]}}
            """#)
        let d = Dispatcher(scene: s, engine: .bvh)
        #expect(d.setContentOffset(Point(x: 600, y: -90), of: "list", animated: true))
        d.flush(until: 0.1)
        let p = try #require(d.contentOffset(of: "list"))
        #expect(abs(p.x - 200) < 1e-9 && abs(p.y - -30) < 1e-9, "\(p)")
    }

    @Test("a touch on the animating view stops it where it is and reaches no content")
    func stoppingTouch() throws {
        let d = try Self.dispatcher()
        d.setContentOffset(Point(x: 0, y: 300), of: "list", animated: true)
        // At 0.15 the offset is 150: screen (300, 140) is content y 190, button2.
        try d.feed(frame(0.15, (1, .began, 300, 140)))
        try d.feed(frame(0.23, (1, .ended, 300, 140)))
        d.flush()
        #expect(abs(try Self.y(d) - 150) < 1e-9)
        #expect(!d.isScrollAnimating("list"))
        let log = d.takeLog()
        #expect(log.contains(.scrollView("list", .touchStoppedScrolling, touch: 1, t: 0.15)))
        #expect(
            log.contains(
                .scrollEvent(
                    time: 0.15, scrollView: "list", event: .scrollViewDidEndScrollingAnimation)))
        #expect(!log.contains { $0.isToResponder })
        #expect(!log.contains { if case .action = $0 { true } else { false } })
        #expect(
            log.filter {
                if case .scrollEvent(_, _, .scrollViewDidEndScrollingAnimation) = $0 { true } else { false }
            }.count == 1)
    }

    @Test("the host's offset or bounds mid-animation stops it; so does another call")
    func hostStops() throws {
        let d = try Self.dispatcher()
        d.setContentOffset(Point(x: 0, y: 300), of: "list", animated: true)
        d.flush(until: 0.15)
        d.setContentOffset(Point(x: 0, y: 500), of: "list", animated: false)
        #expect(!d.isScrollAnimating("list"))
        d.flush()
        #expect(try Self.y(d) == 500)
        let log = d.takeLog()
        #expect(
            Array(log.suffix(2)) == [
                .scrollEvent(
                    time: 0.15, scrollView: "list", event: .scrollViewDidEndScrollingAnimation),
                .scrollOffset(time: 0.15, scrollView: "list", contentOffset: Point(x: 0, y: 500)),
            ])
        // Bounds set on the world directly stop it at the next frame or flush.
        let store = ViewStore(scene: try ScrollDecelerationTests.list())
        let e = Dispatcher(store: store)
        e.setContentOffset(Point(x: 0, y: 300), of: "list", animated: true)
        e.flush(until: 0.1)
        let list = try #require(store.view(withID: "list"))
        store.setBounds(list, Rect(x: 0, y: 10, width: 390, height: 600))
        e.flush()
        #expect(store.geometry(of: list).bounds.origin == Point(x: 0, y: 10))
        #expect(!e.isScrollAnimating("list"))
        #expect(
            e.takeLog().last
                == .scrollEvent(
                    time: 0.3, scrollView: "list", event: .scrollViewDidEndScrollingAnimation))
    }

    @Test("a flick's motion stops for an animation, which then runs from where it was")
    func replacesDeceleration() throws {
        let d = try Self.dispatcher()
        for f in ScrollDecelerationTests.flick() { try d.feed(f) }
        #expect(d.isDecelerating("list"))
        let lift = ScrollDecelerationTests.lift
        let from = try Self.y(d)
        d.setContentOffset(Point(x: 0, y: 0), of: "list", animated: true)
        #expect(!d.isDecelerating("list") && d.isScrollAnimating("list"))
        d.flush(until: lift + 0.15)
        #expect(abs(try Self.y(d) - from / 2) < 1e-9)
        let log = d.takeLog()
        #expect(
            log.contains(
                .scrollEvent(time: lift, scrollView: "list", event: .scrollViewDidEndDecelerating)))
    }
}
