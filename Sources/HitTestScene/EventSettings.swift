/// What a responder does with a touch message (`rule-responder-handling`).
public enum TouchHandling: String, Sendable, CaseIterable {
    /// Passes the message to the next responder (UIResponder's default).
    case forward
    /// Takes the message and stops it (an override without `super`).
    case handle
    /// Takes it and passes it on (an override that calls `super`).
    case handleAndForward
}

/// A control event (`rule-control-events`), named as in scenes.
public enum ControlEvent: String, Sendable, CaseIterable {
    /// A touch began on the control.
    case touchDown
    /// Sent after `touchDown` when the touch's `tapCount` is above 1.
    case touchDownRepeat
    /// A tracked touch moved and is inside the tracking rect (bounds grown by `trackingSlop`).
    case touchDragInside
    /// A tracked touch moved and is outside the tracking rect.
    case touchDragOutside
    /// A move crossed into the tracking rect; sent before `touchDragInside`.
    case touchDragEnter
    /// A move crossed out of the tracking rect; sent before `touchDragOutside`.
    case touchDragExit
    /// The touch ended inside the tracking rect: the "button pressed" event.
    case touchUpInside
    /// The touch ended outside the tracking rect.
    case touchUpOutside
    /// The touch was cancelled (by the system or by a recognizer that took it).
    case touchCancel
    /// The control's value changed: a switch toggled, a slider's knob moved, a stepper
    /// stepped (`rule-control-value-changed`).
    case valueChanged
    /// The control's primary action: a button's `touchUpInside`, another control's
    /// `valueChanged` (`rule-control-primary-action`).
    case primaryActionTriggered
}

/// A gesture recognizer's kind and the settings that belong to it
/// (`rule-recognizer-kinds`).
public enum GestureKind: Hashable, Sendable {
    /// Discrete: recognizes when the last of `taps` taps with `touches` fingers ends.
    case tap(taps: Int = 1, touches: Int = 1)
    /// Continuous: begins once `touches` fingers are held `minimumPressDuration` seconds
    /// without moving more than `allowableMovement` points.
    case longPress(
        minimumPressDuration: Double = 0.5, allowableMovement: Double = 10, touches: Int = 1)
    /// `maximumTouches == nil` means unbounded.
    case pan(minimumTouches: Int = 1, maximumTouches: Int? = nil, hysteresis: Double = 10)
    /// Continuous: begins when two touches are down and their distance changes; reports the scale.
    case pinch
    /// Discrete: recognizes when `touches` fingers move far and fast enough in one of
    /// `directions` (`rule-recognizer-swipe`).
    case swipe(directions: SwipeDirections = .right, touches: Int = 1)
    /// Continuous: begins when two touches are down and the angle of the line between
    /// them changes; reports the rotation (`rule-recognizer-rotation`).
    case rotation
    /// Continuous: a pan whose first touch begins within the edge region of one of
    /// `edges` of its window (`rule-recognizer-screen-edge-pan`).
    case screenEdgePan(edges: ScreenEdges)
    /// Continuous: began when a pointer (no button pressed) moves over the view, changed
    /// as it moves, ended when it leaves (`rule-recognizer-hover`).
    case hover

    /// Every kind's name in scenes, in the order `name` gives them.
    public static let names = [
        "tap", "longPress", "pan", "pinch", "swipe", "rotation", "screenEdgePan", "hover",
    ]

    /// The kind's name in scenes: `tap`, `longPress`, `pan`, `pinch`, `swipe`,
    /// `rotation`, `screenEdgePan`, `hover`.
    public var name: String {
        switch self {
        case .tap: "tap"
        case .longPress: "longPress"
        case .pan: "pan"
        case .pinch: "pinch"
        case .swipe: "swipe"
        case .rotation: "rotation"
        case .screenEdgePan: "screenEdgePan"
        case .hover: "hover"
        }
    }

    /// Discrete recognizers (tap, swipe) go `possible -> recognized`; the others are
    /// continuous.
    public var isContinuous: Bool {
        switch self {
        case .tap, .swipe: false
        default: true
        }
    }
}

