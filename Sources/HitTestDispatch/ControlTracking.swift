import HitTestGeometry
import HitTestScene

/// What the dispatcher keeps about controls between messages (`rule-control-tracking`).
struct _ControlStates {
    /// Control id -> its value now (a switch's 0 or 1, a slider's or stepper's value),
    /// for controls whose value has been read or changed.
    var values: [String: Double] = [:]
    /// Controls highlighted now.
    var highlighted: Set<String> = []
    /// Touch serial -> how its control tracks it (beginTracking and every
    /// continueTracking answered true).
    var tracking: [Int: _Tracking] = [:]
}

/// One touch a control tracks.
struct _Tracking {
    /// The value when tracking began, and the touch's x then in the control's bounds
    /// coordinates: a slider's knob moves with the touch from there.
    var startValue: Double
    var startX: Double
}

/// A control's state as hosts see it (UIControl's `isTracking`, `isTouchInside`,
/// `isHighlighted`, and the value of a switch, slider or stepper).
public struct ControlState: Hashable, Sendable {
    /// A touch is being tracked: `beginTracking` and every `continueTracking` since
    /// answered true, and it has not ended.
    public var isTracking: Bool
    /// The tracked touch was inside the tracking rect at its last message.
    public var isTouchInside: Bool
    /// Highlighted now (`rule-control-highlight`).
    public var isHighlighted: Bool
    /// A switch's `isOn` as 0 or 1, a slider's or stepper's `value`; nil for other controls.
    public var value: Double?

    /// A state, as `Dispatcher.controlState(of:)` reports it.
    public init(isTracking: Bool, isTouchInside: Bool, isHighlighted: Bool, value: Double?) {
        self.isTracking = isTracking
        self.isTouchInside = isTouchInside
        self.isHighlighted = isHighlighted
        self.value = value
    }
}

/// A host's overrides of UIControl's tracking methods (`rule-control-tracking`). Register
/// a conformance with `Dispatcher.addHandler(_:)`; every method has a default that
/// answers nil (the control's own behaviour) or does nothing.
public protocol ControlTrackingHandler: DispatchHandler {
    /// `beginTracking(_:with:)`: asked when a touch begins on the enabled control `control`.
    /// False: the control does not track the touch (no control events, no highlight).
    /// nil: the default, true (for a `UISlider`: whether the touch is on its knob).
    func beginTracking(_ control: String, touch: Touch) -> Bool?
    /// `continueTracking(_:with:)`: asked on each move of a tracked touch; false stops
    /// tracking it (no more control events for it). nil: true.
    func continueTracking(_ control: String, touch: Touch) -> Bool?
    /// `endTracking(_:with:)`: a tracked touch ended (called before `touchUpInside` /
    /// `touchUpOutside`).
    func endTracking(_ control: String, touch: Touch)
    /// `cancelTracking(with:)`: a tracked touch was cancelled (before `touchCancel`).
    func cancelTracking(_ control: String, touch: Touch)
}

extension ControlTrackingHandler {
    public func beginTracking(_ control: String, touch: Touch) -> Bool? { nil }
    public func continueTracking(_ control: String, touch: Touch) -> Bool? { nil }
    public func endTracking(_ control: String, touch: Touch) {}
    public func cancelTracking(_ control: String, touch: Touch) {}
}

/// The side of a `UISlider`'s and `UISwitch`'s knob in points (UIKit's default thumb is
/// 31 points; its documentation gives no number).
let _knobSide = 31.0

