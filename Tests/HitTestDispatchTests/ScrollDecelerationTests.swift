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

/// A scroll view moving after a flick (`rule-scroll-view-deceleration`) and the touch that
/// stops it (`rule-scroll-view-stopping-touch`), checked against numbers worked out from
/// the formulas: x(t) = x0 + v0 (d^(1000 t) - 1) / (1000 ln d), at rest at
/// x0 - v0 / (1000 ln d). Apple: `UIScrollView.decelerationRate`,
/// https://developer.apple.com/documentation/uikit/uiscrollview/decelerationrate-swift.property.
@Suite("Scroll views: deceleration and the stopping touch")
struct ScrollDecelerationTests {
    /// A table `list` (0, 100, 390, 600) with content 390 x 1200 (the fields in `scroll`)
    /// and 15 rows of 80 points, `row<i>` holding a button `button<i>` (250, 20, 100, 40)
    /// whose action is `tap<i>`.
    static func list(_ scroll: String = "", extraRow: String = "") throws -> Scene {
        let rows = (0..<15).map { i in
            #"""
            {"id": "row\#(i)", "frame": [0, \#(i * 80), 390, 80], "touches": "handle", "subviews": [
              {"id": "button\#(i)", "class": "UIButton", "frame": [250, 20, 100, 40],
               "control": {"actions": {"touchUpInside": "tap\#(i)"}}}]}
            """#
        }
        return try scene(
            #"""
            {"id": "list", "class": "UITableView", "frame": [0, 100, 390, 600],
             "scrollView": {"contentSize": [390, 1200]\#(scroll)}, "subviews": [
              \#((rows + (extraRow.isEmpty ? [] : [extraRow])).joined(separator: ",\n"))]}
            """#)
    }

    /// The time of the lift: one 60 Hz frame after the last move.
    static let lift = 0.04 + 1.0 / 60

    /// A flick up at `speed` points a second: a touch at (100, 600) moving up
    /// `speed / 100` points every 10 ms four times (the pan begins at the first move), then
    /// lifting where it is at `lift`. The offset at the lift is `4 * speed / 100`.
    static func flick(speed: Double = 1_000, liftAt: Double = lift) -> [InputFrame] {
        let step = speed / 100
        var frames = [frame(0, (1, .began, 100, 600))]
        for i in 1...4 { frames.append(frame(Double(i) * 0.01, (1, .moved, 100, 600 - step * Double(i)))) }
        frames.append(frame(liftAt, (1, .ended, 100, 600 - step * 4)))
        return frames
    }

    /// The offset of the formula, `tau` seconds after a lift at `x0` with speed `v0`.
    static func formula(_ x0: Double, _ v0: Double, d: Double, tau: Double) -> Double {
        let k = 1000 * log(d)
        return x0 + v0 * (exp(k * tau) - 1) / k
    }

    static func offsetY(_ s: Scene, _ frames: [InputFrame], until: Double? = nil) throws -> Double {
        let d = Dispatcher(scene: s, engine: .bvh)
        try d.replay(EventsFile(frames: frames, until: until))
        return try #require(d.contentOffset(of: "list")).y
    }

    @Test(
        "a flick of 1,000 points a second at .normal comes to rest 499.5 points on, and is 90.63 points on 0.1 s after the lift"
    )
    func normalRate() throws {
        let s = try Self.list()
        let rest = try Self.offsetY(s, Self.flick())
        #expect(abs(rest - 40 - 499.5) < 0.001, "\(rest)")
        #expect(abs(rest - (40 - 1_000 / (1000 * log(0.998)))) < 1e-9)
        let early = try Self.offsetY(s, Self.flick(), until: Self.lift + 0.1)
        #expect(abs(early - 40 - 90.63) < 0.005, "\(early)")
        #expect(abs(early - Self.formula(40, 1_000, d: 0.998, tau: 0.1)) < 1e-9)
        // The motion is logged frame by frame, on every engine alike.
        let log = try replay(s, Self.flick(), until: Self.lift + 0.1, times: true)
        #expect(log.last == .offset("list", 0, early, t: Self.lift + 0.1))
    }

    @Test("at .fast (decelerationRate 0.99) the same flick comes to rest 99.5 points on")
    func fastRate() throws {
        let s = try Self.list(#", "decelerationRate": 0.99"#)
        let rest = try Self.offsetY(s, Self.flick())
        #expect(abs(rest - 40 - 99.5) < 0.001, "\(rest)")
        let mid = try Self.offsetY(s, Self.flick(), until: Self.lift + 0.05)
        #expect(abs(mid - Self.formula(40, 1_000, d: 0.99, tau: 0.05)) < 1e-9)
    }

    @Test("a finger that rests 100 ms before lifting does not fling; one that lifts a frame after its last move does")
    func restBeforeLift() throws {
        let s = try Self.list()
        let rested = Self.flick(liftAt: 0.14)
        #expect(try Self.offsetY(s, rested) == 40)
        let log = try replay(s, rested, times: true)
        #expect(!log.contains { $0.offsetOf != nil && $0.time > 0.04 })
        // The pan's velocity at the lift is zero after the rest, the moves' after a frame.
        for (liftAt, vy) in [(0.14, 0.0), (Self.lift, -1_000.0)] {
            let d = Dispatcher(scene: s, engine: .bvh)
            var velocity: Point?
            d.onGestureAction("list.panGestureRecognizer") {
                if $0.state == .ended { velocity = $0.report.velocity }
            }
            try d.replay(EventsFile(frames: Self.flick(liftAt: liftAt)))
            let v = try #require(velocity)
            #expect(abs(v.x) < 1e-9 && abs(v.y - vy) < 1e-6, "\(v) at \(liftAt)")
        }
    }

    @Test("a lift exactly 50 ms after the last move keeps its speed, however the times' difference rounds; 60 ms does not")
    func restBoundary() throws {
        let s = try Self.list()
        // 0.14 - 0.09 is 0.05000000000000002 in binary.
        func frames(liftAt: Double) -> [InputFrame] {
            [frame(0, (1, .began, 100, 600))]
                + (1...4).map { frame(0.05 + 0.01 * Double($0), (1, .moved, 100, 600 - 10 * Double($0))) }
                + [frame(liftAt, (1, .ended, 100, 560))]
        }
        let flung = try Self.offsetY(s, frames(liftAt: 0.14))
        #expect(abs(flung - (40 - 1_000 / (1000 * cLog(0.998)))) < 1e-9, "\(flung)")
        #expect(try Self.offsetY(s, frames(liftAt: 0.15)) == 40)
    }

    @Test("without bounces a deceleration that reaches an edge stops there, at the time the formula gives")
    func stopsAtEdge() throws {
        let s = try Self.list(#", "bounces": false"#)
        // 5,000 points a second from 200 would rest at 2,697.5, past the range's end, 600.
        let log = try replay(s, Self.flick(speed: 5_000), times: true)
        let last = try #require(log.last { $0.offsetOf != nil })
        let k = 1000 * cLog(0.998)
        let edgeTime = Self.lift + cLog(1 + (600 - 200) * k / 5_000) / k
        #expect(last == .offset("list", 0, 600, t: last.time))
        #expect(abs(last.time - edgeTime) < 1e-9, "\(last.time) vs \(edgeTime)")
    }

    @Test("each frame and AdvanceTime moves the store's content: hit tests see it where it is drawn")
    func hitTestsFollow() throws {
        let s = try Self.list()
        let store = ViewStore(scene: s)
        let d = Dispatcher(store: store)
        for f in Self.flick() { try d.feed(f) }
        #expect(d.isDecelerating("list"))
        d.flush(until: Self.lift + 0.1)
        let y = Self.formula(40, 1_000, d: 0.998, tau: 0.1)
        let list = try #require(store.view(withID: "list"))
        #expect(abs(store.geometry(of: list).bounds.origin.y - y) < 1e-9)
        // Screen y 250 is content y 150 + 130.63: row 3's button (260...300).
        #expect(store.hitTest(Point(x: 300, y: 250)).map { store.id(of: $0.view) } == "button3")
        d.flush(until: Self.lift + 1)
        let later = Self.formula(40, 1_000, d: 0.998, tau: 1)
        #expect(abs(store.geometry(of: list).bounds.origin.y - later) < 1e-9)
        // Content y 150 + 472.04 = 622.04: row 7 (560...640), below its button (580...620).
        #expect(store.hitTest(Point(x: 300, y: 250)).map { store.id(of: $0.view) } == "row7")
        d.flush()
        #expect(!d.isDecelerating("list"))
    }

    @Test("a host that sets the offset stops the motion")
    func hostStops() throws {
        let store = ViewStore(scene: try Self.list())
        let d = Dispatcher(store: store)
        for f in Self.flick() { try d.feed(f) }
        d.flush(until: Self.lift + 0.1)
        let list = try #require(store.view(withID: "list"))
        store.setBounds(list, Rect(x: 0, y: 10, width: 390, height: 600))
        d.flush()
        #expect(store.geometry(of: list).bounds.origin == Point(x: 0, y: 10))
        #expect(!d.isDecelerating("list"))
        _ = d.takeLog()
    }

    @Test(
        "a tap on a decelerating list stops it and reaches neither the row nor the button under it; the next tap does"
    )
    func stoppingTap() throws {
        let s = try Self.list()
        let at = Self.lift + 0.1
        let stopped = Self.formula(40, 1_000, d: 0.998, tau: 0.1)
        let frames = Self.flick() + tap(2, at: (300, 250), t: at)
        let log = try replay(s, frames, times: true)
        #expect(log.contains(.scrollView("list", .touchStoppedScrolling, touch: 2, t: at)))
        let touch2 = log.filter { $0.time >= at }
        #expect(!touch2.contains { $0.isToResponder })
        #expect(!touch2.contains { if case .control = $0 { true } else { false } })
        #expect(!touch2.contains { if case .action = $0 { true } else { false } })
        #expect(abs(try Self.offsetY(s, frames) - stopped) < 1e-9)
        // Once at rest, the next tap is delivered as usual and the button fires.
        let next = frames + tap(3, at: (300, 250), t: at + 0.5)
        let log2 = try replay(s, next)
        #expect(log2.contains(.control("button3", .touchUpInside)))
        #expect(log2.contains(.action("tap3")))
        #expect(log2.filter { $0.decision == .touchStoppedScrolling }.count == 1)
    }

    @Test("the stopping finger may drag on: the list's pan takes it")
    func stoppingFingerDrags() throws {
        let s = try Self.list()
        let at = Self.lift + 0.1
        let stopped = Self.formula(40, 1_000, d: 0.998, tau: 0.1)
        let frames =
            Self.flick() + [
                frame(at, (2, .began, 100, 500)), frame(at + 0.01, (2, .moved, 100, 490)),
                frame(at + 0.02, (2, .moved, 100, 480)), frame(at + 0.2, (2, .ended, 100, 480)),
            ]
        let log = try replay(s, frames)
        #expect(log.contains(.state("list.panGestureRecognizer", .began)))
        #expect(!log.contains { $0.message(to: "row5") != nil || $0.message(to: "row4") != nil })
        // Dragged 20 points on, then lifted after a rest: no new motion.
        #expect(abs(try Self.offsetY(s, frames) - (stopped + 20)) < 1e-9)
    }

    @Test(
        "nested: a touch on an inner scroll view at rest while the outer one moves stops the outer, and the inner does not take it"
    )
    func nested() throws {
        let carousel = #"""
            {"id": "carousel", "class": "UIScrollView", "frame": [0, 600, 390, 80],
             "scrollView": {"contentSize": [800, 80]}, "subviews": [
              {"id": "tile", "frame": [0, 0, 800, 80], "touches": "handle"}]}
            """#
        let s = try Self.list(extraRow: carousel)
        let at = Self.lift + 0.1
        let y = Self.formula(40, 1_000, d: 0.998, tau: 0.1)
        // The carousel's top on screen, mid-flight: 569.37.
        let top = 100 + 600 - y
        let frames =
            Self.flick() + [
                frame(at, (2, .began, 200, top + 40)), frame(at + 0.01, (2, .moved, 180, top + 40)),
                frame(at + 0.02, (2, .moved, 160, top + 40)),
                frame(at + 0.2, (2, .ended, 160, top + 40)),
            ]
        let log = try replay(s, frames, until: at + 1)
        #expect(log.contains(.scrollView("list", .touchStoppedScrolling, touch: 2)))
        #expect(!log.contains { $0.gestureID == "carousel.panGestureRecognizer" })
        #expect(!log.contains { $0.offsetOf == "carousel" })
        #expect(!log.contains { $0.message(to: "tile") != nil })
        let d = Dispatcher(scene: s, engine: .reference)
        try d.replay(EventsFile(frames: frames))
        #expect(abs(try #require(d.contentOffset(of: "list")).y - y) < 1e-9)
        #expect(d.contentOffset(of: "carousel") == .zero)
    }

    @Test(
        "the log pairs scrollViewWillBeginDecelerating at the lift with scrollViewDidEndDecelerating at rest, half a point from it"
    )
    func delegateEvents() throws {
        let s = try Self.list()
        let log = try replay(s, Self.flick(), times: true)
        // The motion's two; the drag's own calls are ScrollStateTests'.
        func motion(_ e: DispatchLogEntry) -> Bool {
            guard case .scrollEvent(_, _, let event) = e else { return false }
            return event == .scrollViewWillBeginDecelerating || event == .scrollViewDidEndDecelerating
        }
        let events = log.filter(motion)
        // |x(t) - rest| = v0 d^(1000 t) / (1000 |ln d|) = 0.5 at t = ln(0.5 |k| / v0) / k.
        let k = 1000 * cLog(0.998)
        let restTime = Self.lift + cLog(0.5 * -k / 1_000) / k
        #expect(events.count == 2)
        #expect(events.first == .scrollEvent(time: Self.lift, scrollView: "list", event: .scrollViewWillBeginDecelerating))
        let end = try #require(events.last)
        #expect(end == .scrollEvent(time: end.time, scrollView: "list", event: .scrollViewDidEndDecelerating))
        #expect(abs(end.time - restTime) < 1e-9, "\(end.time) vs \(restTime)")
        // The final offset comes just before, exactly at rest; every frame between logs one.
        let i = try #require(log.firstIndex(of: end))
        guard case .scrollOffset(end.time, "list", let rest) = log[i - 1] else {
            Issue.record("\(log[i - 1]) is not the final offset")
            return
        }
        #expect(abs(rest.y - (40 - 1_000 / k)) < 1e-9)
        // A touch that stops the motion ends it too.
        let stopped = try replay(s, Self.flick() + tap(2, at: (100, 300), t: Self.lift + 0.1), times: true)
        let j = try #require(stopped.firstIndex(of: .scrollView("list", .touchStoppedScrolling, touch: 2, t: Self.lift + 0.1)))
        #expect(stopped[j + 1] == .scrollEvent(time: Self.lift + 0.1, scrollView: "list", event: .scrollViewDidEndDecelerating))
        #expect(stopped.filter(motion).count == 2)
    }

    @Test("a scene's decelerationRate outside (0, 1) is refused, naming the view and the field")
    func badRate() throws {
        for rate in ["0", "1", "1.5", "-0.2"] {
            do {
                _ = try Self.list(#", "decelerationRate": \#(rate)"#)
                Issue.record("decelerationRate \(rate) was accepted")
            } catch {
                let text = "\(error)"
                #expect(text.contains("list") && text.contains("decelerationRate"), "\(text)")
            }
        }
    }
}

/// `log` of the C library, where a test's own `log` names its log.
private func cLog(_ x: Double) -> Double { log(x) }
