import HitTestScene

/// What kind of control a view is (`rule-control-identity`), decided once when the scene
/// model is built from the view's class name, so that dispatch compares enum cases, not
/// strings. The kinds with behaviour of their own: a button sends
/// `primaryActionTriggered` after `touchUpInside` (`rule-control-primary-action`); a
/// switch, a slider and a stepper have a value (`rule-control-value-changed`), a switch
/// and a slider a knob (`rule-control-beats-ancestor-recognizer`). Every other control
/// class, and a view of any class that the scene makes a control with `"control"`, is
/// `.plain`.
enum ControlKind: Equatable {
    case button, `switch`, slider, stepper, plain

    /// The kind a view of this class has when it is a control; nil for a class that is
    /// not a control class (such a view is a control only with the scene's `"control"`).
    init?(className: String) {
        switch className {
        case "UIButton": self = .button
        case "UISwitch": self = .switch
        case "UISlider": self = .slider
        case "UIStepper": self = .stepper
        case "UISegmentedControl", "UIPageControl", "UIControl": self = .plain
        default: return nil
        }
    }

    /// The control's value range: a switch 0...1, a slider `minimumValue...maximumValue`
    /// (0...1), a stepper likewise (0...100); nil for kinds without a value.
    func range(_ control: SceneControl) -> ClosedRange<Double>? {
        let lo = control.minimumValue ?? 0
        switch self {
        case .switch: return 0...1
        case .slider: return lo...max(lo, control.maximumValue ?? 1)
        case .stepper: return lo...max(lo, control.maximumValue ?? 100)
        case .button, .plain: return nil
        }
    }

    /// A switch's and a slider's knob takes part in the knob rule and in tracking.
    var hasKnob: Bool { self == .switch || self == .slider }
}