/// Control tracking (`rule-control-tracking`, `rule-control-highlight`,
/// `rule-control-value-changed`, `rule-control-primary-action`), following Apple's
/// `UIControl` documentation ("beginTracking(_:with:)", "continueTracking(_:with:)",
/// "endTracking(_:with:)", "cancelTracking(with:)", "isTracking", "isTouchInside",
/// "isHighlighted", https://developer.apple.com/documentation/uikit/uicontrol) and
/// `UIControl.Event` (https://developer.apple.com/documentation/uikit/uicontrol/event).
extension Dispatcher {
    /// Turns a touch message to an enabled control into tracking calls, highlight changes,
    /// control events and value changes.
    func trackControl(
        _ serial: Int, _ control: SceneControl, _ message: TouchMessage, _ touch: Touch,
        at t: Double
    ) {
        guard let view = touch.view else { return }
        let cls = model.views[view]?.className ?? "UIControl"
        switch message {
        case .touchesBegan:
            records[serial]?.controlInside = true
            let local = hitTesting.location(touch.location, in: view)
            let onKnob = cls != "UISlider" || knobRect(view, control, cls)?.contains(local) == true
            var begin = onKnob
            for h in trackingHandlers {
                if let a = h.beginTracking(view, touch: touch) { begin = a }
            }
            guard begin else { return }
            controls.tracking[serial] = _Tracking(
                startValue: value(of: view, control, cls) ?? 0, startX: local.x)
            setHighlighted(view, true, at: t)
            send(.touchDown, from: view, control, touch, at: t)
            if touch.tapCount > 1 { send(.touchDownRepeat, from: view, control, touch, at: t) }
            if cls == "UIStepper" { step(view, control, local, touch, at: t) }
        case .touchesMoved:
            let was = records[serial]?.controlInside ?? true
            let now = isInsideTrackingRect(touch.location, view, control)
            records[serial]?.controlInside = now
            guard let tracking = controls.tracking[serial] else { return }
            var goOn = true
            for h in trackingHandlers {
                if let a = h.continueTracking(view, touch: touch) { goOn = a }
            }
            guard goOn else {
                controls.tracking[serial] = nil
                setHighlighted(view, false, at: t)
                return
            }
            setHighlighted(view, now, at: t)
            if was && !now { send(.touchDragExit, from: view, control, touch, at: t) }
            if !was && now { send(.touchDragEnter, from: view, control, touch, at: t) }
            send(now ? .touchDragInside : .touchDragOutside, from: view, control, touch, at: t)
            if cls == "UISlider" { slide(view, control, tracking, touch, at: t) }
        case .touchesEnded:
            guard controls.tracking.removeValue(forKey: serial) != nil else { return }
            for h in trackingHandlers { h.endTracking(view, touch: touch) }
            setHighlighted(view, false, at: t)
            let inside = isInsideTrackingRect(touch.location, view, control)
            send(inside ? .touchUpInside : .touchUpOutside, from: view, control, touch, at: t)
            guard inside else { return }
            if cls == "UIButton" {
                send(.primaryActionTriggered, from: view, control, touch, at: t)
            }
            if cls == "UISwitch" {
                let on = (value(of: view, control, cls) ?? 0) >= 0.5
                setValue(on ? 0 : 1, of: view, control, touch, at: t)
            }
        case .touchesCancelled:
            guard controls.tracking.removeValue(forKey: serial) != nil else { return }
            for h in trackingHandlers { h.cancelTracking(view, touch: touch) }
            setHighlighted(view, false, at: t)
            send(.touchCancel, from: view, control, touch, at: t)
        }
    }

    private var trackingHandlers: [any ControlTrackingHandler] {
        handlers.conformances.compactMap { $0 as? any ControlTrackingHandler }
    }

    /// Logs a change of the highlighted state; nothing when it does not change.
    private func setHighlighted(_ view: String, _ on: Bool, at t: Double) {
        let changed =
            on
            ? controls.highlighted.insert(view).inserted : controls.highlighted.remove(view) != nil
        if changed { log.append(.highlight(time: t, control: view, highlighted: on)) }
    }

    /// The class's value range: a switch 0...1, a slider `minimumValue...maximumValue`
    /// (0...1), a stepper likewise (0...100); nil for other controls.
    private func range(_ control: SceneControl, _ cls: String) -> ClosedRange<Double>? {
        let lo = control.minimumValue ?? 0
        switch cls {
        case "UISwitch": return 0...1
        case "UISlider": return lo...max(lo, control.maximumValue ?? 1)
        case "UIStepper": return lo...max(lo, control.maximumValue ?? 100)
        default: return nil
        }
    }

    /// The value now: the last one set, else the scene's, held in the range.
    private func value(of view: String, _ control: SceneControl, _ cls: String) -> Double? {
        guard let r = range(control, cls) else { return nil }
        if let v = controls.values[view] { return v }
        let v = min(max(control.value ?? r.lowerBound, r.lowerBound), r.upperBound)
        return cls == "UISwitch" ? (v >= 0.5 ? 1 : 0) : v
    }

