/// One step of the reference algorithm, as `rule-algorithm-trace` records it.
public enum TraceEntry: Hashable, Sendable {
    /// `hitTest` was called on the view (recorded on entry).
    case hitTest(view: String)
    /// `pointInside` of the view returned `result` (recorded when it returns).
    case pointInside(view: String, result: Bool)
    /// `hitTest` of the view returned `result` (a view id, or nil).
    case returned(view: String, result: String?)
}

/// What UIKit passes to `hitTest:withEvent:`; here it carries the optional trace.
/// Pass nil, or an event made with `tracing: false`, for an untraced query.
public final class HitTestEvent {
    /// The calls made so far, in order, when tracing.
    public private(set) var trace: [TraceEntry]?

    /// An event that records the trace when `tracing` is true, and nothing otherwise.
    public init(tracing: Bool) {
        trace = tracing ? [] : nil
    }

    /// Appends `entry` to the trace when tracing; does nothing otherwise.
    public func record(_ entry: TraceEntry) {
        trace?.append(entry)
    }
}
