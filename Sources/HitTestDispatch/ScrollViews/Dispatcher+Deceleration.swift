import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The motion of a scroll view after a flick (`rule-scroll-view-deceleration`) and the
/// touch that stops it (`rule-scroll-view-stopping-touch`).
///
/// Apple's documentation followed: `UIScrollView.decelerationRate`, "a floating-point
/// value that determines the rate of deceleration after the user lifts their finger",
/// with `UIScrollView.DecelerationRate.normal` ("the default deceleration rate") and
/// `.fast`, https://developer.apple.com/documentation/uikit/uiscrollview/decelerationrate-swift.property;
/// `isDecelerating`, "whether the content is moving in the scroll view after the user
/// lifted their finger", https://developer.apple.com/documentation/uikit/uiscrollview/isdecelerating.
/// The rate is a factor a millisecond: the speed after t seconds is v0 · d^(1000 t).
extension Dispatcher {
    /// The pan of a scroll view ended with its touches' velocity `velocity` (screen
    /// points a second, the pan's report), or a touch left it at rest (zero): each axis
    /// the drag scrolls that is within the content range starts to decelerate from the
    /// offset now with minus that velocity in the scroll view's superview's coordinates.
    /// An axis past an edge springs back to it (`rule-scroll-view-bounce`) with the
    /// content's speed there; an axis with no speed within the range stays. With
    /// `pagingEnabled` every axis the view scrolls goes to a page instead
    /// (`rule-scroll-view-paging`).
    ///
    /// `endsDrag` (the pan ended or was cancelled) logs the drag's end as UIKit's
    /// delegate hears it (`rule-scroll-view-delegate-calls`):
    /// `scrollViewWillEndDragging` with the content's velocity and the motion's final
    /// offset, which a `ScrollViewHandler` may change (not on a paging view), then
    /// `scrollViewDidEndDragging` saying whether a motion follows, then
    /// `scrollViewWillBeginDecelerating` when one does.
    func beginDeceleration(
        _ view: ViewHandle, velocity: Point, at t: Double, endsDrag: Bool = false
    ) {
        guard let s = scrollState(of: view) else { return }
        stopMotion(of: view, at: t)
        let v = localVector(velocity, of: view)
        let can = s.canScroll
        let k = _DecelerationAxis.exponent(s.settings.decelerationRate)
        let range = s.range
        // Past an edge the content moved at the rubber band's slope of the finger's speed.
        let bounces = s.settings.bounces
        let slope = (
            x: _RubberBand.slope(at: s.offset.x, range: range.x, size: s.size.width),
            y: _RubberBand.slope(at: s.offset.y, range: range.y, size: s.size.height)
        )
        // The content's velocity (points a second): against the finger, on the axes the
        // drag moved (a finger at rest gives 0, not -0, for the log).
        func against(_ finger: Double, _ slope: Double) -> Double {
            finger == 0 ? 0 : -finger * slope
        }
        let speed = Point(
            x: can.x && s.drag.lockedAxis != .y ? against(v.x, slope.x) : 0,
            y: can.y && s.drag.lockedAxis != .x ? against(v.y, slope.y) : 0)
        var x: _DecelerationAxis
        var y: _DecelerationAxis
        if s.settings.pagingEnabled {
            x = _DecelerationAxis(
                paging: s.offset.x, velocity: speed.x, range: range.x, size: s.size.width,
                scrolls: can.x, bounces: bounces)
            y = _DecelerationAxis(
                paging: s.offset.y, velocity: speed.y, range: range.y, size: s.size.height,
                scrolls: can.y, bounces: bounces)
        } else {
            x = _DecelerationAxis(
                start: s.offset.x, velocity: speed.x, k: k, range: range.x, size: s.size.width,
                scrolls: can.x, bounces: bounces)
            y = _DecelerationAxis(
                start: s.offset.y, velocity: speed.y, k: k, range: range.y,
                size: s.size.height, scrolls: can.y, bounces: bounces)
        }
        if endsDrag {
            let target = Point(x: x.final, y: y.final)
            let perMillisecond = Point(x: speed.x / 1000, y: speed.y / 1000)
            emit(
                .scrollEvent(
                    time: t, scrollView: s.id,
                    event: .scrollViewWillEndDragging(
                        velocity: perMillisecond, targetContentOffset: target)), view)
            if !s.settings.pagingEnabled,
                let asked = askWillEndDragging(view, s.id, perMillisecond, target),
                asked != target
            {
                x.retarget(asked.x, k: k, range: range.x, scrolls: can.x)
                y.retarget(asked.y, k: k, range: range.y, scrolls: can.y)
            }
        }
        var m = _Deceleration(
            view: view, id: s.id, startTime: t, x: x, y: y, lastSet: s.offset)
        // Offsets past an edge (bounce) and tiny speeds land at once: no motion.
        let now = m.offset(at: t)
        setContentOffset(now, of: view, at: t)
        let moves = !m.isOver(at: t)
        if endsDrag {
            emit(
                .scrollEvent(
                    time: t, scrollView: s.id,
                    event: .scrollViewDidEndDragging(willDecelerate: moves)), view)
        }
        guard moves else { return }
        m.lastSet = now
        inFlight.scrolling.motions.append(m)
        emit(.scrollEvent(time: t, scrollView: s.id, event: .scrollViewWillBeginDecelerating), view)
    }