    /// Sets the value and, when it changed, sends `valueChanged` then
    /// `primaryActionTriggered`.
    private func setValue(
        _ v: Double, of view: String, _ control: SceneControl, _ touch: Touch, at t: Double
    ) {
        let cls = model.views[view]?.className ?? "UIControl"
        guard let old = value(of: view, control, cls), old != v else { return }
        controls.values[view] = v
        send(.valueChanged, from: view, control, touch, at: t)
        send(.primaryActionTriggered, from: view, control, touch, at: t)
    }

    /// A stepper's touch-down: the left half decrements, the right half increments, by
    /// `stepValue`, held in the range (autorepeat while held is not modelled).
    private func step(
        _ view: String, _ control: SceneControl, _ local: Point, _ touch: Touch, at t: Double
    ) {
        guard let b = model.views[view]?.bounds, let r = range(control, "UIStepper"),
            let v = value(of: view, control, "UIStepper")
        else { return }
        let s = control.stepValue ?? 1
        let next = local.x < b.minX + b.width / 2 ? v - s : v + s
        setValue(min(max(next, r.lowerBound), r.upperBound), of: view, control, touch, at: t)
    }

    /// A slider's knob follows the tracked touch along the track: the value moves from
    /// where tracking began by the touch's horizontal travel over the track's length
    /// (the width less the knob), held in the range.
    private func slide(
        _ view: String, _ control: SceneControl, _ tracking: _Tracking, _ touch: Touch,
        at t: Double
    ) {
        guard let b = model.views[view]?.bounds, let r = range(control, "UISlider") else { return }
        let length = b.width - _knobSide
        guard length > 0 else { return }
        let x = hitTesting.location(touch.location, in: view).x
        let v = tracking.startValue + (x - tracking.startX) / length * (r.upperBound - r.lowerBound)
        setValue(min(max(v, r.lowerBound), r.upperBound), of: view, control, touch, at: t)
    }

    /// The knob of a `UISlider` or `UISwitch` in its bounds coordinates: a `_knobSide`
    /// square centred vertically, along the track at the value for a slider, at the
    /// leading end when a switch is off and the trailing end when on.
    func knobRect(_ view: String, _ control: SceneControl, _ cls: String) -> Rect? {
        guard let b = model.views[view]?.bounds, let r = range(control, cls),
            let v = value(of: view, control, cls)
        else { return nil }
        let span = r.upperBound - r.lowerBound
        let f = span > 0 ? (v - r.lowerBound) / span : 0
        let side = cls == "UISwitch" ? min(_knobSide, b.height) : _knobSide
        let cx = b.minX + side / 2 + f * (b.width - side)
        return Rect(
            x: cx - side / 2, y: b.minY + b.height / 2 - side / 2, width: side, height: side)
    }

    /// The knob rule of `rule-control-beats-ancestor-recognizer`: a single-finger `pan` on
    /// a strict ancestor yields to a `UISlider` or `UISwitch` when its touch began on the
    /// control's knob and has moved more along the control than across it so far.
    func knobRuleBlocks(_ r: _Recognizer, touchView view: String, serial: Int) -> Bool {
        let cls = model.views[view]?.className ?? ""
        guard cls == "UISlider" || cls == "UISwitch", r.touches.count == 1,
            let control = model.control(of: view), let rec = records[serial],
            let knob = knobRect(view, control, cls)
        else { return false }
        let start = hitTesting.location(rec.startLocation, in: view)
        let now = hitTesting.location(rec.touch.location, in: view)
        return knob.contains(start) && abs(now.x - start.x) > abs(now.y - start.y)
    }

    /// A control's state now (UIControl's `isTracking`, `isTouchInside`, `isHighlighted`,
    /// and its value); nil for a view that is not a control.
    public func controlState(of id: String) -> ControlState? {
        guard let control = model.control(of: id) else { return nil }
        let serials = controls.tracking.keys.filter { records[$0]?.touch.view == id }
        let cls = model.views[id]?.className ?? "UIControl"
        return ControlState(
            isTracking: !serials.isEmpty,
            isTouchInside: serials.contains { records[$0]?.controlInside == true },
            isHighlighted: controls.highlighted.contains(id),
            value: value(of: id, control, cls))
    }
}
