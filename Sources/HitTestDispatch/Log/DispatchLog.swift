import HitTestGeometry
import HitTestJSON
import HitTestScene

/// The state of a gesture recognizer (`rule-recognizer-states`).
public enum GestureState: String, Sendable, CaseIterable {
    /// Tracking touches, not yet decided; also the state it returns to once all its
    /// touches have ended.
    case possible
    /// A continuous recognizer's attempt succeeded (`rule-recognizer-attempt`).
    case began
    /// A continuous recognizer that began saw its touches move.
    case changed
    /// A continuous recognizer's touches lifted after it began.
    case ended
    /// A continuous recognizer that began was stopped (a system cancellation).
    case cancelled
    /// It will not recognize in this sequence of touches and hears nothing more of them.
    case failed
    /// A discrete recognizer's success (UIKit's `.recognized`, which is `.ended`).
    case recognized
}

/// One thing that happened, in the order it happened (`rule-dispatch-log`).
public enum DispatchLogEntry: Hashable, Sendable {
    /// A touch message delivered to a recognizer or a responder.
    case delivery(time: Double, touch: Int, to: Recipient, message: TouchMessage)
    /// A recognizer changed state (failures included; the silent return to `possible`
    /// once all its touches have ended is not logged).
    case state(time: Double, gesture: String, state: GestureState)
    /// A recognizer's action (named by the recognizer's id), with what the recognizer
    /// reports at that moment (`rule-recognizer-reports`), or a control's target action
    /// (no report).
    case action(time: Double, name: String, report: GestureReport? = nil)
    /// A control event sent by a control.
    case control(time: Double, control: String, event: ControlEvent)
    /// A scroll view's content offset (its bounds origin) changed
    /// (`rule-scroll-view-content-offset`).
    case scrollOffset(time: Double, scrollView: String, contentOffset: Point)
    /// A scroll view decided what happens to a touch in its content
    /// (`rule-scroll-view-delays-content-touches`, `rule-scroll-view-cancels-content-touches`).
    case scrollView(time: Double, touch: Int, scrollView: String, decision: ScrollViewDecision)
    /// A scroll view's drag began or ended, or its motion after the lift began or ended:
    /// UIKit's delegate calls from `scrollViewWillBeginDragging` to
    /// `scrollViewDidEndDecelerating` (`rule-scroll-view-delegate-calls`).
    case scrollEvent(time: Double, scrollView: String, event: ScrollViewEvent)
    /// A control's highlighted state turned on or off (`rule-control-highlight`).
    case highlight(time: Double, control: String, highlighted: Bool)

    /// Who received a touch message.
    public enum Recipient: Hashable, Sendable {
        /// A recognizer, by id, with the id of the view it is attached to.
        case gesture(id: String, view: String)
        /// A responder, by the name its responder chain prints.
        case responder(String)

        /// The recognizer's id or the responder's name, as the log prints it.
        public var name: String {
            switch self {
            case .gesture(let id, _): id
            case .responder(let n): n
            }
        }
    }

    /// When it happened: the time of the frame or timer that caused it, in seconds.
    public var time: Double {
        switch self {
        case .delivery(let t, _, _, _), .state(let t, _, _), .action(let t, _, _),
            .control(let t, _, _), .scrollOffset(let t, _, _), .scrollView(let t, _, _, _),
            .scrollEvent(let t, _, _), .highlight(let t, _, _):
            t
        }
    }

    /// The entry's kind as the JSON log's `kind` field names it: the case's name.
    public var kind: String {
        switch self {
        case .delivery: "delivery"
        case .state: "state"
        case .action: "action"
        case .control: "control"
        case .scrollOffset: "scrollOffset"
        case .scrollView: "scrollView"
        case .scrollEvent: "scrollEvent"
        case .highlight: "highlight"
        }
    }
}

