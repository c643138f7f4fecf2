/// What a responder does with a touch message (event-dispatch spec section 2).
public enum TouchHandling: String, Sendable, CaseIterable {
    /// Passes the message to the next responder (UIResponder's default).
    case forward
    /// Takes the message and stops it (an override without `super`).
    case handle
    /// Takes it and passes it on (an override that calls `super`).
    case handleAndForward
}

/// A control event (event-dispatch spec section 6), named as in scenes.
public enum ControlEvent: String, Sendable, CaseIterable {
    case touchDown, touchDownRepeat, touchDragInside, touchDragOutside, touchDragEnter
    case touchDragExit, touchUpInside, touchUpOutside, touchCancel
}

/// A gesture recognizer's kind and the settings that belong to it
/// (event-dispatch spec section 4).
public enum GestureKind: Hashable, Sendable {
    case tap(taps: Int = 1, touches: Int = 1)
    case longPress(
        minimumPressDuration: Double = 0.5, allowableMovement: Double = 10, touches: Int = 1)
    /// `maximumTouches == nil` means unbounded.
    case pan(minimumTouches: Int = 1, maximumTouches: Int? = nil, hysteresis: Double = 10)
    case pinch

    /// The kind's name in scenes: `tap`, `longPress`, `pan`, `pinch`.
    public var name: String {
        switch self {
        case .tap: "tap"
        case .longPress: "longPress"
        case .pan: "pan"
        case .pinch: "pinch"
        }
    }

    /// Discrete recognizers (tap) go `possible -> recognized`; the others are continuous.
    public var isContinuous: Bool {
        if case .tap = self { return false }
        return true
    }
}

/// A gesture recognizer attached to a view in a scene.
public struct SceneGesture: Hashable, Sendable {
    /// Unique among the scene's gestures.
    public var id: String
    public var kind: GestureKind
    public var enabled: Bool = true
    public var cancelsTouchesInView: Bool = true
    public var delaysTouchesBegan: Bool = false
    public var delaysTouchesEnded: Bool = true
    /// Ids of gestures that must fail before this one may recognize.
    public var requireToFail: [String] = []
    /// Ids of gestures this one may recognize together with.
    public var simultaneousWith: [String] = []
    /// What the delegate's `gestureRecognizerShouldBegin` answers.
    public var shouldBegin: Bool = true
    /// What the delegate's `shouldReceiveTouch` answers.
    public var shouldReceiveTouch: Bool = true

    public init(id: String, kind: GestureKind) {
        self.id = id
        self.kind = kind
    }
}

/// A view's control behaviour (`"control"` in scenes; event-dispatch spec section 6).
public struct SceneControl: Hashable, Sendable {
    public var enabled: Bool = true
    /// How far outside its bounds a tracked touch still counts as inside.
    public var trackingSlop: Double = 70
    /// Target actions: the named action fires when the event is sent, in this order.
    public var actions: [ControlAction] = []

    public init(enabled: Bool = true, trackingSlop: Double = 70, actions: [ControlAction] = []) {
        self.enabled = enabled
        self.trackingSlop = trackingSlop
        self.actions = actions
    }
}

/// One target action of a control: `event` fires the action named `action`.
public struct ControlAction: Hashable, Sendable {
    public var event: ControlEvent
    public var action: String

    public init(event: ControlEvent, action: String) {
        self.event = event
        self.action = action
    }
}

/// The event-dispatch fields of a view (event-dispatch spec section 7). Loaded and
/// validated with the scene; they matter only to event dispatch.
public struct ViewEventSettings: Hashable, Sendable {
    /// nil: the default, `forward`.
    public var touches: TouchHandling?
    /// What the view controller whose root view this is does; needs `viewController`.
    public var viewControllerTouches: TouchHandling?
    public var multipleTouchEnabled: Bool = false
    public var exclusiveTouch: Bool = false
    public var gestures: [SceneGesture] = []
    public var control: SceneControl?

    public init() {}

    public static let `default` = ViewEventSettings()
}
