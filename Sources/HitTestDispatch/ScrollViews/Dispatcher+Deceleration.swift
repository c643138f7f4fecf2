import HitTestGeometry
import HitTestScene
import HitTestStore

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
    /// points a second, the pan's report): each axis the drag scrolls that is within the
    /// content range starts to decelerate from the offset now with minus that velocity
    /// in the scroll view's superview's coordinates. An axis past an edge (a bouncing
    /// drag) returns to the edge at once instead; an axis with no speed stays.
    func beginDeceleration(_ view: ViewHandle, velocity: Point, at t: Double) {
        guard let s = scrollState(of: view) else { return }
        stopMotion(of: view, at: t)
        let v = localVector(velocity, of: view)
        let can = s.canScroll
        let k = _DecelerationAxis.exponent(s.settings.decelerationRate)
        let range = (
            x: max(0, s.settings.contentSize.width - s.size.width),
            y: max(0, s.settings.contentSize.height - s.size.height)
        )
        let x = _DecelerationAxis(
            start: s.offset.x, velocity: s.drag.lockedAxis != .y ? -v.x : 0, k: k,
            range: range.x, scrolls: can.x)
        let y = _DecelerationAxis(
            start: s.offset.y, velocity: s.drag.lockedAxis != .x ? -v.y : 0, k: k,
            range: range.y, scrolls: can.y)
        var m = _Deceleration(
            view: view, id: s.id, startTime: t, x: x, y: y, lastSet: s.offset)
        // Offsets past an edge (bounce) and tiny speeds land at once: no motion.
        let now = m.offset(at: t)
        setContentOffset(now, of: view, at: t)
        guard !m.isOver(at: t) else { return }
        m.lastSet = now
        inFlight.scrolling.motions.append(m)
        emit(.scrollEvent(time: t, scrollView: s.id, event: .scrollViewWillBeginDecelerating), view)
    }

    /// Sets every moving scroll view's offset to where its motion has it at `t` (each
    /// frame, timer and flush, before anything looks at the world), logging the change;
    /// a motion that is over, whose view left the world or stopped being a scroll view,
    /// or whose offset the host set, is forgotten. O(moving scroll views); allocates
    /// nothing.
    func advanceMotions(to t: Double) {
        guard !inFlight.scrolling.motions.isEmpty else { return }
        var k = 0
        while k < inFlight.scrolling.motions.count {
            let m = inFlight.scrolling.motions[k]
            let v = m.view
            guard world.isLive(v), scrollSettings(of: v) != nil,
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

    /// When the first motion to end ends; nil when none runs.
    var nextMotionEnd: Double? {
        var end: Double?
        for m in inFlight.scrolling.motions { end = min(end ?? m.endTime, m.endTime) }
        return end
    }

    /// Stops the scroll view's motion where it is (its offset stays).
    func stopMotion(of view: ViewHandle, at t: Double) {
        guard let k = inFlight.scrolling.motions.firstIndex(where: { $0.view == view }) else {
            return
        }
        endMotion(k, at: t)
    }

    /// Forgets the `k`th motion and logs `scrollViewDidEndDecelerating`, however it ended
    /// (UIKit does not document the call for a motion a touch stops; the log pairs every
    /// beginning with an end). A view that left the world is named by the id it had.
    private func endMotion(_ k: Int, at t: Double) {
        let m = inFlight.scrolling.motions.remove(at: k)
        emit(.scrollEvent(time: t, scrollView: m.id, event: .scrollViewDidEndDecelerating), m.view)
    }

    /// Whether the scroll view is moving after a flick (UIKit's `isDecelerating`), by
    /// handle (the C API's `htDispatcher_IsDecelerating`).
    package func isMoving(_ view: ViewHandle) -> Bool {
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
    /// view on its path (the view and its ancestors) stops where it is. Returns the
    /// outermost of them that holds the view as content (a strict ancestor): the touch
    /// reaches no view nor recognizer below it. Nil when none moved. O(depth) when a
    /// motion runs, O(1) otherwise.
    func stopMotions(under view: ViewHandle, touch: Int, at t: Double) -> ViewHandle? {
        guard !inFlight.scrolling.motions.isEmpty else { return nil }
        var outermost: ViewHandle?
        var cursor: ViewHandle? = view
        while let a = cursor {
            if isMoving(a) {
                emit(
                    .scrollView(
                        time: t, touch: touch, scrollView: world.id(of: a),
                        decision: .touchStoppedScrolling), a)
                stopMotion(of: a, at: t)
                if a != view { outermost = a }
            }
            cursor = world.superview(of: a)
        }
        return outermost
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

/// One axis of a deceleration (`rule-scroll-view-deceleration`): from `start` with speed
/// `velocity` (points a second), x(τ) = start + velocity · (e^(kτ) - 1) / k, k = 1000 ln d,
/// coming to rest at start - velocity / k; it ends, at `final`, `end` seconds in: when it
/// is within `restDistance` of rest, or at the content's edge if it reaches one first.
struct _DecelerationAxis {
    var start: Double
    var velocity: Double
    var k: Double
    /// Where the axis ends and how many seconds after the lift.
    var final: Double
    var end: Double

    /// How near its rest point a motion ends there: half a point, the threshold
    /// published measurements of UIKit's deceleration use.
    static let restDistance = 0.5

    /// An axis leaving `start` at `velocity` in a content range `[0, range]`; one the
    /// view cannot scroll stays. Past an edge (a bouncing drag) it returns to the edge
    /// at once: the spring back of a bounce is not modelled.
    init(start: Double, velocity: Double, k: Double, range: Double, scrolls: Bool) {
        self.start = start
        self.velocity = velocity
        self.k = k
        if !scrolls || !velocity.isFinite {
            self.velocity = 0
            final = start
            end = 0
            return
        }
        if start < 0 || start > range {
            self.velocity = 0
            final = min(max(start, 0), range)
            end = 0
            return
        }
        let rest = start - velocity / k
        // |x(τ) - rest| = |v| e^(kτ) / |k|: within restDistance from τ_r on.
        let ratio = Self.restDistance * abs(k) / abs(velocity)
        let restEnd = velocity == 0 || ratio >= 1 ? 0 : log(ratio) / k
        if rest > range || rest < 0 {
            let edge = rest > range ? range : 0
            // x(τ) = edge: e^(kτ) = 1 + (edge - start) k / v, in (0, 1].
            let edgeEnd = log(1 + (edge - start) * k / velocity) / k
            final = edge
            end = min(restEnd, edgeEnd)
        } else {
            final = rest
            end = restEnd
        }
    }

    /// k = 1000 ln d, for a rate `d` a millisecond.
    static func exponent(_ d: Double) -> Double { 1000 * log(d) }

    /// The offset `tau` seconds after the lift.
    func offset(at tau: Double) -> Double {
        tau >= end ? final : start + velocity * (exp(k * tau) - 1) / k
    }
}

/// A scroll view decelerating after a flick: its two axes, the time of the lift, and
/// the offset the motion last set (a different offset means the host set it, which
/// stops the motion).
struct _Deceleration {
    var view: ViewHandle
    /// The view's id when the motion began, for the log.
    var id: String
    var startTime: Double
    var x: _DecelerationAxis
    var y: _DecelerationAxis
    var lastSet: Point

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
