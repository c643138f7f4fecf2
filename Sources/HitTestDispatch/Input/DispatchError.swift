/// A frame the dispatcher refuses. Nothing of a refused frame is applied: the dispatcher
/// is left as it was before the call.
public struct DispatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The index of the offending touch in the frame's `touches`, nil when the frame's
    /// time is at fault.
    public var touchIndex: Int?
    /// The field at fault: `t`, `id`, `phase` or `at`, as the events file names them.
    public var field: String
    /// What is wrong with the field, in words that say what to send instead.
    public var message: String

    /// An error about `field` of the touch at `touchIndex` (nil: the frame's time).
    public init(touchIndex: Int?, field: String, message: String) {
        self.touchIndex = touchIndex
        self.field = field
        self.message = message
    }

    public var description: String {
        let at = touchIndex.map { "touch \($0 + 1) of the frame, " } ?? ""
        return "\(at)field \"\(field)\": \(message)"
    }
}

/// Checks frames in order against the rules every input must keep: finite, non-decreasing
/// times, finite locations, one entry per touch id in a frame, a touch begins before it
/// moves, ends or is cancelled, and does not begin again while down.
///
/// Shared by `Dispatcher.feed` and the events file loader, so both refuse the same input.
/// O(touches in the frame × touches down) per frame.
struct _FrameValidator {
    /// Touch ids that are down, in the order they began. A list, not a set: a few fingers
    /// are down at a time, and a scan of a few ids costs less than hashing one.
    private(set) var down: [Int] = []
    private(set) var lastTime: Double = -.infinity

    /// The first problem in `frame`, or nil. Does not change the validator.
    func problem(in frame: InputFrame) -> DispatchError? {
        guard frame.time.isFinite else {
            return DispatchError(touchIndex: nil, field: "t", message: "must be a finite number")
        }
        guard frame.time >= lastTime else {
            return DispatchError(
                touchIndex: nil, field: "t",
                message: "is \(frame.time), before the previous frame's \(lastTime): "
                    + "frames must come in time order")
        }
        if case .at(let p) = frame.pointer, !(p.x.isFinite && p.y.isFinite) {
            return DispatchError(touchIndex: nil, field: "pointer", message: "must be finite")
        }
        for (i, t) in frame.touches.enumerated() {
            guard t.location.x.isFinite && t.location.y.isFinite else {
                return DispatchError(touchIndex: i, field: "at", message: "must be finite")
            }
            // Frames hold a few touches: a scan allocates nothing, where a set would.
            guard !frame.touches[..<i].contains(where: { $0.id == t.id }) else {
                return DispatchError(
                    touchIndex: i, field: "id",
                    message: "touch \(t.id) is listed twice in one frame")
            }
            let isDown = down.contains(t.id)
            if t.phase == .began && isDown {
                return DispatchError(
                    touchIndex: i, field: "phase",
                    message: "touch \(t.id) began again while it is down; end it first")
            }
            if t.phase != .began && !isDown {
                return DispatchError(
                    touchIndex: i, field: "phase",
                    message: "touch \(t.id) is \(t.phase.rawValue) but is not down; "
                        + "a touch must begin first")
            }
        }
        return nil
    }

    /// Records a frame that `problem(in:)` accepted.
    mutating func accept(_ frame: InputFrame) {
        lastTime = frame.time
        for t in frame.touches {
            switch t.phase {
            case .began: down.append(t.id)
            case .ended, .cancelled:
                if let k = down.firstIndex(of: t.id) { down.remove(at: k) }
            case .moved, .stationary: break
            }
        }
    }

    /// Records that time has advanced to `t` (a flush).
    mutating func advance(to t: Double) {
        if t > lastTime { lastTime = t }
    }
}
