import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

/// What a recognizer's kind wants after a touch or a timer. The dispatcher decides
/// (`rule-recognizer-attempt`: each transition out of possible that recognizes is an
/// attempt, which the arena decides).
enum _Wish: Equatable {
    /// A discrete recognizer wants `recognized` (an attempt).
    case recognize
    /// A continuous recognizer wants `began` (an attempt).
    case begin
    case change, end, cancel, fail
}

/// What a kind sees of one touch change.
struct _TouchChange {
    let time: Double
    let touch: TouchID
    let location: Point
    /// Where this touch began.
    let start: Point
    /// The recognizer's touches that are down after this change, with where they are now
    /// and where they began, in the order they were taken.
    let down: [(id: TouchID, location: Point, start: Point)]
    let state: GestureState
    let settings: DispatchSettings
    /// This touch now and where it began, in its window's bounds coordinates, with those
    /// bounds: filled in only for kinds that ask (`screenEdgePan`), nil otherwise.
    var window: (location: Point, start: Point, bounds: Rect)? = nil
}

/// What a kind asks of the dispatcher.
struct _KindOutput {
    var wish: _Wish?
    /// Drop the recognizer's pending timers (before scheduling `timer`).
    var cancelTimers = false
    /// A timer to schedule. A kind schedules at most one per call, so this is a value
    /// rather than a list a call would allocate.
    var timer: (due: Double, tag: Int)?
}

/// The kind-specific part of a recognizer: it turns touch changes and timers into
/// wishes. One value per attempt; the dispatcher replaces it when the recognizer resets.
protocol _GestureKindLogic {
    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput)
    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput)
    mutating func ended(_ c: _TouchChange, _ out: inout _KindOutput)
    /// A timer this kind scheduled came due; `downCount` touches are down.
    mutating func timer(
        tag: Int, time: Double, downCount: Int, state: GestureState,
        _ out: inout _KindOutput)
    /// What the recognizer reports to its action (translation, velocity, scale).
    var report: GestureReport { get }
}

/// What a recognizer reports to its action handler, and what the log's action entry
/// carries (`rule-recognizer-reports`).
public struct GestureReport: Hashable, Sendable {
    /// Pan: how far the touches' centroid moved since they began, in screen points.
    public var translation: Point?
    /// Pan: the centroid's speed at the last move, in screen points per second.
    public var velocity: Point?
    /// Pinch: the touches' distance over their distance when the second touch began.
    public var scale: Double?
    /// Pinch: the scale's change at the last move over the time since the move before,
    /// in scale factor per second (UIKit's `UIPinchGestureRecognizer.velocity`).
    public var scaleVelocity: Double?
    /// Rotation: radians turned since the second touch began, positive clockwise on the
    /// screen (`rule-recognizer-rotation`).
    public var rotation: Double?
    /// Rotation: radians a second at the last move.
    public var angularVelocity: Double?
    /// Every kind: the gesture's location in screen points (UIKit's `location(in:)`): the
    /// centroid of its touches down; once they have lifted, of those that lifted last,
    /// where they lifted (a tap's location); a swipe's, where it began; a hover's, the
    /// pointer's. Nil before the recognizer has seen a touch.
    public var location: Point?
    /// Swipe: the one direction it recognized in, among those it permits.
    public var direction: SwipeDirections?

    /// A report; a kind leaves the fields it does not report nil.
    public init(
        translation: Point? = nil, velocity: Point? = nil, scale: Double? = nil,
        scaleVelocity: Double? = nil, rotation: Double? = nil, angularVelocity: Double? = nil,
        location: Point? = nil, direction: SwipeDirections? = nil
    ) {
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.scaleVelocity = scaleVelocity
        self.rotation = rotation
        self.angularVelocity = angularVelocity
        self.location = location
        self.direction = direction
    }
}

extension GestureReport {
    /// Bit for bit: a report records what a recognizer computed, and touches at the edge
    /// of the double range can make that NaN (a centroid that overflows); a NaN field
    /// equals itself here, so that two logs of the same events compare equal and the
    /// report is a lawful `Hashable` value. (So `-0` and `0` differ.)
    public static func == (a: GestureReport, b: GestureReport) -> Bool {
        func same(_ x: Double?, _ y: Double?) -> Bool { x?.bitPattern == y?.bitPattern }
        func same(_ p: Point?, _ q: Point?) -> Bool { same(p?.x, q?.x) && same(p?.y, q?.y) }
        return same(a.translation, b.translation) && same(a.velocity, b.velocity)
            && same(a.scale, b.scale) && same(a.scaleVelocity, b.scaleVelocity)
            && same(a.rotation, b.rotation) && same(a.angularVelocity, b.angularVelocity)
            && same(a.location, b.location) && a.direction == b.direction
    }

    /// Hashes the fields' bit patterns, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        for d in [translation?.x, translation?.y, velocity?.x, velocity?.y, scale] {
            hasher.combine(d?.bitPattern)
        }
        for d in [scaleVelocity, rotation, angularVelocity, location?.x, location?.y] {
            hasher.combine(d?.bitPattern)
        }
        hasher.combine(direction?.rawValue)
    }
}

/// A recognizer's kind-specific logic for the current attempt (`_RecognizerTable.logic`):
/// one case per kind with its state inline, so that a new attempt writes a value in place
/// where a protocol existential allocates a box for any state larger than its three
/// words of inline room (a pan's or a tap's).
enum _KindLogic: _GestureKindLogic {
    case tap(_TapLogic)
    case longPress(_LongPressLogic)
    case pan(_PanLogic)
    case pinch(_PinchLogic)
    case swipe(_SwipeLogic)
    case rotation(_RotationLogic)
    case screenEdgePan(_ScreenEdgePanLogic)
    case hover(_HoverLogic)

