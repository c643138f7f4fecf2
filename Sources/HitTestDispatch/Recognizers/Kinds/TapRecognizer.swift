/// `tap` (`rule-recognizer-kinds`): recognizes when the last required tap ends; fails when a touch
/// moves more than `tapSlop` from where it began, lasts longer than `maximumTapDuration`,
/// more touches arrive than required (or a tap lifts with fewer), or the next tap does
/// not begin within `multiTapInterval`.
///
/// Timers: tag 1 is the duration limit of the current tap, tag 2 the wait for the next.
/// Both are due one ulp after the limit, so that a touch lasting exactly the limit (or a
/// next tap exactly the interval later) still counts, as "at most" says.
struct _TapLogic: _GestureKindLogic {
    let taps: Int
    let touches: Int
    private var tapsDone = 0
    /// The most touches down at once during the current tap.
    private var mostDown = 0
    private var tapStart = 0.0

    init(taps: Int, touches: Int) {
        self.taps = taps
        self.touches = touches
    }

    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput) {
        if c.down.count == 1 {
            tapStart = c.time
            mostDown = 0
            out.cancelTimers = true  // the wait for this tap is over
            out.timer = ((c.time + c.settings.maximumTapDuration).nextUp, 1)
        }
        mostDown = max(mostDown, c.down.count)
        if c.down.count > touches { out.wish = .fail }
    }

    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput) {
        if _distance(c.location, c.start) > c.settings.tapSlop { out.wish = .fail }
    }

    mutating func ended(_ c: _TouchChange, _ out: inout _KindOutput) {
        if _distance(c.location, c.start) > c.settings.tapSlop
            || c.time > tapStart + c.settings.maximumTapDuration
        {
            out.wish = .fail
            return
        }
        guard c.down.isEmpty else { return }
        guard mostDown == touches else {
            out.wish = .fail
            return
        }
        tapsDone += 1
        out.cancelTimers = true
        if tapsDone == taps {
            out.wish = .recognize
        } else {
            out.timer = ((c.time + c.settings.multiTapInterval).nextUp, 2)
        }
    }

    mutating func timer(
        tag: Int, time: Double, downCount: Int, state: GestureState, _ out: inout _KindOutput
    ) {
        guard state == .possible else { return }
        if tag == 1 && downCount > 0 { out.wish = .fail }
        if tag == 2 && downCount == 0 { out.wish = .fail }
    }

    var report: GestureReport { GestureReport() }
}