    /// The handlers' answer to `scrollViewWillEndDragging`: the last non-nil one, nil when
    /// none changes the target. A keyed handler (the C API's `willEndDragging` callback)
    /// is asked by handle.
    private func askWillEndDragging(
        _ view: ViewHandle, _ id: String, _ velocity: Point, _ target: Point
    ) -> Point? {
        var answer: Point?
        for h in inFlight.handlers.conformances {
            let a =
                h.keyed.map {
                    $0.scrollViewWillEndDragging(
                        view, withVelocity: velocity, targetContentOffset: target)
                }
                ?? h.scrollView?.scrollViewWillEndDragging(
                    id, withVelocity: velocity, targetContentOffset: target)
            if let a { answer = a }
        }
        return answer
    }

    /// Sets every moving scroll view's offset to where its motion has it at `t` (each
    /// frame, timer and flush, before anything looks at the world), logging the change;
    /// a motion that is over, whose view left the world or stopped being a scroll view,
    /// or whose offset the host set, is forgotten. O(moving scroll views); allocates
    /// nothing.
    func advanceMotions(to t: Double) {
        advanceZooms(to: t)
        // A zoom a touch parked past a limit waits for the offset's motion: once that ends
        // (here, at its end when a flush runs to it), the zoom springs back.
        defer { springBackParkedZooms(at: t) }
        guard !inFlight.scrolling.motions.isEmpty else { return }
        var k = 0
        while k < inFlight.scrolling.motions.count {
            let m = inFlight.scrolling.motions[k]
            let v = m.view
            guard scrollSettings(of: v) != nil,
                world.bounds(of: v).origin == m.lastSet
            else {
                endMotion(k, at: t)
                continue
            }
            let p = m.offset(at: t)
            setContentOffset(p, of: v, at: t)
            if m.isOver(at: t) {
                endMotion(k, at: t)
                continue
            }
            inFlight.scrolling.motions[k].lastSet = p
            k += 1
        }
    }

    /// When the first motion (or zoom spring back) to end ends; nil when none runs.
    var nextMotionEnd: Double? {
        var end = nextZoomEnd
        for k in inFlight.scrolling.motions.indices {
            let m = inFlight.scrolling.motions[k]
            end = min(end ?? m.endTime, m.endTime)
        }
        return end
    }

    /// Stops the scroll view's motion where it is (its offset stays).
    func stopMotion(of view: ViewHandle, at t: Double) {
        guard let k = inFlight.scrolling.motions.firstIndex(where: { $0.view == view }) else {
            return
        }
        endMotion(k, at: t)
    }

    /// Forgets the `k`th motion and logs `scrollViewDidEndDecelerating`, or
    /// `scrollViewDidEndScrollingAnimation` for a `setContentOffset(animated:)` animation,
    /// however it ended (UIKit does not document the call for a motion a touch stops; the
    /// log pairs every beginning with an end). A view that left the world is named by the
    /// id it had.
    private func endMotion(_ k: Int, at t: Double) {
        let m = inFlight.scrolling.motions.remove(at: k)
        let event: ScrollViewEvent =
            m.isAnimation ? .scrollViewDidEndScrollingAnimation : .scrollViewDidEndDecelerating
        emit(.scrollEvent(time: t, scrollView: m.id, event: event), m.view)
    }