    /// A fresh logic for a kind.
    init(_ kind: GestureKind) {
        switch kind {
        case .tap(let taps, let touches): self = .tap(_TapLogic(taps: taps, touches: touches))
        case .longPress(let d, let m, let touches):
            self = .longPress(
                _LongPressLogic(minimumPressDuration: d, allowableMovement: m, touches: touches))
        case .pan(let minT, let maxT, let h):
            self = .pan(_PanLogic(minimumTouches: minT, maximumTouches: maxT, hysteresis: h))
        case .pinch: self = .pinch(_PinchLogic())
        case .swipe(let directions, let touches):
            self = .swipe(_SwipeLogic(directions: directions, touches: touches))
        case .rotation: self = .rotation(_RotationLogic())
        case .screenEdgePan(let edges): self = .screenEdgePan(_ScreenEdgePanLogic(edges: edges))
        case .hover: self = .hover(_HoverLogic())
        }
    }

    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput) {
        switch self {
        case .tap(var l): l.began(c, &out); self = .tap(l)
        case .longPress(var l): l.began(c, &out); self = .longPress(l)
        case .pan(var l): l.began(c, &out); self = .pan(l)
        case .pinch(var l): l.began(c, &out); self = .pinch(l)
        case .swipe(var l): l.began(c, &out); self = .swipe(l)
        case .rotation(var l): l.began(c, &out); self = .rotation(l)
        case .screenEdgePan(var l): l.began(c, &out); self = .screenEdgePan(l)
        case .hover(var l): l.began(c, &out); self = .hover(l)
        }
    }

    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput) {
        switch self {
        case .tap(var l): l.moved(c, &out); self = .tap(l)
        case .longPress(var l): l.moved(c, &out); self = .longPress(l)
        case .pan(var l): l.moved(c, &out); self = .pan(l)
        case .pinch(var l): l.moved(c, &out); self = .pinch(l)
        case .swipe(var l): l.moved(c, &out); self = .swipe(l)
        case .rotation(var l): l.moved(c, &out); self = .rotation(l)
        case .screenEdgePan(var l): l.moved(c, &out); self = .screenEdgePan(l)
        case .hover(var l): l.moved(c, &out); self = .hover(l)
        }
    }

    mutating func ended(_ c: _TouchChange, _ out: inout _KindOutput) {
        switch self {
        case .tap(var l): l.ended(c, &out); self = .tap(l)
        case .longPress(var l): l.ended(c, &out); self = .longPress(l)
        case .pan(var l): l.ended(c, &out); self = .pan(l)
        case .pinch(var l): l.ended(c, &out); self = .pinch(l)
        case .swipe(var l): l.ended(c, &out); self = .swipe(l)
        case .rotation(var l): l.ended(c, &out); self = .rotation(l)
        case .screenEdgePan(var l): l.ended(c, &out); self = .screenEdgePan(l)
        case .hover(var l): l.ended(c, &out); self = .hover(l)
        }
    }

    mutating func timer(
        tag: Int, time: Double, downCount: Int, state: GestureState, _ out: inout _KindOutput
    ) {
        switch self {
        case .tap(var l): l.timer(tag: tag, time: time, downCount: downCount, state: state, &out); self = .tap(l)
        case .longPress(var l): l.timer(tag: tag, time: time, downCount: downCount, state: state, &out); self = .longPress(l)
        case .pan(var l): l.timer(tag: tag, time: time, downCount: downCount, state: state, &out); self = .pan(l)
        case .pinch(var l): l.timer(tag: tag, time: time, downCount: downCount, state: state, &out); self = .pinch(l)
        case .swipe(var l): l.timer(tag: tag, time: time, downCount: downCount, state: state, &out); self = .swipe(l)
        case .rotation(var l): l.timer(tag: tag, time: time, downCount: downCount, state: state, &out); self = .rotation(l)
        case .screenEdgePan(var l): l.timer(tag: tag, time: time, downCount: downCount, state: state, &out); self = .screenEdgePan(l)
        case .hover(var l): l.timer(tag: tag, time: time, downCount: downCount, state: state, &out); self = .hover(l)
        }
    }

    var report: GestureReport {
        switch self {
        case .tap(let l): l.report
        case .longPress(let l): l.report
        case .pan(let l): l.report
        case .pinch(let l): l.report
        case .swipe(let l): l.report
        case .rotation(let l): l.report
        case .screenEdgePan(let l): l.report
        case .hover(let l): l.report
        }
    }
}

/// A recognizer as hosts see it, in action handlers and `Dispatcher.gesture(_:)`.
public struct GestureInfo: Hashable, Sendable {
    /// Its id in the scene, unique among the scene's gestures.
    public var id: String
    /// The id of the view it is attached to.
    public var view: String
    /// The kind's name in scenes (`GestureKind.name`): `tap`, `longPress`, `pan`, `pinch`,
    /// `swipe`, `rotation`, `screenEdgePan` or `hover`.
    public var kind: String
    /// Its state now.
    public var state: GestureState
    /// The touches it took since it last reset.
    public var touches: [Int]
    /// What it reports to its action now (nil fields for other kinds).
    public var report: GestureReport
}

/// The distance between two points.
func _distance(_ a: Point, _ b: Point) -> Double {
    let dx = a.x - b.x
    let dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
}
