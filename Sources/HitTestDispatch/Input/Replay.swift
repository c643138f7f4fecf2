import HitTestScene

extension Dispatcher {
    /// Feeds every frame of an events file, then flushes to its `until` (or fires every
    /// remaining timer), and returns the log. A loaded `EventsFile` never fails to feed;
    /// one built in code may, with the frame's index.
    @discardableResult
    public func replay(_ events: EventsFile) throws(ReplayError) -> [DispatchLogEntry] {
        for (i, frame) in events.frames.enumerated() {
            do {
                try feed(frame)
            } catch {
                throw ReplayError(frameIndex: i, error: error)
            }
        }
        flush(until: events.until ?? .infinity)
        return log
    }
}

/// A frame of an events file that the dispatcher refused.
public struct ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The index of the refused frame in the file's `frames`.
    public var frameIndex: Int
    /// Why the dispatcher refused it.
    public var error: DispatchError

    /// The error of the frame at `frameIndex`, which the dispatcher refused with `error`.
    public init(frameIndex: Int, error: DispatchError) {
        self.frameIndex = frameIndex
        self.error = error
    }

    public var description: String {
        let path = "$.frames[\(frameIndex)]" + (error.touchIndex.map { ".touches[\($0)]" } ?? "")
        return "\(path), field \"\(error.field)\": \(error.message)"
    }
}
