/// `longPress` (`rule-recognizer-kinds`): begins when `touches` touches have been held
/// `minimumPressDuration` (counted from when the last of them began) without any moving
/// more than `allowableMovement` from where it began; changed on moves; ended when a
/// touch lifts. Fails if lifted or moved too far before it begins, or if more touches
/// arrive than required. Timer tag 1 is the press duration (due exactly then: "held that
/// long").
struct _LongPressLogic: _GestureKindLogic {
    let minimumPressDuration: Double
    let allowableMovement: Double
    let touches: Int

    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput) {
        guard c.state == .possible else { return }
        if c.down.count > touches {
            out.wish = .fail
        } else if c.down.count == touches {
            out.cancelTimers = true
            out.timer = (c.time + minimumPressDuration, 1)
        }
    }

    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput) {
        if c.state == .possible {
            if _distance(c.location, c.start) > allowableMovement { out.wish = .fail }
        } else {
            out.wish = .change
        }
    }

    mutating func ended(_ c: _TouchChange, _ out: inout _KindOutput) {
        out.wish = c.state == .possible ? .fail : .end
    }

    mutating func timer(
        tag: Int, time: Double, downCount: Int, state: GestureState, _ out: inout _KindOutput
    ) {
        if state == .possible && downCount == touches { out.wish = .begin }
    }

    var report: GestureReport { GestureReport() }
}
