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

/// A scroll view's bounce (`rule-scroll-view-bounce`), checked against numbers worked out
/// from the formulas: the rubber band b(x) = x · D · c / (D + c · x), c = 0.55, and the
/// spring back x(τ) = edge + (x0 + (v0 + ω x0) τ) e^(-ωτ), ω = 10. Apple:
/// `UIScrollView.bounces`, https://developer.apple.com/documentation/uikit/uiscrollview/bounces,
/// `alwaysBounceVertical`,
/// https://developer.apple.com/documentation/uikit/uiscrollview/alwaysbouncevertical.
@Suite("Scroll views: the rubber band and the spring back")
struct ScrollBounceTests {
    /// A table `list` (0, 0, 390, 844) with content 390 x 2000 (the fields in `scroll`)
    /// and 10 rows of 80 points, `row<i>`.
    static func tall(_ scroll: String = "") throws -> Scene {
        let rows = (0..<10).map { i in
            #"{"id": "row\#(i)", "frame": [0, \#(i * 80), 390, 80], "touches": "handle"}"#
        }
        return try scene(
            #"""
            {"id": "list", "class": "UITableView", "frame": [0, 0, 390, 844],
             "scrollView": {"contentSize": [390, 2000]\#(scroll)}, "subviews": [
              \#(rows.joined(separator: ",\n"))]}
            """#)
    }

    static func band(_ x: Double, _ d: Double) -> Double { x * d * 0.55 / (d + 0.55 * x) }

    /// The spring's distance from the edge `tau` seconds in.
    static func spring(_ x0: Double, _ v0: Double, _ tau: Double) -> Double {
        (x0 + (v0 + 10 * x0) * tau) * exp(-10 * tau)
    }

    /// A finger at (100, 300) dragging down `dy` points in two moves (10 ms apart), then
    /// resting until it lifts at 0.2 (no fling: more than 50 ms after the last move).
    static func pullDown(_ dy: Double, lift: Bool = true) -> [InputFrame] {
        var f = [
            frame(0, (1, .began, 100, 300)), frame(0.01, (1, .moved, 100, 300 + dy / 2)),
            frame(0.02, (1, .moved, 100, 300 + dy)),
        ]
        if lift { f.append(frame(0.2, (1, .ended, 100, 300 + dy))) }
        return f
    }

    static func offsetY(_ d: Dispatcher) throws -> Double {
        try #require(d.contentOffset(of: "list")).y
    }

    @Test("a finger 100 points past the top edge of an 844-point view moves the content 51.64 points (the rubber band)")
    func rubberBand() throws {
        let d = Dispatcher(scene: try Self.tall())
        for f in Self.pullDown(100, lift: false) { try d.feed(f) }
        let expected = -(100 * 844 * 0.55 / (844 + 55))
        #expect(abs(expected - -51.635150166852) < 1e-9)
        #expect(abs(try Self.offsetY(d) - expected) < 1e-9)
        // Half way it was b(50), not half of b(100).
        let log = try replay(Self.tall(), Self.pullDown(100))
        #expect(log.contains(.offset("list", 0, -Self.band(50, 844))))
    }

    @Test("a lift past the edge springs back: y0 · 2/e 0.1 s later, exactly at the edge at the end")
    func springBack() throws {
        let s = try Self.tall()
        let d = Dispatcher(scene: s)
        for f in Self.pullDown(100) { try d.feed(f) }
        let y0 = -Self.band(100, 844)
        #expect(d.isDecelerating("list"))
        d.flush(until: 0.3)
        #expect(abs(try Self.offsetY(d) - y0 * 2 / M_E) < 1e-9)
        d.flush()
        #expect(try Self.offsetY(d) == 0)
        #expect(!d.isDecelerating("list"))
        // It ends at the first moment from which on it is within half a point and
        // slower than 5 points a second.
        let log = try replay(s, Self.pullDown(100), times: true)
        let last = try #require(log.last { $0.offsetOf != nil })
        #expect(last == .offset("list", 0, 0, t: last.time))
        let tau = last.time - 0.2
        #expect(abs(Self.spring(y0, 0, tau)) <= 0.5 + 1e-9)
        #expect(abs(Self.spring(y0, 0, tau - 1e-6)) > 0.5)
        #expect(tau > 0.6 && tau < 0.75, "\(tau)")
        #expect(log.last == .scrollEvent(time: last.time, scrollView: "list", event: .scrollViewDidEndDecelerating))
    }

    @Test("a deceleration that reaches the edge with speed left springs back with that speed")
    func decelerationSpringsBack() throws {
        let s = try ScrollDecelerationTests.list()
        let lift = ScrollDecelerationTests.lift
        let frames = ScrollDecelerationTests.flick(speed: 5_000)
        // 5,000 points a second from 200 reaches 600 at τe with speed 5,000 · d^(1000 τe).
        let k = 1000 * log(0.998)
        let tauE = log(1 + (600 - 200) * k / 5_000) / k
        let vE = 5_000 * exp(k * tauE)
        let d = Dispatcher(scene: s)
        for f in frames { try d.feed(f) }
        d.flush(until: lift + tauE + 0.05)
        let y = try #require(d.contentOffset(of: "list")).y
        #expect(abs(y - (600 + Self.spring(0, vE, 0.05))) < 1e-6, "\(y)")
        #expect(y > 600)
        #expect(d.isDecelerating("list"))
        d.flush()
        #expect(try #require(d.contentOffset(of: "list")).y == 600)
        // One motion: a single begin and end in the log.
        let log = try replay(s, frames)
        #expect(log.filter { $0 == .scrollEvent(time: 0, scrollView: "list", event: .scrollViewWillBeginDecelerating) }.count == 1)
        #expect(log.filter { $0 == .scrollEvent(time: 0, scrollView: "list", event: .scrollViewDidEndDecelerating) }.count == 1)
    }

    @Test("without bounces a drag is held in range and a deceleration stops at the edge (UIScrollView.bounces false)")
    func noBounces() throws {
        let s = try Self.tall(#", "bounces": false"#)
        let d = Dispatcher(scene: s)
        for f in Self.pullDown(100) { try d.feed(f) }
        #expect(try Self.offsetY(d) == 0)
        #expect(!d.isDecelerating("list"))
        let flat = try ScrollDecelerationTests.list(#", "bounces": false"#)
        let log = try replay(flat, ScrollDecelerationTests.flick(speed: 5_000))
        #expect(!log.contains { if case .scrollOffset(_, _, let p) = $0 { p.y > 600 } else { false } })
        #expect(log.last { $0.offsetOf != nil } == .offset("list", 0, 600))
    }

    @Test("alwaysBounceVertical lets content shorter than the view bounce; without bounces it does not scroll")
    func alwaysBounce() throws {
        let short = #"""
            {"id": "list", "class": "UIScrollView", "frame": [0, 0, 390, 844],
             "scrollView": {"contentSize": [390, 300], "alwaysBounceVertical": true%@}, "subviews": [
              {"id": "row0", "frame": [0, 0, 390, 80], "touches": "handle"}]}
            """#
        let s = try scene(short.replacingOccurrences(of: "%@", with: ""))
        let d = Dispatcher(scene: s)
        for f in Self.pullDown(-100) { try d.feed(f) }
        // Dragging up: past the bottom edge of a range [0, 0].
        let y0 = Self.band(100, 844)
        d.flush(until: 0.3)
        #expect(abs(try Self.offsetY(d) - y0 * 2 / M_E) < 1e-9)
        d.flush()
        #expect(try Self.offsetY(d) == 0)
        let stiff = try scene(short.replacingOccurrences(of: "%@", with: #", "bounces": false"#))
        let log = try replay(stiff, Self.pullDown(-100))
        #expect(log.contains(.scrollView("list", .cannotScrollInDirection)))
        #expect(!log.contains { $0.offsetOf != nil })
    }

    @Test("a tap during the spring back stops it where it is and reaches no row; it springs back from rest at the lift")
    func stoppingTapDuringBounce() throws {
        let s = try Self.tall()
        let y0 = -Self.band(100, 844)
        let stopped = y0 * 2 / M_E
        let frames = Self.pullDown(100) + tap(2, at: (100, 200), t: 0.3)
        let d = Dispatcher(scene: s)
        for f in frames.dropLast() { try d.feed(f) }
        #expect(abs(try Self.offsetY(d) - stopped) < 1e-9)
        #expect(!d.isDecelerating("list"))
        d.flush(until: 0.35)
        #expect(abs(try Self.offsetY(d) - stopped) < 1e-9, "held while the finger is down")
        try d.feed(frames.last!)  // the lift at 0.38
        d.flush(until: 0.48)
        #expect(abs(try Self.offsetY(d) - stopped * 2 / M_E) < 1e-9)
        d.flush()
        #expect(try Self.offsetY(d) == 0)
        let log = try replay(s, frames, times: true)
        #expect(log.contains(.scrollView("list", .touchStoppedScrolling, touch: 2, t: 0.3)))
        #expect(!log.filter { $0.time >= 0.3 }.contains { $0.isToResponder })
    }

    @Test("a finger that stops the spring back and drags continues the rubber band from where the content is")
    func dragDuringBounce() throws {
        let s = try Self.tall()
        let y0 = -Self.band(100, 844)
        let stopped = y0 * 2 / M_E
        let frames =
            Self.pullDown(100) + [
                frame(0.3, (2, .began, 100, 200)), frame(0.31, (2, .moved, 100, 210)),
                frame(0.32, (2, .moved, 100, 220)),
            ]
        let d = Dispatcher(scene: s)
        for f in frames { try d.feed(f) }
        // The travel b maps to the stopped offset, y D / (c (D - y)), plus 20 points.
        let y = -stopped
        let travel = y * 844 / (0.55 * (844 - y))
        #expect(abs(Self.band(travel, 844) - y) < 1e-9)
        #expect(abs(try Self.offsetY(d) - -Self.band(travel + 20, 844)) < 1e-9)
    }
}
