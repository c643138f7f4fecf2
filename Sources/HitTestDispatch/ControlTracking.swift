import HitTestGeometry
import HitTestScene

/// What the dispatcher keeps about controls between messages (`rule-control-tracking`).
struct _ControlStates {
    /// Control -> its value now (a switch's 0 or 1, a slider's or stepper's value), for
    /// controls whose value has been changed.
    var values: [ViewIndex: Double] = [:]
    /// Controls highlighted now.
    var highlighted: Set<ViewIndex> = []
    /// Touch serial -> how its control tracks it (beginTracking and every
    /// continueTracking answered true).
    var tracking: [TouchID: _Tracking] = [:]
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
        _ serial: TouchID, _ control: SceneControl, _ message: TouchMessage, _ touch: Touch,
        at t: Double
    ) {
        guard let view = touch.view, let handle = records[serial]?.viewIndex else { return }
        let kind = model.views[handle].controlKind
        switch message {
        case .touchesBegan:
            records[serial]?.controlInside = true
            let local = hitTesting.location(touch.location, in: view)
            let onKnob = kind != .slider || knobRect(handle, control)?.contains(local) == true
            var begin = onKnob
            for h in trackingHandlers {
                if let a = h.beginTracking(view, touch: touch) { begin = a }
            }
            guard begin else { return }
            controls.tracking[serial] = _Tracking(
                startValue: value(of: handle, control, kind) ?? 0, startX: local.x)
            setHighlighted(handle, true, at: t)
            send(.touchDown, from: view, control, touch, at: t)
            if touch.tapCount > 1 { send(.touchDownRepeat, from: view, control, touch, at: t) }
            if kind == .stepper { step(handle, control, local, touch, at: t) }
        case .touchesMoved:
            let was = records[serial]?.controlInside ?? true
            let now = isInsideTrackingRect(touch.location, handle, control)
            records[serial]?.controlInside = now
            guard let tracking = controls.tracking[serial] else { return }
            var goOn = true
            for h in trackingHandlers {
                if let a = h.continueTracking(view, touch: touch) { goOn = a }
            }
            guard goOn else {
                controls.tracking[serial] = nil
                setHighlighted(handle, false, at: t)
                return
            }
            setHighlighted(handle, now, at: t)
            if was && !now { send(.touchDragExit, from: view, control, touch, at: t) }
            if !was && now { send(.touchDragEnter, from: view, control, touch, at: t) }
            send(now ? .touchDragInside : .touchDragOutside, from: view, control, touch, at: t)
            if kind == .slider { slide(handle, control, tracking, touch, at: t) }
        case .touchesEnded:
            guard controls.tracking.removeValue(forKey: serial) != nil else { return }
            for h in trackingHandlers { h.endTracking(view, touch: touch) }
            setHighlighted(handle, false, at: t)
            let inside = isInsideTrackingRect(touch.location, handle, control)
            send(inside ? .touchUpInside : .touchUpOutside, from: view, control, touch, at: t)
            guard inside else { return }
            if kind == .button {
                send(.primaryActionTriggered, from: view, control, touch, at: t)
            }
            if kind == .switch {
                let on = (value(of: handle, control, kind) ?? 0) >= 0.5
                setValue(on ? 0 : 1, of: handle, control, touch, at: t)
            }
        case .touchesCancelled:
            guard controls.tracking.removeValue(forKey: serial) != nil else { return }
            for h in trackingHandlers { h.cancelTracking(view, touch: touch) }
            setHighlighted(handle, false, at: t)
            send(.touchCancel, from: view, control, touch, at: t)
        }
    }

    private var trackingHandlers: [any ControlTrackingHandler] {
        handlers.conformances.compactMap { $0 as? any ControlTrackingHandler }
    }

    /// Logs a change of the highlighted state; nothing when it does not change.
    private func setHighlighted(_ view: ViewIndex, _ on: Bool, at t: Double) {
        let changed =
            on
            ? controls.highlighted.insert(view).inserted : controls.highlighted.remove(view) != nil
        if changed {
            log.append(.highlight(time: t, control: model.views[view].id, highlighted: on))
        }
    }

    /// The value now: the last one set, else the scene's, held in the range.
    private func value(of view: ViewIndex, _ control: SceneControl, _ kind: ControlKind) -> Double?
    {
        guard let r = kind.range(control) else { return nil }
        if let v = controls.values[view] { return v }
        let v = min(max(control.value ?? r.lowerBound, r.lowerBound), r.upperBound)
        return kind == .switch ? (v >= 0.5 ? 1 : 0) : v
    }

    /// Sets the value and, when it changed, sends `valueChanged` then
    /// `primaryActionTriggered`.
    private func setValue(
        _ v: Double, of view: ViewIndex, _ control: SceneControl, _ touch: Touch, at t: Double
    ) {
        let info = model.views[view]
        guard let old = value(of: view, control, info.controlKind), old != v else { return }
        controls.values[view] = v
        send(.valueChanged, from: info.id, control, touch, at: t)
        send(.primaryActionTriggered, from: info.id, control, touch, at: t)
    }

    /// A stepper's touch-down: the left half decrements, the right half increments, by
    /// `stepValue`, held in the range (autorepeat while held is not modelled).
    private func step(
        _ view: ViewIndex, _ control: SceneControl, _ local: Point, _ touch: Touch, at t: Double
    ) {
        let info = model.views[view]
        guard let r = ControlKind.stepper.range(control),
            let v = value(of: view, control, .stepper)
        else { return }
        let b = info.bounds
        let s = control.stepValue ?? 1
        let next = local.x < b.minX + b.width / 2 ? v - s : v + s
        setValue(min(max(next, r.lowerBound), r.upperBound), of: view, control, touch, at: t)
    }

    /// A slider's knob follows the tracked touch along the track: the value moves from
    /// where tracking began by the touch's horizontal travel over the track's length
    /// (the width less the knob), held in the range.
    private func slide(
        _ view: ViewIndex, _ control: SceneControl, _ tracking: _Tracking, _ touch: Touch,
        at t: Double
    ) {
        let info = model.views[view]
        guard let r = ControlKind.slider.range(control) else { return }
        let length = info.bounds.width - _knobSide
        guard length > 0 else { return }
        let x = hitTesting.location(touch.location, in: info.id).x
        let v = tracking.startValue + (x - tracking.startX) / length * (r.upperBound - r.lowerBound)
        setValue(min(max(v, r.lowerBound), r.upperBound), of: view, control, touch, at: t)
    }

    /// The knob of a `UISlider` or `UISwitch` in its bounds coordinates: a `_knobSide`
    /// square centred vertically, along the track at the value for a slider, at the
    /// leading end when a switch is off and the trailing end when on. Nil for a control
    /// without a value.
    func knobRect(_ view: ViewIndex, _ control: SceneControl) -> Rect? {
        let info = model.views[view]
        let kind = info.controlKind
        guard let r = kind.range(control), let v = value(of: view, control, kind) else {
            return nil
        }
        let b = info.bounds
        let span = r.upperBound - r.lowerBound
        let f = span > 0 ? (v - r.lowerBound) / span : 0
        let side = kind == .switch ? min(_knobSide, b.height) : _knobSide
        let cx = b.minX + side / 2 + f * (b.width - side)
        return Rect(
            x: cx - side / 2, y: b.minY + b.height / 2 - side / 2, width: side, height: side)
    }

    /// The knob rule of `rule-control-beats-ancestor-recognizer`: a single-finger `pan` on
    /// a strict ancestor yields to a `UISlider` or `UISwitch` when its touch began on the
    /// control's knob and has moved more along the control than across it so far.
    func knobRuleBlocks(_ r: _Recognizer, touchView view: ViewIndex, serial: TouchID) -> Bool {
        let info = model.views[view]
        guard info.controlKind.hasKnob, r.touches.count == 1,
            let control = info.control, let rec = records[serial],
            let knob = knobRect(view, control)
        else { return false }
        let start = hitTesting.location(rec.startLocation, in: info.id)
        let now = hitTesting.location(rec.touch.location, in: info.id)
        return knob.contains(start) && abs(now.x - start.x) > abs(now.y - start.y)
    }

    /// The values of the controls whose value has changed, by view id. A host that moves
    /// to a new dispatcher on a fresh copy of the scene between touch sequences (the C API
    /// does, to take the world's edits) carries them over, as a control keeps its value;
    /// an id that names no control of this scene is ignored.
    package var changedControlValues: [String: Double] {
        get {
            Dictionary(
                uniqueKeysWithValues: controls.values.map { (model.views[$0.key].id, $0.value) })
        }
        set {
            controls.values = [:]
            for (id, value) in newValue {
                guard let view = model.views.index(of: id), model.control(of: view) != nil else {
                    continue
                }
                controls.values[view] = value
            }
        }
    }

    /// A control's state now (UIControl's `isTracking`, `isTouchInside`, `isHighlighted`,
    /// and its value); nil for a view that is not a control.
    public func controlState(of id: String) -> ControlState? {
        guard let view = model.views.index(of: id), let control = model.control(of: view) else {
            return nil
        }
        let serials = controls.tracking.keys.filter { records[$0]?.viewIndex == view }
        return ControlState(
            isTracking: !serials.isEmpty,
            isTouchInside: serials.contains { records[$0]?.controlInside == true },
            isHighlighted: controls.highlighted.contains(view),
            value: value(of: view, control, model.views[view].controlKind))
    }
}