    /// Whether the scroll view is moving after a flick (UIKit's `isDecelerating`), by
    /// handle (the C API's `htDispatcher_IsDecelerating`); false during a
    /// `setContentOffset(animated:)` animation.
    package func isMoving(_ view: ViewHandle) -> Bool {
        inFlight.scrolling.motions.contains { $0.view == view && !$0.isAnimation }
    }

    /// Whether the scroll view runs a motion of either kind: a deceleration (with its
    /// spring back or paging) or a `setContentOffset(animated:)` animation.
    func hasMotion(_ view: ViewHandle) -> Bool {
        inFlight.scrolling.motions.contains { $0.view == view }
    }

    /// Whether the scroll view `id` is moving after a flick (UIKit's `isDecelerating`):
    /// from the lift that flicked it until it comes to rest, reaches an edge, is
    /// stopped by a touch, or the host sets its offset. False for a view that is not a
    /// scroll view.
    public func isDecelerating(_ scrollView: String) -> Bool {
        world.view(withID: scrollView).map(isMoving) ?? false
    }

    /// A touch begins on `view` (`rule-scroll-view-stopping-touch`): every moving scroll
    /// view (decelerating, animating to a host's offset, or running a zoom's spring) on its
    /// path (the view and its
    /// ancestors) stops where it is. Returns the outermost of them that holds the view as
    /// content (a strict ancestor): the touch reaches no view nor recognizer below it. Nil
    /// when none moved. O(depth) when a motion runs, O(1) otherwise.
    /// A view stopped past an edge (during its spring back), or a paging view stopped
    /// off a page, waits, parked, for the touch `serial` to lift (`springBackParked(at:)`).
    func stopMotions(under view: ViewHandle, touch: Int, serial: TouchID, at t: Double)
        -> ViewHandle?
    {
        guard !inFlight.scrolling.motions.isEmpty || !inFlight.scrolling.zooms.isEmpty else {
            return nil
        }
        var outermost: ViewHandle?
        var cursor: ViewHandle? = view
        while let a = cursor {
            if hasMotion(a) || hasZoomMotion(a) {
                emit(
                    .scrollView(
                        time: t, touch: touch, scrollView: world.id(of: a),
                        decision: .touchStoppedScrolling), a)
                stopMotion(of: a, at: t)
                stopZoomMotion(of: a, touch: serial, at: t)
                if let s = scrollState(of: a), s.clamped(s.offset) != s.offset || !s.isOnPage,
                    !inFlight.scrolling.parked.contains(where: { $0.view == a })
                {
                    inFlight.scrolling.parked.append((a, serial))
                }
                if a != view { outermost = a }
            }
            cursor = world.superview(of: a)
        }
        return outermost
    }

    /// Scroll views a touch stopped past an edge spring back from rest once that touch
    /// is up (`rule-scroll-view-stopping-touch`), and paging ones it stopped off a page
    /// go to the nearest page (`rule-scroll-view-paging`); one whose pan began a drag was taken
    /// off the list by it, and one that left the world or stopped being a scroll view is
    /// forgotten. Called at the end of each frame. O(parked views); allocates nothing.
    func springBackParked(at t: Double) {
        guard !inFlight.scrolling.parked.isEmpty else { return }
        var k = 0
        while k < inFlight.scrolling.parked.count {
            let (view, serial) = inFlight.scrolling.parked[k]
            guard scrollSettings(of: view) != nil else {
                inFlight.scrolling.parked.remove(at: k)
                continue
            }
            if let rec = inFlight.records[serial], rec.isDown {
                k += 1
                continue
            }
            inFlight.scrolling.parked.remove(at: k)
            if inFlight.scrolling.drags[view] == nil && !hasMotion(view) {
                beginDeceleration(view, velocity: .zero, at: t)
            }
        }
    }

    /// A screen vector in the scroll view's superview's coordinates (those the drag's
    /// translation is measured in), through whatever transforms lie between.
    private func localVector(_ v: Point, of view: ViewHandle) -> Point {
        guard let sup = world.superview(of: view) else { return v }
        let o = world.location(.zero, in: sup)
        let p = world.location(v, in: sup)
        return Point(x: p.x - o.x, y: p.y - o.y)
    }
}

