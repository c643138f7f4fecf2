import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

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

    func isInsideTrackingRect(_ p: Point, _ view: ViewHandle, _ control: SceneControl) -> Bool {
        let b = world.bounds(of: view)
        let s = control.trackingSlop
        let rect = Rect(
            x: b.minX - s, y: b.minY - s, width: b.width + 2 * s, height: b.height + 2 * s)
        return rect.contains(world.location(p, in: view))
    }

    /// The control settings and kind of a view that is a control now
    /// (`rule-control-identity`): its `"control"` settings, or the defaults of a control
    /// class; nil for a view that is not a control.
    func control(of view: ViewHandle) -> (control: SceneControl, kind: ControlKind)? {
        let kind = classTraits(of: view).control
        guard let c = world.controlSettings(of: view) ?? (kind == nil ? nil : SceneControl()) else {
            return nil
        }
        return (c, kind ?? .plain)
    }

    /// True when `ancestor` is a strict ancestor of `view`. O(depth).
    func isStrictAncestor(_ ancestor: ViewHandle, of view: ViewHandle) -> Bool {
        var cursor = world.superview(of: view)
        while let c = cursor {
            if c == ancestor { return true }
            cursor = world.superview(of: c)
        }
        return false
    }

    /// Logs the event, then fires its target actions in the order the scene lists them.
    func send(
        _ event: ControlEvent, from view: ViewHandle, _ control: SceneControl, _ touch: Touch,
        at t: Double
    ) {
        send(event, from: view, named: world.id(of: view), control.actions, touch, at: t)
    }

    /// The same, for a control named by `id` and firing `actions`: a control that has left
    /// the world is named by the id it had when its touch was bound, as its touch messages
    /// are, and fires the actions it had when tracking began (the store knows it no more).
    func send(
        _ event: ControlEvent, from view: ViewHandle, named id: String, _ actions: [ControlAction],
        _ touch: Touch, at t: Double
    ) {
        emit(.control(time: t, control: id, event: event), view)
        for a in actions where a.event == event {
            emit(.action(time: t, name: a.action), view)
            notifyControlAction(a.action, id, event, touch)
        }
    }
}
