import HitTestGeometry

/// `pan` (`rule-recognizer-kinds`): begins once at least `minimumTouches` are down and one of them
/// has moved `hysteresis` from where it began; changed on moves; ended when fewer than
/// `minimumTouches` remain. Fails when more than `maximumTouches` are down before it
/// begins, or when every touch lifts before it begins.
///
/// Reports `translation`: the centroid of the touches down now minus the centroid of
/// where those same touches began; and `velocity`: the centroid's displacement over the
/// time since the previous move (unchanged when no time passed). At a lift the velocity
/// is the last move's when that move came at most `restInterval` before the lift, and
/// zero after a longer rest: a finger that stopped before lifting does not fling a
/// scroll view (`rule-recognizer-kinds`, `rule-scroll-view-deceleration`).
struct _PanLogic: _GestureKindLogic {
    /// How long a finger may stay still before a lift and still count as moving: 50 ms,
    /// three frames at 60 Hz, so that a lift one frame after the last move keeps the
    /// moves' speed. UIKit does not publish its window; Flutter's `VelocityTracker`
    /// likewise takes a pointer that has not moved for 40 ms to have stopped.
    static let restInterval = 0.05

    let minimumTouches: Int
    let maximumTouches: Int?
    let hysteresis: Double
    private var translation = Point.zero
    private var velocity = Point.zero
    private var lastCentroid: Point?
    private var lastTime = 0.0
    /// When a touch last moved (the time of the last `moved`).
    private var lastMoveTime = -Double.infinity

    init(minimumTouches: Int, maximumTouches: Int?, hysteresis: Double) {
        self.minimumTouches = minimumTouches
        self.maximumTouches = maximumTouches
        self.hysteresis = hysteresis
    }

    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput) {
        if c.state == .possible, let m = maximumTouches, c.down.count > m { out.wish = .fail }
        track(c, resetVelocity: true)
    }

    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput) {
        track(c, resetVelocity: false)
        lastMoveTime = c.time
        if c.state == .possible {
            let far = c.down.contains { _distance($0.location, $0.start) >= hysteresis }
            if c.down.count >= minimumTouches && far { out.wish = .begin }
        } else {
            out.wish = .change
        }
    }

    mutating func ended(_ c: _TouchChange, _ out: inout _KindOutput) {
        if c.state == .possible {
            if c.down.isEmpty { out.wish = .fail }
        } else if c.down.count < minimumTouches {
            out.wish = .end
        }
        // A finger leaving moves the centroid to the others without anyone moving.
        track(c, resetVelocity: true)
        // A nanosecond's slack: frame times written in decimals (a lift at 4.10 after a
        // move at 4.05) are 50 ms apart whichever way their difference rounds.
        if c.time - lastMoveTime > Self.restInterval + 1e-9 { velocity = .zero }
    }

    mutating func timer(
        tag: Int, time: Double, downCount: Int, state: GestureState, _ out: inout _KindOutput
    ) {}

    /// Updates translation and velocity. A touch joining or leaving moves the centroid
    /// without anyone moving, so it re-bases the velocity instead of counting as speed.
    private mutating func track(_ c: _TouchChange, resetVelocity: Bool) {
        guard !c.down.isEmpty else { return }
        let n = Double(c.down.count)
        // Sums in the touches' order, in a loop (no intermediate arrays).
        var sum = (x: 0.0, y: 0.0, startX: 0.0, startY: 0.0)
        for d in c.down {
            sum.x += d.location.x
            sum.y += d.location.y
            sum.startX += d.start.x
            sum.startY += d.start.y
        }
        let now = Point(x: sum.x / n, y: sum.y / n)
        let start = Point(x: sum.startX / n, y: sum.startY / n)
        translation = Point(x: now.x - start.x, y: now.y - start.y)
        if !resetVelocity, let last = lastCentroid, c.time > lastTime {
            let dt = c.time - lastTime
            velocity = Point(x: (now.x - last.x) / dt, y: (now.y - last.y) / dt)
        }
        lastCentroid = now
        lastTime = c.time
    }

    var report: GestureReport { GestureReport(translation: translation, velocity: velocity) }
}