extension DispatchLogEntry {
    /// One JSON object of the log, keys in their order (`rule-dispatch-log`): the time,
    /// the ``kind``, then the kind's fields, a recognizer and a responder in fields of
    /// their own:
    /// `{"t": 0, "kind": "delivery", "touch": 1, "gesture": "tapA", "view": "AView", "message": "touchesBegan"}`,
    /// `{"t": 0, "kind": "delivery", "touch": 1, "responder": "AView", "message": "touchesBegan"}`.
    public var json: String {
        var fields: [(String, JSONValue)] = [("t", .number(time)), ("kind", .string(kind))]
        switch self {
        case .delivery(_, let touch, let to, let message):
            fields.append(("touch", .number(Double(touch))))
            switch to {
            case .gesture(let id, let view):
                fields += [("gesture", .string(id)), ("view", .string(view))]
            case .responder(let name):
                fields.append(("responder", .string(name)))
            }
            fields.append(("message", .string(message.rawValue)))
        case .state(_, let gesture, let state):
            fields += [("gesture", .string(gesture)), ("state", .string(state.rawValue))]
        case .action(_, let name, let report):
            fields += [("action", .string(name))]
            if let report { fields += report.jsonFields }
        case .control(_, let control, let event):
            fields += [("control", .string(control)), ("event", .string(event.rawValue))]
        case .scrollOffset, .scrollView, .scrollEvent:
            fields += scrollFields
        case .highlight(_, let control, let on):
            fields += [("control", .string(control)), ("highlighted", .bool(on))]
        }
        let body = fields.map { JSONWriter.write(.string($0.0)) + ": " + JSONWriter.write($0.1) }
        return "{" + body.joined(separator: ", ") + "}"
    }

    /// One line in the style of the source articles' logs:
    /// `[0.080] AView,-[tapA touchesEnded:withEvent:] touch 1`,
    /// `[0.080] -[AView touchesCancelled:withEvent:] touch 1`, `[0.080] tapA: recognized`,
    /// `[0.080] action tapA`, `[0.080] button: touchUpInside`. The time has three
    /// decimals (milliseconds) so that the lines of a log line up; the JSON keeps it whole.
    public var text: String {
        let stamp = "[" + Self.stamp(time) + "] "
        switch self {
        case .delivery(_, let touch, .gesture(let id, let view), let message):
            return stamp + "\(view),-[\(id) \(message.rawValue):withEvent:] touch \(touch)"
        case .delivery(_, let touch, .responder(let name), let message):
            return stamp + "-[\(name) \(message.rawValue):withEvent:] touch \(touch)"
        case .state(_, let gesture, let state):
            return stamp + "\(gesture): \(state.rawValue)"
        case .action(_, let name, _):
            return stamp + "action \(name)"
        case .control(_, let control, let event):
            return stamp + "\(control): \(event.rawValue)"
        case .scrollOffset, .scrollView, .scrollEvent:
            return stamp + scrollText
        case .highlight(_, let control, let on):
            return stamp + "\(control): highlighted \(on ? "on" : "off")"
        }
    }

    /// Seconds with exactly three decimals, rounded to the millisecond: `0.000`, `0.080`,
    /// `12.345`; a time that is not finite by its name (`NaN`, `Infinity`).
    static func stamp(_ seconds: Double) -> String {
        if let name = JSONWriter.nonFiniteName(seconds) { return name }
        let ms = (seconds * 1000).rounded()
        guard abs(ms) < 1e15 else { return JSONWriter.formatNumber(seconds) }
        let whole = Int64(abs(ms))
        let fraction = String(whole % 1000)
        let sign = ms < 0 ? "-" : ""
        return sign + String(whole / 1000) + "." + String(repeating: "0", count: 3 - fraction.count)
            + fraction
    }
}

extension Array where Element == DispatchLogEntry {
    /// The log as a JSON array (`rule-dispatch-log`), one entry per line.
    public var json: String {
        isEmpty ? "[]" : "[\n " + map(\.json).joined(separator: ",\n ") + "\n]"
    }

    /// The log as text, one entry per line (each line ends with a newline).
    public var text: String {
        map { $0.text + "\n" }.joined()
    }
}

extension GestureReport {
    /// The report's fields in an action entry of the JSON log (`rule-dispatch-log`), in
    /// this order, each only when the kind reports it: `"location": [x, y]`,
    /// `"translation": [x, y]`, `"velocity": [x, y]`, `"scale"`, `"scaleVelocity"`,
    /// `"rotation"`, `"angularVelocity"`, `"direction": "right"`.
    var jsonFields: [(String, JSONValue)] {
        func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
        var fields: [(String, JSONValue)] = []
        if let location { fields.append(("location", point(location))) }
        if let translation { fields.append(("translation", point(translation))) }
        if let velocity { fields.append(("velocity", point(velocity))) }
        if let scale { fields.append(("scale", .number(scale))) }
        if let scaleVelocity { fields.append(("scaleVelocity", .number(scaleVelocity))) }
        if let rotation { fields.append(("rotation", .number(rotation))) }
        if let angularVelocity { fields.append(("angularVelocity", .number(angularVelocity))) }
        if let direction, let name = direction.names.first {
            fields.append(("direction", .string(name)))
        }
        return fields
    }
}
