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

/// A scroll view's drag as its delegate hears it and its states
/// (`rule-scroll-view-delegate-calls`): the order of the calls, the velocity in points a
/// millisecond, the target offset the formula of `rule-scroll-view-deceleration` gives,
/// a handler's changed target, and `isTracking` / `isDragging` at each phase. Apple:
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate/scrollviewwillenddragging(_:withvelocity:targetcontentoffset:).
@Suite("Scroll views: the drag's delegate calls and states")
struct ScrollStateTests {
    typealias Flick = ScrollDecelerationTests

    /// k = 1000 ln d for `.normal`.
    static let k = 1000 * log(0.998)

    /// The scroll events of a log, in order.
    static func events(_ log: [DispatchLogEntry]) -> [ScrollViewEvent] {
        log.compactMap { if case .scrollEvent(_, "list", let e) = $0 { e } else { nil } }
    }

    /// A drag up of 40 points in four 10 ms moves, then a rest of more than 50 ms before
    /// the lift at 0.2: no velocity at the lift.
    static let dragAndRest: [InputFrame] =
        Array(Flick.flick().dropLast()) + [frame(0.2, (1, .ended, 100, 560))]

    @Test(
        "a drag and flick: willBeginDragging, willEndDragging with 1 point/ms and the rest point, didEndDragging(true), willBeginDecelerating, didEndDecelerating"
    )
    func flickOrder() throws {
        let s = try Flick.list()
        let log = try replay(s, Flick.flick(), times: true)
        let events = Self.events(log)
        #expect(events.count == 5, "\(events)")
        guard events.count == 5,
            case .scrollViewWillEndDragging(let v, let target) = events[1]
        else { return }
        #expect(events[0] == .scrollViewWillBeginDragging)
        #expect(events[2] == .scrollViewDidEndDragging(willDecelerate: true))
        #expect(events[3] == .scrollViewWillBeginDecelerating)
        #expect(events[4] == .scrollViewDidEndDecelerating)
        // The finger goes up 10 points every 10 ms: the content moves down the content,
        // +1,000 points a second, +1 a millisecond.
        #expect(v.x == 0 && abs(v.y - 1) < 1e-9, "\(v)")
        // The target is the rest point x0 - v0 / k, with x0 = 40, and the motion ends
        // exactly there.
        #expect(target.x == 0 && abs(target.y - (40 - 1_000 / Self.k)) < 1e-6, "\(target)")
        let d = Dispatcher(scene: s, engine: .bvh)
        try d.replay(EventsFile(frames: Flick.flick()))
        #expect(d.contentOffset(of: "list") == target)
        // willBeginDragging comes before the drag's first offset; the lift's calls after
        // the pan's own entries, at the lift.
        let begin = try #require(log.firstIndex { $0.isEvent(.scrollViewWillBeginDragging) })
        let firstOffset = try #require(
            log.firstIndex { if case .scrollOffset = $0 { true } else { false } })
        #expect(begin < firstOffset)
        #expect(log[begin].time == 0.01)
        let willEnd = try #require(log.firstIndex { $0.isEvent(events[1]) })
        #expect(log[willEnd].time == Flick.lift)
        #expect(
            log[willEnd - 1].withoutReport
                == .action(time: Flick.lift, name: "list.panGestureRecognizer"))
        #expect(log[willEnd + 1].isEvent(events[2]) && log[willEnd + 2].isEvent(events[3]))
    }

    @Test(
        "a drag whose finger rests before lifting: willEndDragging with no velocity and the offset, didEndDragging(false), nothing more"
    )
    func dragWithoutFlick() throws {
        let s = try Flick.list()
        let log = try replay(s, Self.dragAndRest, times: true)
        #expect(
            Self.events(log) == [
                .scrollViewWillBeginDragging,
                .scrollViewWillEndDragging(
                    velocity: .zero, targetContentOffset: Point(x: 0, y: 40)),
                .scrollViewDidEndDragging(willDecelerate: false),
            ])
        #expect(log.last?.time == 0.2)
    }

    @Test("an event equals itself bit for bit, a NaN velocity included, so equal logs compare equal")
    func nanEqualsItself() {
        // A drag near the double range's ends overflows its translation: inf - inf is NaN.
        let e = ScrollViewEvent.scrollViewWillEndDragging(
            velocity: Point(x: .nan, y: 1.5), targetContentOffset: Point(x: 0, y: .nan))
        let copy = e
        #expect(e == copy)
        #expect(e.hashValue == copy.hashValue)
        let entry = DispatchLogEntry.scrollEvent(time: 0.2, scrollView: "list", event: e)
        #expect([entry] == [entry])
        #expect(
            e != .scrollViewWillEndDragging(
                velocity: Point(x: .nan, y: 1.5), targetContentOffset: Point(x: 0, y: 0)))
        #expect(ScrollViewEvent.scrollViewDidZoom(scale: 2) != .scrollViewDidEndZooming(atScale: 2))
        #expect(ScrollViewEvent.scrollViewDidZoom(scale: 0) != .scrollViewDidZoom(scale: -0.0))
        #expect(
            ScrollViewEvent.scrollViewDidEndDragging(willDecelerate: true)
                != .scrollViewDidEndDragging(willDecelerate: false))
    }

    @Test("the log's JSON and text carry the velocity, the target and willDecelerate")
    func printed() throws {
        let s = try Flick.list()
        let log = try replay(s, Self.dragAndRest, times: true)
        let lines = log.filter { if case .scrollEvent = $0 { true } else { false } }
        #expect(
            lines.map(\.json) == [
                #"{"t": 0.01, "kind": "scrollEvent", "scrollView": "list", "event": "scrollViewWillBeginDragging"}"#,
                #"{"t": 0.2, "kind": "scrollEvent", "scrollView": "list", "event": "scrollViewWillEndDragging", "velocity": [0,0], "targetContentOffset": [0,40]}"#,
                #"{"t": 0.2, "kind": "scrollEvent", "scrollView": "list", "event": "scrollViewDidEndDragging", "willDecelerate": false}"#,
            ])
        #expect(
            lines.map(\.text) == [
                "[0.010] list: scrollViewWillBeginDragging",
                "[0.200] list: scrollViewWillEndDragging velocity (0, 0) targetContentOffset (0, 40)",
                "[0.200] list: scrollViewDidEndDragging willDecelerate false",
            ])
    }

    @Test(
        "isTracking from the touch's began, isDragging from the pan's began, both false at the lift"
    )
    func states() throws {
        let s = try Flick.list()
        let d = Dispatcher(scene: s, engine: .bvh)
        func states() -> [Bool] {
            [d.isTracking("list"), d.isDragging("list"), d.isDecelerating("list")]
        }
        #expect(states() == [false, false, false])
        let frames = Flick.flick()
        try d.feed(frames[0])
        #expect(states() == [true, false, false], "touched, not yet dragging")
        try d.feed(frames[1])
        #expect(states() == [true, true, false], "dragging after 10 points")
        try d.feed(frames[2])
        #expect(states() == [true, true, false])
        for f in frames[3...].dropLast() { try d.feed(f) }
        try d.feed(frames.last!)
        #expect(states() == [false, false, true], "lifted: decelerating")
        // A touch on the moving view stops it: tracking again, not dragging.
        try d.feed(frame(Flick.lift + 0.1, (2, .began, 100, 300)))
        #expect(states() == [true, false, false])
        try d.feed(frame(Flick.lift + 0.18, (2, .ended, 100, 300)))
        #expect(states() == [false, false, false])
        // Not a scroll view, or no such view: false.
        #expect(!d.isTracking("row0") && !d.isDragging("nothing"))
    }

    /// Moves every target to `answer`, and records what it was asked.
    final class Retarget: ScrollViewHandler {
        var answer: Point?
        var asked: [(String, Point, Point)] = []
        init(_ answer: Point?) { self.answer = answer }
        func scrollViewWillEndDragging(
            _ scrollView: String, withVelocity velocity: Point, targetContentOffset: Point
        ) -> Point? {
            asked.append((scrollView, velocity, targetContentOffset))
            return answer
        }
    }

    @Test("a handler that changes the target: the motion decelerates to it and ends exactly there")
    func changedTarget() throws {
        let s = try Flick.list()
        func run(until: Double? = nil, _ answer: Point?) throws -> (Dispatcher, Retarget) {
            let d = Dispatcher(scene: s, engine: .bvh)
            let host = Retarget(answer)
            d.addHandler(host)
            try d.replay(EventsFile(frames: Flick.flick(), until: until))
            return (d, host)
        }
        let (d, host) = try run(Point(x: 0, y: 300))
        #expect(host.asked.count == 1)
        #expect(host.asked.first?.0 == "list")
        #expect(abs((host.asked.first?.2.y ?? 0) - (40 - 1_000 / Self.k)) < 1e-6)
        #expect(d.contentOffset(of: "list") == Point(x: 0, y: 300))
        // x(τ) = 40 + (300 - 40) (1 - e^(kτ)).
        let (early, _) = try run(until: Flick.lift + 0.1, Point(x: 0, y: 300))
        let expected = 40 + 260 * (1 - exp(Self.k * 0.1))
        #expect(abs(try #require(early.contentOffset(of: "list")).y - expected) < 1e-9)
        // It ends once within half a point: τ = ln(0.5 / 260) / k after the lift.
        let end = try #require(d.log.last)
        #expect(end.isEvent(.scrollViewDidEndDecelerating))
        #expect(abs(end.time - (Flick.lift + log(0.5 / 260) / Self.k)) < 1e-9)
        // A target past the content is held at its edge (600); nil keeps the rest point.
        let (far, _) = try run(Point(x: 0, y: 5_000))
        #expect(far.contentOffset(of: "list") == Point(x: 0, y: 600))
        let (kept, _) = try run(nil)
        #expect(abs(try #require(kept.contentOffset(of: "list")).y - (40 - 1_000 / Self.k)) < 1e-6)
    }

    @Test("a handler that moves the target of a drag without flick sets the content moving")
    func changedTargetAtRest() throws {
        let s = try Flick.list()
        let d = Dispatcher(scene: s, engine: .bvh)
        d.addHandler(Retarget(Point(x: 0, y: 100)))
        try d.replay(EventsFile(frames: Self.dragAndRest))
        #expect(
            Self.events(d.log) == [
                .scrollViewWillBeginDragging,
                .scrollViewWillEndDragging(
                    velocity: .zero, targetContentOffset: Point(x: 0, y: 40)),
                .scrollViewDidEndDragging(willDecelerate: true),
                .scrollViewWillBeginDecelerating, .scrollViewDidEndDecelerating,
            ])
        #expect(d.contentOffset(of: "list") == Point(x: 0, y: 100))
    }
}

extension DispatchLogEntry {
    /// Whether it is the scroll event `event` of `list`.
    func isEvent(_ event: ScrollViewEvent) -> Bool {
        if case .scrollEvent(_, "list", let e) = self { e == event } else { false }
    }
}