/// One axis of a scroll view's motion after the finger lifts (`rule-scroll-view-deceleration`,
/// `rule-scroll-view-bounce`): a deceleration from `start` with speed `velocity` (points a
/// second), x(τ) = start + velocity · (e^(kτ) - 1) / k, k = 1000 ln d, coming to rest at
/// start - velocity / k, for `decelerationEnd` seconds; then, when it reaches an edge with
/// speed left (with `bounces`) or starts past one, the spring back to that edge
/// (`_Spring`). It ends, at `final`, `end` seconds in. A paging axis
/// (`init(paging:velocity:range:size:scrolls:bounces:)`) is a spring to its page alone.
struct _DecelerationAxis {
    var start: Double
    var velocity: Double
    var k: Double
    /// When the deceleration ends, seconds after the lift (`end` when nothing follows).
    var decelerationEnd: Double
    /// The spring back that follows, from `decelerationEnd` on, to `final`.
    var spring: _Spring?
    /// Where the axis ends and how many seconds after the lift (or the animation's start).
    var final: Double
    var end: Double
    /// The range a paging spring without `bounces` is held in; nil: none.
    var limit: ClosedRange<Double>?

    /// How near its rest point a motion ends there: half a point, the threshold
    /// published measurements of UIKit's deceleration use.
    static let restDistance = 0.5

    /// An axis leaving `start` at `velocity` in the offset range `range`; one the view
    /// cannot scroll stays. Past an edge (a bouncing drag, or a bounce a touch
    /// stopped) it springs back to the edge with `velocity` when it bounces, and lands
    /// on the edge at once when it does not (only a host's offset puts it there). `size`
    /// is the view's on this axis, which bounds the spring's speed (`_Spring.maxSpeed`).
    init(
        start: Double, velocity: Double, k: Double, range: ClosedRange<Double>, size: Double,
        scrolls: Bool, bounces: Bool
    ) {
        self.start = start
        self.velocity = velocity
        self.k = k
        spring = nil
        if !scrolls || !velocity.isFinite {
            self.velocity = 0
            final = start
            end = 0
            decelerationEnd = 0
            return
        }
        if !range.contains(start) {
            let edge = start < range.lowerBound ? range.lowerBound : range.upperBound
            self.velocity = 0
            decelerationEnd = 0
            final = edge
            end = 0
            if bounces {
                let s = _Spring(
                    edge: edge, x0: start - edge, v0: _Spring.capped(velocity, size: size))
                spring = s
                end = s.duration
            }
            return
        }
        let rest = start - velocity / k
        // |x(τ) - rest| = |v| e^(kτ) / |k|: within restDistance from τ_r on.
        let ratio = Self.restDistance * abs(k) / abs(velocity)
        let restEnd = velocity == 0 || ratio >= 1 ? 0 : log(ratio) / k
        if !range.contains(rest) {
            let edge = rest > range.upperBound ? range.upperBound : range.lowerBound
            // x(τ) = edge: e^(kτ) = 1 + (edge - start) k / v, in (0, 1].
            let edgeEnd = log(1 + (edge - start) * k / velocity) / k
            final = edge
            if bounces && edgeEnd < restEnd {
                // Reaches the edge with speed left: the spring takes that speed.
                let s = _Spring(
                    edge: edge, x0: 0, v0: _Spring.capped(velocity * exp(k * edgeEnd), size: size))
                decelerationEnd = edgeEnd
                spring = s
                end = edgeEnd + s.duration
            } else {
                end = min(restEnd, edgeEnd)
                decelerationEnd = end
            }
        } else {
            final = rest
            end = restEnd
            decelerationEnd = end
        }
    }

    /// A paging axis (`rule-scroll-view-paging`): from `start` with the content's
    /// `velocity` (points a second) to the page `page(from:velocity:range:size:)` picks,
    /// as the spring of a bounce with the page for its edge (`_Spring`, speed held within
    /// `_Spring.maxSpeed(size:)`), ending exactly on it. Without `bounces`, an axis that
    /// starts in the range stays in it (the spring's overshoot past the last page is cut
    /// at the edge). One the view cannot scroll, or on a view of no size, stays.
    init(
        paging start: Double, velocity: Double, range: ClosedRange<Double>, size: Double,
        scrolls: Bool, bounces: Bool
    ) {
        self.start = start
        self.velocity = 0
        k = 0
        decelerationEnd = 0
        spring = nil
        final = start
        end = 0
        guard scrolls, size > 0 else { return }
        let v = velocity.isFinite ? velocity : 0
        let page = Self.page(from: start, velocity: v, range: range, size: size)
        let s = _Spring(edge: page, x0: start - page, v0: _Spring.capped(v, size: size))
        spring = s
        final = page
        end = s.duration
        if !bounces && range.contains(start) { limit = range }
    }

