import HitTestGeometry
import HitTestScene

/// The numbers a swipe is judged by. UIKit keeps its own undocumented
/// (<https://developer.apple.com/documentation/uikit/uiswipegesturerecognizer> says only
/// that a swipe is "one or more fingers moving in a specific direction" and that it is
/// discrete); these are ours, named and written down in `rule-recognizer-swipe`.
enum _SwipeThresholds {
    /// How far, in points, the touches' centroid must travel along a permitted direction.
    static let minimumDistance = 50.0
    /// How long, in seconds from the first touch's `began`, the swipe may take.
    static let maximumDuration = 0.5
    /// How far the movement may stray from the direction: 30 degrees, kept as its
    /// tangent (1 / sqrt(3)), the most the distance across the direction may be per point
    /// of distance along it.
    static let maximumSlope = (1.0 / 3).squareRoot()
}

/// `swipe` (`rule-recognizer-swipe`, UIKit's `UISwipeGestureRecognizer`): discrete.
/// Recognizes when `touches` touches are down (`numberOfTouchesRequired`) and their
/// centroid has travelled `minimumDistance` along one of `directions`, within 30
/// degrees of it (`maximumSlope`), no later than `maximumDuration` after the first touch began.
/// Fails when more touches arrive than required, when a touch lifts first, when the
/// centroid travels `minimumDistance` in no permitted direction, or when the time is up
/// (timer tag 1, due one ulp after the limit so that "within" includes it). Once it has
/// seen the swipe, an attempt that waits on failure requirements
/// (`rule-recognizer-require-to-fail`) is decided by them alone.
struct _SwipeLogic: _GestureKindLogic {
    let directions: SwipeDirections
    let touches: Int
    private var started = false
    /// It has seen the swipe and wished to recognize: an attempt that waits on failure
    /// requirements is not undone by the fingers lifting or the time running out.
    private var seen = false
    /// Once seen: the direction it recognized in and where the touches' centroid began.
    private var recognized: (direction: SwipeDirections, start: Point)?

    init(directions: SwipeDirections, touches: Int) {
        self.directions = directions
        self.touches = touches
    }

    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput) {
        guard c.state == .possible else { return }
        if !started {
            started = true
            out.timer = ((c.time + _SwipeThresholds.maximumDuration).nextUp, 1)
        }
        if c.down.count > touches { out.wish = .fail }
    }

    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput) {
        guard c.state == .possible, !seen, c.down.count == touches else { return }
        let n = Double(c.down.count)
        var sx = 0.0
        var sy = 0.0
        var startX = 0.0
        var startY = 0.0
        for d in c.down {
            sx += d.location.x - d.start.x
            sy += d.location.y - d.start.y
            startX += d.start.x
            startY += d.start.y
        }
        let dx = sx / n
        let dy = sy / n
        guard (dx * dx + dy * dy).squareRoot() >= _SwipeThresholds.minimumDistance else { return }
        for (_, d) in SwipeDirections.named where directions.contains(d) {
            let (along, across): (Double, Double) =
                switch d {
                case .right: (dx, dy)
                case .left: (-dx, dy)
                case .up: (-dy, dx)
                default: (dy, dx)
                }
            if along >= _SwipeThresholds.minimumDistance
                && abs(across) <= along * _SwipeThresholds.maximumSlope
            {
                seen = true
                recognized = (d, Point(x: startX / n, y: startY / n))
                out.wish = .recognize
                return
            }
        }
        out.wish = .fail
    }

    mutating func ended(_ c: _TouchChange, _ out: inout _KindOutput) {
        if c.state == .possible && !seen { out.wish = .fail }
    }

    mutating func timer(
        tag: Int, time: Double, downCount: Int, state: GestureState, _ out: inout _KindOutput
    ) {
        if state == .possible && !seen { out.wish = .fail }
    }

    /// The direction it recognized in, and as its location where the swipe began: "You
    /// may determine the location where a swipe began by calling location(in:)"
    /// (<https://developer.apple.com/documentation/uikit/uiswipegesturerecognizer>).
    var report: GestureReport {
        GestureReport(location: recognized?.start, direction: recognized?.direction)
    }
}
