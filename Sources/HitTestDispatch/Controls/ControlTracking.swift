import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

/// What the dispatcher keeps about controls between messages (`rule-control-tracking`).
struct _ControlStates: ~Copyable {
    /// Controls highlighted now (the keys). (A control's value is its view's: `setValue`
    /// writes it to the view's settings, where the host and a later dispatcher see it.)
    var highlighted = HostMap<ViewHandle, Void>()
    /// Touch serial -> how its control tracks it (beginTracking and every
    /// continueTracking answered true).
    var tracking = HostMap<TouchID, _Tracking>()
}

/// One touch a control tracks.
struct _Tracking {
    /// The value when tracking began, and the touch's x then in the control's bounds
    /// coordinates: a slider's knob moves with the touch from there.
    var startValue: Double
    var startX: Double
    /// The control's actions when tracking began: those `touchCancel` fires when the
    /// control leaves the world while it tracks (`rule-live-world`).
    var actions: [ControlAction]
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
        guard let view = touch.view, let k = inFlight.records.index(of: serial),
            let handle = inFlight.records.values[k].viewHandle,
            let kind = self.control(of: handle)?.kind
        else { return }
        switch message {
        case .touchesBegan:
            inFlight.records.values[k].controlInside = true
            let local = world.location(touch.location, in: handle)
            let onKnob = kind != .slider || knobRect(handle, control)?.contains(local) == true
            var begin = onKnob
            for h in inFlight.handlers.conformances {
                let a =
                    h.keyed.map { $0.beginTracking(handle, touch: touch) }
                    ?? h.controlTracking?.beginTracking(view, touch: touch)
                if let a { begin = a }
            }
            guard begin else { return }
            inFlight.controls.tracking[serial] = _Tracking(
                startValue: value(of: handle, control, kind) ?? 0, startX: local.x,
                actions: control.actions)
            setHighlighted(handle, true, at: t)
            send(.touchDown, from: handle, control, touch, at: t)
            if touch.tapCount > 1 { send(.touchDownRepeat, from: handle, control, touch, at: t) }
            if kind == .stepper { step(handle, control, local, touch, at: t) }
        case .touchesMoved:
            let was = inFlight.records.values[k].controlInside
            let now = isInsideTrackingRect(touch.location, handle, control)
            inFlight.records.values[k].controlInside = now
            guard let tracking = inFlight.controls.tracking[serial] else { return }
            var goOn = true
            for h in inFlight.handlers.conformances {
                let a =
                    h.keyed.map { $0.continueTracking(handle, touch: touch) }
                    ?? h.controlTracking?.continueTracking(view, touch: touch)
                if let a { goOn = a }
            }
            guard goOn else {
                inFlight.controls.tracking[serial] = nil
                setHighlighted(handle, false, at: t)
                return
            }
            setHighlighted(handle, now, at: t)
            if was && !now { send(.touchDragExit, from: handle, control, touch, at: t) }
            if !was && now { send(.touchDragEnter, from: handle, control, touch, at: t) }
            send(now ? .touchDragInside : .touchDragOutside, from: handle, control, touch, at: t)
            if kind == .slider { slide(handle, control, tracking, touch, at: t) }
        case .touchesEnded:
            guard inFlight.controls.tracking.removeValue(forKey: serial) != nil else { return }
            for h in inFlight.handlers.conformances {
                if let k = h.keyed {
                    k.endTracking(handle, touch: touch)
                } else {
                    h.controlTracking?.endTracking(view, touch: touch)
                }
            }
            setHighlighted(handle, false, at: t)
            let inside = isInsideTrackingRect(touch.location, handle, control)
            send(inside ? .touchUpInside : .touchUpOutside, from: handle, control, touch, at: t)
            guard inside else { return }
            if kind == .button {
                send(.primaryActionTriggered, from: handle, control, touch, at: t)
            }
            if kind == .switch {
                let on = (value(of: handle, control, kind) ?? 0) >= 0.5
                setValue(on ? 0 : 1, of: handle, control, touch, at: t)
            }
        case .touchesCancelled:
            guard inFlight.controls.tracking.removeValue(forKey: serial) != nil else { return }
            for h in inFlight.handlers.conformances {
                if let k = h.keyed {
                    k.cancelTracking(handle, touch: touch)
                } else {
                    h.controlTracking?.cancelTracking(view, touch: touch)
                }
            }
            setHighlighted(handle, false, at: t)
            send(.touchCancel, from: handle, control, touch, at: t)
        }
    }

    /// A control removed from the world while it tracks a touch (`rule-live-world`):
    /// `cancelTracking(with:)`, whose causes include "the view being removed from the
    /// window" (https://developer.apple.com/documentation/uikit/uicontrol/canceltracking(with:)),
    /// then its highlight off and `touchCancel` with the actions it had when tracking
    /// began. The store no longer knows the view: the log names it `name`, the id it had
    /// when the touch was bound, as it names the touch's messages.
    func cancelTrackingOfRemovedControl(
        _ serial: TouchID, _ handle: ViewHandle, named name: String, _ tracking: _Tracking,
        _ touch: Touch, at t: Double
    ) {
        for h in inFlight.handlers.conformances {
            if let k = h.keyed {
                k.cancelTracking(handle, touch: touch)
            } else {
                h.controlTracking?.cancelTracking(name, touch: touch)
            }
        }
        if inFlight.controls.highlighted.removeValue(forKey: handle) != nil {
            emit(.highlight(time: t, control: name, highlighted: false), handle)
        }
        send(.touchCancel, from: handle, named: name, tracking.actions, touch, at: t)
    }

    /// After a recognizer fired its action: when it is the built-in tap of an enabled
    /// `UISwitch` (`rule-control-switch-tap`: a `tap` attached to the switch under
    /// `SceneControl.switchTapID(of:)`), the switch toggles, sending `valueChanged` then
    /// `primaryActionTriggered`. UIKit's `UISwitch` "triggers the valueChanged event" when
    /// a person flips it (https://developer.apple.com/documentation/uikit/uiswitch), and a
    /// single-finger tap on it calls its action
    /// (https://developer.apple.com/documentation/uikit/attaching-gesture-recognizers-to-uikit-controls),
    /// wherever on the switch the tap lands: its recognizers sit on the switch, above the
    /// private subviews that hit-testing returns.
    func applySwitchTap(_ ri: RecognizerID, at t: Double) {
        let g = inFlight.recognizers.gesture[ri]
        let view = inFlight.recognizers.view[ri]
        guard case .tap = g.kind, g.id.hasSuffix(SceneControl.switchTapSuffix),
            world.isLive(view), let (control, kind) = self.control(of: view),
            kind == .switch, control.enabled,
            g.id == SceneControl.switchTapID(of: inFlight.recognizers.viewID[ri]),
            let touch = inFlight.recognizers.touches[ri].lazy.compactMap({
                self.inFlight.records[$0]?.touch
            }).first
        else { return }
        let on = (value(of: view, control, kind) ?? 0) >= 0.5
        setValue(on ? 0 : 1, of: view, control, touch, at: t)
    }

    /// Logs a change of the highlighted state; nothing when it does not change.
    func setHighlighted(_ view: ViewHandle, _ on: Bool, at t: Double) {
        let was = inFlight.controls.highlighted.index(of: view) != nil
        inFlight.controls.highlighted[view] = on ? () : nil
        let changed = was != on
        if changed {
            emit(.highlight(time: t, control: world.id(of: view), highlighted: on), view)
        }
    }

    /// The value now: the view's, held in the range.
    private func value(of view: ViewHandle, _ control: SceneControl, _ kind: ControlKind) -> Double?
    {
        guard let r = kind.range(control) else { return nil }
        let v = min(max(control.value ?? r.lowerBound, r.lowerBound), r.upperBound)
        return kind == .switch ? (v >= 0.5 ? 1 : 0) : v
    }

    /// Sets the value and, when it changed, sends `valueChanged` then
    /// `primaryActionTriggered`.
    private func setValue(
        _ v: Double, of view: ViewHandle, _ control: SceneControl, _ touch: Touch, at t: Double
    ) {
        guard let kind = self.control(of: view)?.kind, let old = value(of: view, control, kind),
            old != v
        else { return }
        world.setControlValue(v, of: view)
        let control = self.control(of: view)?.control ?? control
        send(.valueChanged, from: view, control, touch, at: t)
        send(.primaryActionTriggered, from: view, control, touch, at: t)
    }

    /// A stepper's touch-down: the left half decrements, the right half increments, by
    /// `stepValue`, held in the range (autorepeat while held is not modelled).
    private func step(
        _ view: ViewHandle, _ control: SceneControl, _ local: Point, _ touch: Touch, at t: Double
    ) {
        guard let r = ControlKind.stepper.range(control),
            let v = value(of: view, control, .stepper)
        else { return }
        let b = world.bounds(of: view)
        let s = control.stepValue ?? 1
        let next = local.x < b.minX + b.width / 2 ? v - s : v + s
        setValue(min(max(next, r.lowerBound), r.upperBound), of: view, control, touch, at: t)
    }

    /// A slider's knob follows the tracked touch along the track: the value moves from
    /// where tracking began by the touch's horizontal travel over the track's length
    /// (the width less the knob), held in the range.
    private func slide(
        _ view: ViewHandle, _ control: SceneControl, _ tracking: _Tracking, _ touch: Touch,
        at t: Double
    ) {
        guard let r = ControlKind.slider.range(control) else { return }
        let length = world.bounds(of: view).width - _knobSide
        guard length > 0 else { return }
        let x = world.location(touch.location, in: view).x
        let v = tracking.startValue + (x - tracking.startX) / length * (r.upperBound - r.lowerBound)
        setValue(min(max(v, r.lowerBound), r.upperBound), of: view, control, touch, at: t)
    }

    /// The knob of a `UISlider` or `UISwitch` in its bounds coordinates: a `_knobSide`
    /// square centred vertically, along the track at the value for a slider, at the
    /// leading end when a switch is off and the trailing end when on. Nil for a control
    /// without a value.
    func knobRect(_ view: ViewHandle, _ control: SceneControl) -> Rect? {
        guard let kind = self.control(of: view)?.kind, let r = kind.range(control),
            let v = value(of: view, control, kind)
        else {
            return nil
        }
        let b = world.bounds(of: view)
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
    func knobRuleBlocks(_ r: RecognizerID, touchView view: ViewHandle, serial: TouchID) -> Bool {
        guard let (control, kind) = self.control(of: view), kind.hasKnob,
            inFlight.recognizers.touches[r].count == 1,
            let rec = inFlight.records[serial], let knob = knobRect(view, control)
        else { return false }
        let start = world.location(rec.startLocation, in: view)
        let now = world.location(rec.touch.location, in: view)
        return knob.contains(start) && abs(now.x - start.x) > abs(now.y - start.y)
    }

    /// A control's state now (UIControl's `isTracking`, `isTouchInside`, `isHighlighted`,
    /// and its value); nil for a view that is not a control.
    public func controlState(of id: String) -> ControlState? {
        guard let view = world.view(withID: id) else { return nil }
        return controlState(of: view)
    }

    /// A control's state by handle (ids may repeat in a store); nil for a view that is
    /// not a control.
    package func controlState(of view: ViewHandle) -> ControlState? {
        guard world.isLive(view), let (control, kind) = self.control(of: view) else { return nil }
        let serials = inFlight.controls.tracking.indices.map {
            inFlight.controls.tracking.key(at: $0)
        }.filter { inFlight.records[$0]?.viewHandle == view }
        return ControlState(
            isTracking: !serials.isEmpty,
            isTouchInside: serials.contains { inFlight.records[$0]?.controlInside == true },
            isHighlighted: inFlight.controls.highlighted.index(of: view) != nil,
            value: value(of: view, control, kind))
    }
}
