import HitTestGeometry

/// The phase of a touch in an input frame (event-dispatch spec section 1).
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, stationary, ended
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
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
}

/// One touch that changed in a frame.
public struct TouchInput: Hashable, Sendable {
    /// Names the finger from `began` to `ended` or `cancelled`; may be reused afterwards.
    public var id: Int
    public var phase: TouchPhase
    /// In screen coordinates.
    public var location: Point

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

    public init(time: Double, touches: [TouchInput]) {
        self.time = time
        self.touches = touches
    }
}
