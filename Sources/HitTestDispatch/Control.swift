import HitTestGeometry
import HitTestScene

/// Controls (`rule-control-events`): tracking, control events and target actions.
extension Dispatcher {
    /// Turns a touch message to an enabled control into control events (the details,
    /// with tracking, highlight and values, are `trackControl` in ControlTracking.swift).
    ///
    /// - `touchesBegan`: `touchDown`, then `touchDownRepeat` when `tapCount > 1`.
    /// - `touchesMoved`: `touchDragExit` / `touchDragEnter` when the move crosses the
    ///   tracking rect's edge, then `touchDragOutside` / `touchDragInside`.
    /// - `touchesEnded`: `touchUpInside` / `touchUpOutside` by where it ends.
    /// - `touchesCancelled`: `touchCancel`.
    ///
    /// The tracking rect is the bounds grown by `trackingSlop` on every side, tested
    /// half-open as every rect is (a NaN slop contains nothing).
    func track(
        _ serial: TouchID, _ control: SceneControl, _ message: TouchMessage, _ touch: Touch,
        at t: Double
    ) {
        trackControl(serial, control, message, touch, at: t)
    }

    func isInsideTrackingRect(_ p: Point, _ view: ViewIndex, _ control: SceneControl) -> Bool {
        let info = model.views[view]
        let b = info.bounds
        let s = control.trackingSlop
        let rect = Rect(
            x: b.minX - s, y: b.minY - s, width: b.width + 2 * s, height: b.height + 2 * s)
        return rect.contains(hitTesting.location(p, in: info.id))
    }

    /// Logs the event, then fires its target actions in the order the scene lists them.
    func send(
        _ event: ControlEvent, from view: String, _ control: SceneControl, _ touch: Touch,
        at t: Double
    ) {
        log.append(.control(time: t, control: view, event: event))
        for a in control.actions where a.event == event {
            log.append(.action(time: t, name: a.action))
            notifyControlAction(a.action, view, event, touch)
        }
    }
}
