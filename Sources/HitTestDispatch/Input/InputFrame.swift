import HitTestGeometry

/// The phase of a touch in an input frame (`rule-touch-phases`).
public enum TouchPhase: String, Sendable, CaseIterable {
    /// The finger touched down: the touch is hit-tested and bound (`rule-touch-binding`).
    case began
    /// The finger moved.
    case moved
    /// The finger is down and did not move; nothing is sent to the view.
    case stationary
    /// The finger lifted.
    case ended
    /// A system cancellation (an incoming call): recognizers tracking the touch are
    /// cancelled or failed and the view is sent `touchesCancelled`.
    case cancelled

    /// The touch message this phase sends, nil for `stationary` (which sends nothing).
    public var message: TouchMessage? {
        switch self {
        case .began: .touchesBegan
        case .moved: .touchesMoved
        case .stationary: nil
        case .ended: .touchesEnded
        case .cancelled: .touchesCancelled
        }
    }
}

/// One of UIResponder's four touch messages.
public enum TouchMessage: String, Sendable, CaseIterable {
    /// `touchesBegan:withEvent:`, for a touch that began.
    case touchesBegan
    /// `touchesMoved:withEvent:`, for a touch that moved.
    case touchesMoved
    /// `touchesEnded:withEvent:`, for a touch that lifted.
    case touchesEnded
    /// `touchesCancelled:withEvent:`, for a touch the system or a recognizer took away.
    case touchesCancelled
}

/// One touch that changed in a frame.
public struct TouchInput: Hashable, Sendable {
    /// Names the finger from `began` to `ended` or `cancelled`; may be reused afterwards.
    public var id: Int
    /// What happened to the touch in this frame.
    public var phase: TouchPhase
    /// In screen coordinates.
    public var location: Point

    /// A touch `id` in `phase` at `location`, in screen coordinates.
    public init(id: Int, phase: TouchPhase, location: Point) {
        self.id = id
        self.phase = phase
        self.location = location
    }
}

/// What the host feeds the dispatcher: a timestamp and the touches that changed.
/// Touches that did not change need not be listed (they count as stationary).
public struct InputFrame: Hashable, Sendable {
    /// Seconds; frames come in non-decreasing order of time.
    public var time: Double
    /// In the order the host lists them: that order is the delivery order within a frame.
    public var touches: [TouchInput]
    /// The pointer (a mouse or trackpad with no button pressed) moved or left in this
    /// frame; nil when it did not change (`rule-recognizer-hover`).
    public var pointer: PointerInput?

    /// A frame at `time` seconds with the touches that changed, and the pointer if it did.
    public init(time: Double, touches: [TouchInput], pointer: PointerInput? = nil) {
        self.time = time
        self.touches = touches
        self.pointer = pointer
    }
}

/// What a pointer with no button pressed did in a frame (`rule-recognizer-hover`).
public enum PointerInput: Hashable, Sendable {
    /// It is at this screen point (it entered the screen or moved).
    case at(Point)
    /// It left the screen (or the device went away).
    case gone
}