    /// How fast a lift must move the content along an axis (points a second) for a
    /// paging view to go to the next page in that direction rather than the nearest:
    /// 400, the project's choice (`rule-scroll-view-paging`; Apple gives no number).
    static let pagingFlickSpeed = 400.0

    /// The page a paging axis at `offset` comes to rest on (`rule-scroll-view-paging`):
    /// pages are the range's start plus the multiples of `size`, held in `range` (the last
    /// one is the range's end; with no inset the first is 0). A `velocity` of
    /// `pagingFlickSpeed` or more picks the first page past the offset in its direction; a
    /// slower one the nearer of the pages around it (the higher at a tie).
    static func page(
        from offset: Double, velocity: Double, range: ClosedRange<Double>, size: Double
    ) -> Double {
        let first = range.lowerBound
        func held(_ n: Double) -> Double { _RubberBand.clamp(first + n * size, range) }
        let p = (offset - first) / size
        if velocity >= pagingFlickSpeed { return held(p.rounded(.down) + 1) }
        if velocity <= -pagingFlickSpeed { return held(p.rounded(.up) - 1) }
        let below = held(p.rounded(.down))
        let above = held(p.rounded(.down) + 1)
        return offset - below < above - offset ? below : above
    }

    /// Ends the axis at `target` instead (a `ScrollViewHandler`'s answer to
    /// `scrollViewWillEndDragging`, held in `range`): from its start, the
    /// deceleration curve whose rest point is the target, x(τ) = start + (target - start)
    /// · (1 - e^(kτ)), with the view's rate, ending exactly on it within
    /// `restDistance`. Only an axis the view scrolls and that starts in the range (one
    /// past an edge springs back to it); a target that is not finite changes nothing.
    mutating func retarget(
        _ target: Double, k: Double, range: ClosedRange<Double>, scrolls: Bool
    ) {
        guard scrolls, target.isFinite, range.contains(start) else { return }
        let to = _RubberBand.clamp(target, range)
        guard to != final else { return }
        self = _DecelerationAxis(
            start: start, velocity: (start - to) * k, k: k, range: range, size: 0,
            scrolls: true, bounces: false)
        final = to
    }

    /// k = 1000 ln d, for a rate `d` a millisecond.
    static func exponent(_ d: Double) -> Double { 1000 * log(d) }

    /// An axis of a `setContentOffset(animated:)` animation
    /// (`rule-scroll-view-set-content-offset`): from `start` to `target` at a constant
    /// velocity in `duration` seconds, x(τ) = start + (target - start) · τ / duration, the
    /// deceleration curve with no friction (k = 0); it ends exactly on the target. An axis
    /// already there stays.
    init(animating start: Double, to target: Double, duration: Double) {
        self.start = start
        k = 0
        spring = nil
        final = target
        let moves = start != target && duration > 0
        velocity = moves ? (target - start) / duration : 0
        end = moves ? duration : 0
        decelerationEnd = end
    }

    /// The offset `tau` seconds after the lift (or the animation's start).
    func offset(at tau: Double) -> Double {
        if tau >= end { return final }
        if let spring, tau >= decelerationEnd {
            let o = spring.offset(at: tau - decelerationEnd)
            return limit.map { min(max(o, $0.lowerBound), $0.upperBound) } ?? o
        }
        // k = 0 only on an animation's axis: the limit of the curve, constant velocity.
        if k == 0 { return start + velocity * tau }
        return start + velocity * (exp(k * tau) - 1) / k
    }
}

/// The spring back of a bounce (`rule-scroll-view-bounce`): critically damped, with
/// x0 the offset past `edge` and v0 the speed (points a second) when it starts,
/// x(τ) = edge + (x0 + (v0 + ω x0) τ) e^(-ωτ). It ends, exactly at the edge, at the
/// first moment from which on it stays within `restDistance` of the edge and slower
/// than `restSpeed`.
///
/// Apple publishes no constants for the bounce; ω = 10 a second (a stiffness of 100
/// for a unit mass, with the damping 20 that makes it critical) brings a 100-point
/// overshoot back within half a point in about 0.74 s, close to what UIKit shows.
struct _Spring {
    var edge: Double
    var x0: Double
    var v0: Double
    /// Seconds from its start to its end.
    var duration: Double

