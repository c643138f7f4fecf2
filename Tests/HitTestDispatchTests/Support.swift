import HitTestBridge
import HitTestDispatch
import HitTestGeometry
import HitTestScene
import Testing

/// A scene with one window `main` (0, 0, 390, 844) holding `subviews` (JSON text).
func scene(_ subviews: String, windowExtras: String = "") throws -> Scene {
    try Scene.load(
        json: #"""
            {"format": "hittest-scene/1", "windows": [{"id": "main", "frame": [0, 0, 390, 844]\#(windowExtras), "subviews": [\#(subviews)]}]}
            """#)
}

/// Shorthand for an input frame: `frame(0.08, (1, .ended, 150, 450))`.
func frame(_ t: Double, _ touches: (Int, TouchPhase, Double, Double)...) -> InputFrame {
    InputFrame(
        time: t,
        touches: touches.map {
            TouchInput(id: $0.0, phase: $0.1, location: Point(x: $0.2, y: $0.3))
        })
}

/// A tap: began at `t`, ended at `t + 0.08`, at the same point.
func tap(_ id: Int = 1, at p: (Double, Double), t: Double = 0) -> [InputFrame] {
    [frame(t, (id, .began, p.0, p.1)), frame(t + 0.08, (id, .ended, p.0, p.1))]
}

/// The logs of one replay on every engine, in `Engine.allCases` order (the reference
/// first, then flat and bvh).
func logsOnEveryEngine(_ s: Scene, _ file: EventsFile) throws -> [[DispatchLogEntry]] {
    try Engine.allCases.map { engine in
        let d = Dispatcher(scene: s, engine: engine)
        try d.replay(file)
        return d.log
    }
}

/// Replays frames on the reference engine and on both fast engines, checks that the
/// three logs agree, flushes, and returns the log's entries (with every time set to 0
/// when `times` is false, to compare what happened regardless of when).
func replay(
    _ s: Scene, _ frames: [InputFrame], until: Double? = nil, times: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [DispatchLogEntry] {
    let logs = try logsOnEveryEngine(s, EventsFile(frames: frames, until: until))
    #expect(logs[0] == logs[1], "flat differs from reference", sourceLocation: sourceLocation)
    #expect(logs[0] == logs[2], "bvh differs from reference", sourceLocation: sourceLocation)
    return times ? logs[0] : logs[0].map(\.untimed)
}

/// `replay`, as the log's printed lines (without timestamps when `times` is false): for
/// the tests of the printed format itself (the source articles' logs).
func run(
    _ s: Scene, _ frames: [InputFrame], until: Double? = nil, times: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [String] {
    try replay(s, frames, until: until, times: true, sourceLocation: sourceLocation).map { entry in
        let line = entry.text
        return times ? line : String(line[line.index(after: line.firstIndex(of: " ")!)...])
    }
}

/// Shorthands for expected log entries; `t` is 0 for logs replayed without times.
extension DispatchLogEntry {
    /// `recognizer: state`.
    static func state(_ gesture: String, _ state: GestureState, t: Double = 0) -> Self {
        .state(time: t, gesture: gesture, state: state)
    }

    /// `action name`.
    static func action(_ name: String, t: Double = 0) -> Self { .action(time: t, name: name) }

    /// A touch message to the responder `name`.
    static func responder(
        _ name: String, _ message: TouchMessage, touch: Int = 1, t: Double = 0
    ) -> Self {
        .delivery(time: t, touch: touch, to: .responder(name), message: message)
    }

    /// A touch message to the recognizer `id` attached to `view`.
    static func gesture(
        _ id: String, on view: String, _ message: TouchMessage, touch: Int = 1, t: Double = 0
    ) -> Self {
        .delivery(time: t, touch: touch, to: .gesture(id: id, view: view), message: message)
    }

    /// A control event.
    static func control(_ control: String, _ event: ControlEvent, t: Double = 0) -> Self {
        .control(time: t, control: control, event: event)
    }

    /// A control's highlight turned on or off.
    static func highlight(_ control: String, _ on: Bool, t: Double = 0) -> Self {
        .highlight(time: t, control: control, highlighted: on)
    }

    /// A scroll view's decision about a touch in its content.
    static func scrollView(
        _ id: String, _ decision: ScrollViewDecision, touch: Int = 1, t: Double = 0
    ) -> Self {
        .scrollView(time: t, touch: touch, scrollView: id, decision: decision)
    }

    /// A scroll view's new content offset.
    static func offset(_ id: String, _ x: Double, _ y: Double, t: Double = 0) -> Self {
        .scrollOffset(time: t, scrollView: id, contentOffset: Point(x: x, y: y))
    }

    /// The same entry at time 0, and an action without its recognizer's report: what
    /// happened in what order, for the tests of order (the reports have tests of their
    /// own, `RecognizerReportTests`).
    var untimed: Self {
        switch self {
        case .delivery(_, let touch, let to, let message):
            .delivery(time: 0, touch: touch, to: to, message: message)
        case .state(_, let g, let s): .state(time: 0, gesture: g, state: s)
        case .action(_, let n, _): .action(time: 0, name: n)
        case .control(_, let c, let e): .control(time: 0, control: c, event: e)
        case .scrollOffset(_, let v, let p): .scrollOffset(time: 0, scrollView: v, contentOffset: p)
        case .scrollView(_, let touch, let v, let d):
            .scrollView(time: 0, touch: touch, scrollView: v, decision: d)
        case .scrollEvent(_, let v, let e): .scrollEvent(time: 0, scrollView: v, event: e)
        case .highlight(_, let c, let on): .highlight(time: 0, control: c, highlighted: on)
        }
    }

    /// The same entry, an action without its recognizer's report.
    var withoutReport: Self {
        guard case .action(let t, let n, .some) = self else { return self }
        return .action(time: t, name: n)
    }

    /// A recognizer's state change or action.
    var isStateOrAction: Bool {
        switch self {
        case .state, .action: true
        default: false
        }
    }

    /// A recognizer's state change.
    var isState: Bool {
        if case .state = self { return true }
        return false
    }

    /// The recognizer an entry is about: its state change, its action, or a touch
    /// message to it; nil for other entries.
    var gestureID: String? {
        switch self {
        case .state(_, let g, _): g
        case .action(_, let name, _): name
        case .delivery(_, _, .gesture(let id, _), _): id
        default: nil
        }
    }

    /// The view, control, scroll view or recognizer an entry is about (a touch message's
    /// recipient).
    var subject: String {
        switch self {
        case .delivery(_, _, let to, _): to.name
        case .state(_, let g, _): g
        case .action(_, let name, _): name
        case .control(_, let c, _), .highlight(_, let c, _): c
        case .scrollOffset(_, let v, _), .scrollView(_, _, let v, _), .scrollEvent(_, let v, _): v
        }
    }

    /// The scroll view, for a scroll view's decision or content offset; nil otherwise.
    var scrollViewID: String? {
        switch self {
        case .scrollOffset(_, let v, _), .scrollView(_, _, let v, _), .scrollEvent(_, let v, _): v
        default: nil
        }
    }

    /// The scroll view whose content offset changed; nil for other entries.
    var offsetOf: String? {
        if case .scrollOffset(_, let v, _) = self { return v }
        return nil
    }

    /// A scroll view's decision; nil for other entries.
    var decision: ScrollViewDecision? {
        if case .scrollView(_, _, _, let d) = self { return d }
        return nil
    }

    /// A touch message to a responder (not to a recognizer).
    var isToResponder: Bool {
        if case .delivery(_, _, .responder, _) = self { return true }
        return false
    }

    /// The message, when it is a touch message to the responder `name`.
    func message(to name: String) -> TouchMessage? {
        if case .delivery(_, _, .responder(let n), let m) = self, n == name { return m }
        return nil
    }
}

/// The recognizers' state changes and actions of a log, in order.
func states(_ log: [DispatchLogEntry]) -> [DispatchLogEntry] {
    log.filter(\.isStateOrAction).map(\.withoutReport)
}