/// A gesture recognizer attached to a view in a scene.
public struct SceneGesture: Hashable, Sendable {
    /// Unique among the scene's gestures.
    public var id: String
    /// The recognizer's kind and its settings.
    public var kind: GestureKind
    /// A disabled recognizer tracks no touches.
    public var enabled: Bool = true
    /// When it recognizes or begins, the view's touches it holds are cancelled
    /// (`rule-recognizer-cancels-touches`).
    public var cancelsTouchesInView: Bool = true
    /// While `possible`, `began` and `moved` are held back from the view
    /// (`rule-recognizer-delays-touches-began`).
    public var delaysTouchesBegan: Bool = false
    /// While `possible`, a touch's end is held back from the view
    /// (`rule-recognizer-delays-touches-ended`).
    public var delaysTouchesEnded: Bool = true
    /// Ids of gestures that must fail before this one may recognize.
    public var requireToFail: [String] = []
    /// Ids of gestures this one may recognize together with.
    public var simultaneousWith: [String] = []
    /// What the delegate's `gestureRecognizerShouldBegin` answers.
    public var shouldBegin: Bool = true
    /// What the delegate's `shouldReceiveTouch` answers.
    public var shouldReceiveTouch: Bool = true
    /// Ids of gestures the recognizer's subclass answers `shouldRequireFailure(of:)` true
    /// for: asked at each attempt (`rule-recognizer-failure-requirements-at-run-time`).
    public var shouldRequireFailureOf: [String] = []
    /// Ids of gestures the recognizer's subclass answers `shouldBeRequiredToFail(by:)`
    /// true for: each of them waits for this one to fail
    /// (`rule-recognizer-failure-requirements-at-run-time`).
    public var shouldBeRequiredToFailBy: [String] = []

    /// A recognizer with UIKit's defaults for every other setting.
    public init(id: String, kind: GestureKind) {
        self.id = id
        self.kind = kind
    }
}

/// A view's control behaviour (`"control"` in scenes; `rule-control-identity`).
public struct SceneControl: Hashable, Sendable {
    /// A disabled control tracks nothing and forwards touches like a plain view.
    public var enabled: Bool = true
    /// How far outside its bounds a tracked touch still counts as inside.
    public var trackingSlop: Double = 70
    /// Target actions: the named action fires when the event is sent, in this order.
    public var actions: [ControlAction] = []
    /// `value` of a `UISlider` or `UIStepper`, `isOn` (0 or 1) of a `UISwitch`; nil for
    /// the class's default, its minimum (`rule-control-value-changed`).
    public var value: Double?
    /// `minimumValue`; nil for the class's default (0).
    public var minimumValue: Double?
    /// `maximumValue`; nil for the class's default (1 for a slider, 100 for a stepper).
    public var maximumValue: Double?
    /// A stepper's `stepValue`; nil for the default (1).
    public var stepValue: Double?

    /// A control; the defaults are an enabled control with a 70-point tracking slop and no actions.
    public init(enabled: Bool = true, trackingSlop: Double = 70, actions: [ControlAction] = []) {
        self.enabled = enabled
        self.trackingSlop = trackingSlop
        self.actions = actions
    }
}

/// One target action of a control: `event` fires the action named `action`.
public struct ControlAction: Hashable, Sendable {
    /// The control event that fires the action.
    public var event: ControlEvent
    /// The action's name, as logged when it fires.
    public var action: String

    /// Fires `action` whenever the control sends `event`.
    public init(event: ControlEvent, action: String) {
        self.event = event
        self.action = action
    }
}

/// The event-dispatch fields of a view (`rule-scene-event-fields`). Loaded and
/// validated with the scene; they matter only to event dispatch.
public struct ViewEventSettings: Hashable, Sendable {
    /// nil: the default, `forward`.
    public var touches: TouchHandling?
    /// What the view controller whose root view this is does; needs `viewController`.
    public var viewControllerTouches: TouchHandling?
    /// False: a view with an active touch is not sent a second one (`rule-touch-multiple-touch`).
    public var multipleTouchEnabled: Bool = false
    /// True: while this view has a touch, no other view of its window gets a new one, and
    /// the other way round (`rule-touch-exclusive`).
    public var exclusiveTouch: Bool = false
    /// The recognizers attached to the view, in the order attached (their delivery order on
    /// one view).
    public var gestures: [SceneGesture] = []
    /// Set when the view is a control; a view of a control class without it still is one
    /// (with the default settings), as dispatch decides.
    public var control: SceneControl?
    /// The id of the view the view's `next` returns instead of its default next
    /// responder (an override of `next`; `rule-responder-next-override`).
    public var next: String?
    /// The same for the view controller whose root view this is; needs `viewController`.
    public var viewControllerNext: String?
    /// Set when the scene gives `"scrollView"`; a view of a scroll view class without it
    /// still is one (``SceneView/scrollView``).
    public var scrollView: SceneScrollView?

    /// No event fields: UIKit's defaults.
    public init() {}

    /// No event fields: UIKit's defaults.
    public static let `default` = ViewEventSettings()

    /// True when every field has its default: `self == .default`, field by field, stopping
    /// at the first set one, without comparing the recognizer list.
    @inlinable public var isDefault: Bool {
        touches == nil && viewControllerTouches == nil && !multipleTouchEnabled
            && !exclusiveTouch && gestures.isEmpty && control == nil && next == nil
            && viewControllerNext == nil && scrollView == nil
    }
}