    static let omega = 10.0
    static let restDistance = 0.5
    static let restSpeed = 5.0

    /// The speed a spring may start with on a view `size` long: ω · e · size, at which a
    /// spring from the edge goes `size` past it at most (its farthest, v0 / (ω e), at
    /// τ = 1 / ω), the bound the rubber band keeps a drag within. Without it a flick's
    /// speed, which two moves very close in time make as large as they like, would send
    /// the content arbitrarily far.
    static func maxSpeed(size: Double) -> Double { omega * exp(1) * max(0, size) }

    /// `v` held within ±`maxSpeed(size:)`.
    static func capped(_ v: Double, size: Double) -> Double {
        let m = maxSpeed(size: size)
        return min(max(v, -m), m)
    }

    init(edge: Double, x0: Double, v0: Double) {
        self.edge = edge
        self.x0 = x0
        self.v0 = v0
        duration = 0
        duration = settleTime()
    }

    private var b: Double { v0 + Self.omega * x0 }

    /// The offset `tau` seconds after the spring starts.
    func offset(at tau: Double) -> Double {
        tau >= duration ? edge : edge + distance(tau)
    }

    /// x(τ) - edge.
    func distance(_ tau: Double) -> Double { (x0 + b * tau) * exp(-Self.omega * tau) }

    /// x'(τ) = (v0 - ω b τ) e^(-ωτ).
    func speed(_ tau: Double) -> Double { (v0 - Self.omega * b * tau) * exp(-Self.omega * tau) }

    /// The first τ from which on |x - edge| ≤ restDistance and |x'| ≤ restSpeed. Each of
    /// x and x' turns at most once (x' is zero at v0 / (ω b), x'' at (b + v0) / (ω b)), so
    /// each is monotonic before and after its turn, the set where it is within its
    /// bound is an interval on each side, and a bisection finds where the last one
    /// begins. Deterministic; allocates nothing.
    private func settleTime() -> Double {
        let w = Self.omega
        let bb = b
        let turnX = bb == 0 ? 0 : v0 / (w * bb)
        let turnV = bb == 0 ? 0 : (bb + v0) / (w * bb)
        return max(
            Self.settle(distance, turn: turnX, bound: Self.restDistance),
            Self.settle(speed, turn: turnV, bound: Self.restSpeed))
    }

    /// The first τ ≥ 0 from which on |f| ≤ bound, for an f monotonic on [0, turn] and on
    /// [turn, ∞) that tends to 0.
    private static func settle(_ f: (Double) -> Double, turn: Double, bound: Double) -> Double {
        let turn = turn.isFinite ? max(0, turn) : 0
        var lo: Double
        var hi: Double
        if abs(f(turn)) <= bound {
            if abs(f(0)) <= bound { return 0 }
            lo = 0
            hi = turn
        } else {
            lo = turn
            hi = turn + 0.125
            while abs(f(hi)) > bound { lo = hi; hi *= 2 }
        }
        // |f(lo)| > bound ≥ |f(hi)|.
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if abs(f(mid)) <= bound { hi = mid } else { lo = mid }
        }
        return hi
    }
}

/// A scroll view decelerating after a flick, or animating to a host's offset: its two
/// axes, the time of the lift (or of the host's call), and the offset the motion last set
/// (a different offset means the host set it, which stops the motion).
struct _Deceleration {
    var view: ViewHandle
    /// The view's id when the motion began, for the log.
    var id: String
    var startTime: Double
    var x: _DecelerationAxis
    var y: _DecelerationAxis
    var lastSet: Point
    /// A `setContentOffset(animated:)` animation (`rule-scroll-view-set-content-offset`)
    /// rather than a flick's motion: it ends with `scrollViewDidEndScrollingAnimation`,
    /// and `isDecelerating` stays false while it runs.
    var isAnimation = false

    var endTime: Double { startTime + max(x.end, y.end) }

    /// The offset at time `t`: exactly the final one from `endTime` on.
    func offset(at t: Double) -> Point {
        if isOver(at: t) { return Point(x: x.final, y: y.final) }
        let tau = max(0, t - startTime)
        return Point(x: x.offset(at: tau), y: y.offset(at: tau))
    }

    /// Compared with `endTime` itself, so that advancing to `endTime` always ends it.
    func isOver(at t: Double) -> Bool { t >= endTime }
}
