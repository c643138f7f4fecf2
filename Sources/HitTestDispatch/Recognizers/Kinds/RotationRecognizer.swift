import HitTestGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rotation` (`rule-recognizer-rotation`, UIKit's `UIRotationGestureRecognizer`, "a
/// continuous gesture ... when the user moves the two fingers opposite each other in a
/// circular motion"): begins when two touches are down and the angle of the line from the
/// first to the second changes; changed on moves; ended when both fingers have lifted. Fails when a
/// third touch arrives before it begins, or when every touch lifts before it begins.
///
/// Reports `rotation`: the angle turned since the second touch began, in radians,
/// positive clockwise on the screen (y grows downward, as in UIKit), accumulated move by
/// move so that it runs past a half turn; and `angularVelocity`: the last move's change
/// over the time since the move before (unchanged when no time passed), in radians a
/// second.
struct _RotationLogic: _GestureKindLogic {
    private var lastAngle: Double?
    private var lastTime = 0.0
    private var rotation = 0.0
    private var velocity = 0.0

    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput) {
        guard c.state == .possible else { return }
        if c.down.count > 2 {
            out.wish = .fail
        } else if c.down.count == 2 {
            lastAngle = Self.angle(c)
            lastTime = c.time
            rotation = 0
            velocity = 0
        }
    }

    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput) {
        guard c.down.count == 2, let a0 = lastAngle else { return }
        let a = Self.angle(c)
        // The turn since the last move, folded into (-pi, pi].
        var d = a - a0
        if d > .pi { d -= 2 * .pi }
        if d <= -.pi { d += 2 * .pi }
        if c.state == .possible {
            guard d != 0 else { return }
            out.wish = .begin
        } else {
            out.wish = .change
        }
        rotation += d
        if c.time > lastTime { velocity = d / (c.time - lastTime) }
        lastAngle = a
        lastTime = c.time
    }

    mutating func ended(_ c: _TouchChange, _ out: inout _KindOutput) {
        // Before it begins, every touch lifting fails it; once it has begun, it ends when
        // the last touch lifts (one finger lifted leaves it in progress, unchanged).
        if c.down.isEmpty { out.wish = c.state == .possible ? .fail : .end }
    }

    mutating func timer(
        tag: Int, time: Double, downCount: Int, state: GestureState, _ out: inout _KindOutput
    ) {}

    /// The direction of the line from the first touch down to the second.
    private static func angle(_ c: _TouchChange) -> Double {
        let a = c.down[0].location
        let b = c.down[1].location
        return atan2(b.y - a.y, b.x - a.x)
    }

    var report: GestureReport { GestureReport(rotation: rotation, angularVelocity: velocity) }
}
