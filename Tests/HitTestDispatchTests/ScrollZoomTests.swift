import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestScene
import HitTestStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Zooming (`rule-scroll-view-zoom`): the built-in pinch scales the zooming view, zoomScale =
/// scale at the pinch's start × the pinch's scale, the content size follows the zooming
/// view's frame, the offset keeps the content point under the pinch's centre under it;
/// past a limit with `bouncesZoom` the rubber band s = m · e^(b(ln(raw/m))),
/// b(u) = u · D · 0.55 / (D + 0.55 u), D = ln 2, then the bounce's spring (ω = 10) back to
/// the limit. Apple: https://developer.apple.com/documentation/uikit/uiscrollview/zoomscale,
/// https://developer.apple.com/documentation/uikit/uiscrollview/bounceszoom,
/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewdidendzooming(_:with:atscale:).
@Suite("Scroll views: zooming")
struct ScrollZoomTests {
    /// A zooming scroll view `map` (0, 100, 300, 300), content 300 x 300, zoom 0.5 to 4,
    /// zooming `tiles` (0, 0, 300, 300), which holds a 20-point `dot` around (150, 150).
    static func map(_ extra: String = "") throws -> Scene {
        try scene(
            #"""
            {"id": "map", "class": "UIScrollView", "frame": [0, 100, 300, 300],
             "scrollView": {"contentSize": [300, 300], "minimumZoomScale": 0.5,
               "maximumZoomScale": 4, "zoomingView": "tiles"\#(extra)},
             "subviews": [{"id": "tiles", "frame": [0, 0, 300, 300], "subviews": [
               {"id": "dot", "frame": [140, 140, 20, 20]}]}]}
            """#)
    }

    /// Two fingers `d0` apart horizontally around the screen point (cx, cy) at `t`, moved
    /// to `d1` apart at `t + 0.1` (the pinch begins with scale d1 / d0; their centroid does
    /// not move, so the pan does not begin), lifted there at `t + 0.2`.
    static func pinch(_ d0: Double, _ d1: Double, at c: (Double, Double), t: Double = 0)
        -> [InputFrame]
    {
        [
            frame(t, (1, .began, c.0 - d0 / 2, c.1), (2, .began, c.0 + d0 / 2, c.1)),
            frame(t + 0.1, (1, .moved, c.0 - d1 / 2, c.1), (2, .moved, c.0 + d1 / 2, c.1)),
            frame(t + 0.2, (1, .ended, c.0 - d1 / 2, c.1), (2, .ended, c.0 + d1 / 2, c.1)),
        ]
    }

    static func zoomEvents(_ log: [DispatchLogEntry]) -> [ScrollViewEvent] {
        log.compactMap {
            guard case .scrollEvent(_, _, let e) = $0 else { return nil }
            switch e {
            case .scrollViewWillBeginZooming, .scrollViewDidZoom, .scrollViewDidEndZooming:
                return e
            default: return nil
            }
        }
    }

    @Test("a pinch from 20 to 40 points doubles the scale and keeps the content under its centre")
    func doubles() throws {
        let s = try Self.map()
        // Centre (100, 200) on the screen: (100, 100) in the map and in tiles at scale 1.
        let log = try replay(s, Self.pinch(20, 40, at: (100, 200)), times: true)
        #expect(
            Self.zoomEvents(log) == [
                .scrollViewWillBeginZooming, .scrollViewDidZoom(scale: 2),
                .scrollViewDidEndZooming(atScale: 2),
            ])
        // The tiles' point (100, 100) is at 2 · (100, 100) in the content; under the centre,
        // 100 points into the view, the offset is 200 - 100 = 100.
        #expect(
            log.contains(
                .scrollOffset(time: 0.1, scrollView: "map", contentOffset: Point(x: 100, y: 100))))
        let d = Dispatcher(scene: s, engine: .bvh)
        try d.replay(EventsFile(frames: Self.pinch(20, 40, at: (100, 200))))
        #expect(d.zoomScale(of: "map") == 2)
        #expect(d.contentOffset(of: "map") == Point(x: 100, y: 100))
        #expect(d.zoomScale(of: "tiles") == nil)
    }

    @Test("isZooming from the pinch's began to its end; the content size follows the frame")
    func states() throws {
        let store = try ViewStore(scene: Self.map())
        let d = Dispatcher(store: store)
        let frames = Self.pinch(20, 60, at: (150, 250))
        try d.feed(frames[0])
        #expect(!d.isZooming("map"))
        try d.feed(frames[1])
        #expect(d.isZooming("map") && !d.isZoomBouncing("map"))
        let map = try #require(store.view(withID: "map"))
        let tiles = try #require(store.view(withID: "tiles"))
        // Scale 3: the frame 900 x 900 from (0, 0), the content size with it; the centre
        // (150, 150) of the view keeps the tiles' (150, 150): 3 · 150 - 150 = 300.
        #expect(
            store.scrollViewSettingsIfAny(of: map)?.contentSize == Size(width: 900, height: 900))
        #expect(store.geometry(of: tiles).frame == Rect(x: 0, y: 0, width: 900, height: 900))
        #expect(store.geometry(of: tiles).transform == AffineTransform(scaleX: 3, y: 3))
        #expect(d.contentOffset(of: "map") == Point(x: 300, y: 300))
        try d.feed(frames[2])
        #expect(!d.isZooming("map"))
        #expect(d.zoomScale(of: "map") == 3)
        #expect(!d.isZooming("tiles") && d.zoomScale(of: "nothing") == nil)
    }

    @Test(
        "a tap after zooming hits the subview the zoomed transform puts under it, on every engine")
    func hitAfterZoom() throws {
        let s = try Self.map()
        // Scale 2 around (150, 250): offset (150, 150). The screen point (135, 235) is
        // (135, 135) in the view, (285, 285) in the content, (142.5, 142.5) in the tiles:
        // on the dot (140 to 160). Unzoomed, it is the tiles' (135, 135), off the dot.
        let tapAt = tap(3, at: (135, 235), t: 1)
        func began(_ log: [DispatchLogEntry]) -> [String] {
            log.compactMap {
                guard case .delivery(_, 3, .responder(let name), .touchesBegan) = $0 else {
                    return nil
                }
                return name
            }
        }
        let zoomed = try replay(s, Self.pinch(20, 40, at: (150, 250)) + tapAt)
        #expect(began(zoomed).first == "dot")
        let plain = try replay(s, tapAt)
        #expect(began(plain).first == "tiles")
    }

    @Test("past the maximum the scale follows the band and springs back to it when the pinch ends")
    func bounceBack() throws {
        let s = try Self.map()
        // A pinch from 20 to 120 asks for 6: ln 1.5 = 0.405465 past the maximum 4 is
        // shown as b = 0.405465 · 0.693147 · 0.55 / (0.693147 + 0.55 · 0.405465) = 0.168723,
        // 4 · e^0.168723 = 4.735168.
        let banded = 4.735167528734462
        let d = Dispatcher(scene: s, engine: .reference)
        let frames = Self.pinch(20, 120, at: (150, 250))
        try d.feed(frames[0])
        try d.feed(frames[1])
        #expect(abs(try #require(d.zoomScale(of: "map")) - banded) < 1e-9)
        try d.feed(frames[2])
        #expect(d.isZoomBouncing("map") && !d.isZooming("map"))
        // 0.1 s into the spring from rest: (x0 + ω x0 τ) e^(-ωτ) = x0 · 2/e of the overshoot.
        d.flush(until: 0.3)
        let expected = 4 + (banded - 4) * 2 / exp(1)
        #expect(abs(try #require(d.zoomScale(of: "map")) - expected) < 1e-9)
        d.flush()
        #expect(d.zoomScale(of: "map") == 4 && !d.isZoomBouncing("map"))
        // The centre's content point (150, 150) stays under (150, 150): 4 · 150 - 150.
        #expect(d.contentOffset(of: "map") == Point(x: 450, y: 450))
        let events = Self.zoomEvents(d.log)
        #expect(events.last == .scrollViewDidEndZooming(atScale: 4))
        #expect(events.filter { $0 == .scrollViewDidEndZooming(atScale: 4) }.count == 1)
        // Each step that changed the scale logged it: the pinch's move, the flush to 0.3 and
        // the flush to the spring's end.
        #expect(
            events.filter { if case .scrollViewDidZoom = $0 { true } else { false } }.count == 3)
    }

    @Test(
        "without bouncesZoom the scale stops at the limit; below the minimum it is banded to at most half"
    )
    func limits() throws {
        let held = try Self.map(#", "bouncesZoom": false"#)
        let log = try replay(held, Self.pinch(20, 120, at: (150, 250)), times: true)
        #expect(
            Self.zoomEvents(log) == [
                .scrollViewWillBeginZooming, .scrollViewDidZoom(scale: 4),
                .scrollViewDidEndZooming(atScale: 4),
            ])
        // 120 to 20 asks for 1/6: ln 3 past the minimum 0.5 shows 0.5 / e^0.322809 = 0.362051,
        // content 108.6 points, smaller than the view: the offset is held at 0.
        let d = Dispatcher(scene: try Self.map(), engine: .flat)
        let frames = Self.pinch(120, 20, at: (150, 250))
        try d.feed(frames[0])
        try d.feed(frames[1])
        #expect(abs(try #require(d.zoomScale(of: "map")) - 0.36205110771433835) < 1e-9)
        #expect(d.contentOffset(of: "map") == Point(x: 0, y: 0))
        try d.feed(frames[2])
        d.flush()
        #expect(d.zoomScale(of: "map") == 0.5)
    }

    @Test("a scroll view removed while its zoom springs back ends the zoom at the scale it left")
    func removedWhileBouncing() throws {
        let store = ViewStore(scene: try Self.map())
        let d = Dispatcher(store: store)
        let frames = Self.pinch(20, 120, at: (150, 250))
        for f in frames { try d.feed(f) }
        #expect(d.isZoomBouncing("map"))
        let left = try #require(d.zoomScale(of: "map"))
        #expect(left > 4, "past the maximum when the pinch ended")
        store.removeView(try #require(store.view(withID: "map")))
        d.flush()
        #expect(!d.isZoomBouncing("map"))
        #expect(Self.zoomEvents(d.log).last == .scrollViewDidEndZooming(atScale: left))
    }

    @Test("a scroll view without a zooming view keeps its pinch but zooms nothing")
    func noZoomingView() throws {
        let s = try scene(
            #"""
            {"id": "map", "class": "UIScrollView", "frame": [0, 100, 300, 300],
             "scrollView": {"contentSize": [300, 300], "maximumZoomScale": 4},
             "subviews": [{"id": "tiles", "frame": [0, 0, 300, 300]}]}
            """#)
        let log = try replay(s, Self.pinch(20, 40, at: (150, 250)))
        #expect(log.contains(.state("map.pinchGestureRecognizer", .began)))
        #expect(Self.zoomEvents(log).isEmpty)
        #expect(!log.contains { if case .scrollOffset = $0 { true } else { false } })
    }

    @Test("a second pinch starts from the scale the first left")
    func composes() throws {
        let s = try Self.map()
        let frames = Self.pinch(20, 40, at: (150, 250)) + Self.pinch(30, 45, at: (150, 250), t: 1)
        let d = Dispatcher(scene: s, engine: .bvh)
        try d.replay(EventsFile(frames: frames))
        // 1 · 2, then 2 · 1.5.
        #expect(d.zoomScale(of: "map") == 3)
        #expect(d.contentOffset(of: "map") == Point(x: 300, y: 300))
    }

    @Test("the log's JSON and text carry the scale")
    func printed() throws {
        let log = try replay(try Self.map(), Self.pinch(20, 40, at: (150, 250)), times: true)
        let lines = log.filter {
            if case .scrollEvent = $0 { true } else { false }
        }
        #expect(
            lines.map(\.json) == [
                #"{"t": 0.1, "kind": "scrollEvent", "scrollView": "map", "event": "scrollViewWillBeginZooming"}"#,
                #"{"t": 0.1, "kind": "scrollEvent", "scrollView": "map", "event": "scrollViewDidZoom", "zoomScale": 2}"#,
                #"{"t": 0.2, "kind": "scrollEvent", "scrollView": "map", "event": "scrollViewDidEndZooming", "atScale": 2}"#,
            ])
        #expect(
            lines.map(\.text) == [
                "[0.100] map: scrollViewWillBeginZooming",
                "[0.100] map: scrollViewDidZoom zoomScale 2",
                "[0.200] map: scrollViewDidEndZooming atScale 2",
            ])
    }
}

/// A host's zoom (`rule-scroll-view-zoom`): UIKit's `setZoomScale(_:animated:)` about the
/// view's centre and `zoom(to:animated:)` fitting a rect of the zooming view, at once or on
/// the dispatcher's clock. Apple:
/// https://developer.apple.com/documentation/uikit/uiscrollview/setzoomscale(_:animated:),
/// https://developer.apple.com/documentation/uikit/uiscrollview/zoom(to:animated:).
@Suite("Scroll views: zooming from the host")
struct HostZoomTests {
    @Test("setZoomScale at once keeps the view's centre point and logs scrollViewDidZoom alone")
    func setAtOnce() throws {
        let d = Dispatcher(scene: try ScrollZoomTests.map(), engine: .bvh)
        // The centre (150, 150) shows the tiles' (150, 150); at 2 it is at 300: offset 150.
        #expect(d.setZoomScale(2, of: "map"))
        #expect(d.zoomScale(of: "map") == 2)
        #expect(d.contentOffset(of: "map") == Point(x: 150, y: 150))
        #expect(
            d.log.map(\.untimed) == [
                .scrollEvent(time: 0, scrollView: "map", event: .scrollViewDidZoom(scale: 2)),
                .scrollOffset(time: 0, scrollView: "map", contentOffset: Point(x: 150, y: 150)),
            ])
        // Held at the maximum: 4 · 150 - 150.
        #expect(d.setZoomScale(10, of: "map"))
        #expect(d.zoomScale(of: "map") == 4)
        #expect(d.contentOffset(of: "map") == Point(x: 450, y: 450))
        #expect(!d.setZoomScale(0, of: "map") && !d.setZoomScale(.nan, of: "map"))
        #expect(!d.setZoomScale(2, of: "tiles") && !d.setZoomScale(2, of: "nothing"))
        #expect(!d.isZooming("map"))
    }

    @Test("zoom(to:) fits the rect to the bounds and centres it")
    func zoomToRect() throws {
        let d = Dispatcher(scene: try ScrollZoomTests.map(), engine: .reference)
        // 75 x 75 in a 300 x 300 view: scale 4; its centre (137.5, 137.5) is at 550 in the
        // content, 150 into the view: offset 400.
        #expect(d.zoom(to: Rect(x: 100, y: 100, width: 75, height: 75), in: "map"))
        #expect(d.zoomScale(of: "map") == 4)
        #expect(d.contentOffset(of: "map") == Point(x: 400, y: 400))
        // 150 x 300 fits at 1 (the smaller ratio); centred at (75, 150): offset held at 0.
        #expect(d.zoom(to: Rect(x: 0, y: 0, width: 150, height: 300), in: "map"))
        #expect(d.zoomScale(of: "map") == 1)
        #expect(d.contentOffset(of: "map") == Point(x: 0, y: 0))
        #expect(!d.zoom(to: Rect(x: 0, y: 0, width: -1, height: 10), in: "map"))
        #expect(!d.zoom(to: Rect(x: .nan, y: 0, width: 1, height: 10), in: "map"))
    }

    @Test(
        "a touch during the spring back stops the scale past the limit, is not delivered, and the spring resumes from rest at the lift"
    )
    func touchStopsSpringBack() throws {
        let s = try ScrollZoomTests.map()
        let banded = 4.735167528734462
        // The pinch lifts at 0.2 past the maximum; a finger lands on the dot at 0.3 (the
        // scale is then 4 + (banded - 4) · 2/e) and lifts at 0.5.
        let stopped = 4 + (banded - 4) * 2 / exp(1)
        let frames =
            ScrollZoomTests.pinch(20, 120, at: (150, 250)) + [
                frame(0.3, (3, .began, 150, 250)), frame(0.5, (3, .ended, 150, 250)),
            ]
        for engine in [Engine.reference, .flat] {
            let d = Dispatcher(scene: s, engine: engine)
            for f in frames.prefix(4) { try d.feed(f) }
            #expect(abs(try #require(d.zoomScale(of: "map")) - stopped) < 1e-9)
            #expect(!d.isZoomBouncing("map") && !d.isIdle(at: 0.3))
            // Held past the limit while the finger is down.
            d.flush(until: 0.45)
            #expect(abs(try #require(d.zoomScale(of: "map")) - stopped) < 1e-9)
            try d.feed(frames[4])
            #expect(d.isZoomBouncing("map"))
            // From rest at the lift: 0.1 s later 2/e of the overshoot is left.
            d.flush(until: 0.6)
            let resumed = 4 + (stopped - 4) * 2 / exp(1)
            #expect(abs(try #require(d.zoomScale(of: "map")) - resumed) < 1e-9)
            d.flush()
            #expect(d.zoomScale(of: "map") == 4 && d.isIdle(at: 10))
            let log = d.log
            #expect(log.contains(.scrollView("map", .touchStoppedScrolling, touch: 3, t: 0.3)))
            #expect(!log.contains { $0.message(to: "dot") != nil || $0.message(to: "tiles") != nil })
            #expect(
                ScrollZoomTests.zoomEvents(log).filter {
                    if case .scrollViewDidEndZooming = $0 { true } else { false }
                } == [.scrollViewDidEndZooming(atScale: stopped), .scrollViewDidEndZooming(atScale: 4)])
        }
    }

    @Test("a touch stops a host's animated zoom where it is, and it stays there")
    func touchStopsAnimatedZoom() throws {
        let d = Dispatcher(scene: try ScrollZoomTests.map(), engine: .flat)
        #expect(d.setZoomScale(2, of: "map", animated: true))
        try d.feed(frame(0.1, (1, .began, 150, 250)))
        let at = 2 - 2 / exp(1.0)
        #expect(abs(try #require(d.zoomScale(of: "map")) - at) < 1e-12)
        try d.feed(frame(0.2, (1, .ended, 150, 250)))
        d.flush()
        #expect(abs(try #require(d.zoomScale(of: "map")) - at) < 1e-12)
        #expect(d.log.contains(.scrollView("map", .touchStoppedScrolling, touch: 1, t: 0.1)))
        #expect(ScrollZoomTests.zoomEvents(d.log).last == .scrollViewDidEndZooming(atScale: at))
    }

    @Test("animated, the scale follows the zoom's spring on the dispatcher's clock")
    func animated() throws {
        let d = Dispatcher(scene: try ScrollZoomTests.map(), engine: .flat)
        #expect(d.setZoomScale(2, of: "map", animated: true))
        #expect(d.zoomScale(of: "map") == 1 && !d.isZoomBouncing("map"))
        // 0.1 s in, 2/e of the way is left: 2 - 2/e = 1.264241.
        d.flush(until: 0.1)
        let expected = 2 - 2 / exp(1.0)
        #expect(abs(try #require(d.zoomScale(of: "map")) - expected) < 1e-12)
        d.flush()
        #expect(d.zoomScale(of: "map") == 2)
        #expect(d.contentOffset(of: "map") == Point(x: 150, y: 150))
        let events = ScrollZoomTests.zoomEvents(d.log)
        #expect(events.first == .scrollViewWillBeginZooming)
        #expect(events.last == .scrollViewDidEndZooming(atScale: 2))
        // zoom(to:) animated moves the rect's centre to the view's centre as it scales.
        #expect(d.zoom(to: Rect(x: 100, y: 100, width: 75, height: 75), in: "map", animated: true))
        d.flush()
        #expect(d.zoomScale(of: "map") == 4)
        #expect(d.contentOffset(of: "map") == Point(x: 400, y: 400))
    }
}
