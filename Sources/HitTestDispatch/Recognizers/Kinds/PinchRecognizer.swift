/// `pinch` (`rule-recognizer-kinds`): begins when two touches are down and their distance
/// changes; changed on moves; ended when both fingers have lifted. Fails when a third touch arrives
/// before it begins, or when every touch lifts before it begins.
///
/// Reports `scale`: the distance now over the distance when the second touch began
/// (1 while that distance was 0, which has no ratio); and `scaleVelocity`: the last
/// move's change of scale over the time since the move before (unchanged when no time
/// passed), in scale factor per second.
struct _PinchLogic: _GestureKindLogic {
    private var initial: Double?
    private var scale = 1.0
    private var velocity = 0.0
    private var lastTime = 0.0

    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput) {
        guard c.state == .possible else { return }
        if c.down.count > 2 {
            out.wish = .fail
        } else if c.down.count == 2 {
            initial = _distance(c.down[0].location, c.down[1].location)
            scale = 1
            velocity = 0
            lastTime = c.time
        }
    }

    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput) {
        guard c.down.count == 2, let d0 = initial else { return }
        let d = _distance(c.down[0].location, c.down[1].location)
        if c.state == .possible {
            guard d != d0 else { return }
            out.wish = .begin
        } else {
            out.wish = .change
        }
        let next = d0 > 0 ? d / d0 : 1
        if c.time > lastTime { velocity = (next - scale) / (c.time - lastTime) }
        scale = next
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

    var report: GestureReport { GestureReport(scale: scale, scaleVelocity: velocity) }
}
