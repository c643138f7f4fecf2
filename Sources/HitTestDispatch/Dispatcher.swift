import HitTestBridge
import HitTestGeometry
import HitTestScene

/// Event dispatch as UIKit does it (`rule-touch-frame-steps`): the host feeds input frames;
/// the dispatcher hit-tests each touch once when it begins, drives gesture recognizers,
/// delivers touch messages along responder chains, runs controls, and logs everything
/// that happens, in order.
///
/// ```swift
/// let d = Dispatcher(scene: scene)                       // the fast engine
/// d.onGestureAction("tapA") { info in print(info.state) }
/// try d.feed(InputFrame(time: 0, touches: [TouchInput(id: 1, phase: .began, location: p)]))
/// try d.feed(InputFrame(time: 0.08, touches: [TouchInput(id: 1, phase: .ended, location: p)]))
/// d.flush()                                              // fire the remaining timers
/// print(d.log.text)
/// ```
///
/// Time passes only through frame timestamps and `flush(until:)`. Each frame costs one
/// hit test per beginning touch plus work linear in the recognizers and responders that
/// the changed touches reach. Not thread-safe: feed it from one thread.
public final class Dispatcher {
    let hitTesting: any HitTestable
    let model: _SceneModel
    /// The tap timings and distances this dispatcher uses.
    public let settings: DispatchSettings
    /// Every recognizer of the scene, in delivery rank.
    var recognizers: [_Recognizer] = []
    var recognizerByID: [String: RecognizerID] = [:]
    /// Who has recognized, failed or waits on whom.
    let arena: _GestureArena
    /// Touches by `TouchID`: those down, and ended ones still referenced.
    var records: [TouchID: _TouchRecord] = [:]
    var nextSerial = 0
    /// The last touch that ended (not cancelled): for tap counts.
    var lastEnded: (time: Double, location: Point, duration: Double, tapCount: Int)?
    /// Pending timers; fired in (due, seq) order.
    var timers: [_Timer] = []
    var timerSeq = 0
    var validator = _FrameValidator()
    /// Everything that happened, in order.
    public internal(set) var log: [DispatchLogEntry] = []
    var handlers = _Handlers()
    /// While messages are being delivered: the touches of each call, by view and message
    /// (`rule-responder-touch-sets`).
    var calls: [_CallKey: [TouchID]] = [:]
    /// Where the pointer is, when there is one (`rule-recognizer-hover`).
    public internal(set) var pointer: Point?
    /// The scene's scroll views and the content touches they delay.
    var scrolling = _ScrollViews()
    /// Controls' values, highlights and tracked touches.
    var controls = _ControlStates()

    /// A dispatcher over a scene and an engine built from that same scene (a host's own
    /// engine, or one of `Engine.makeHitTester(scene:)`).
    public init(scene: Scene, hitTesting: any HitTestable, settings: DispatchSettings = .default) {
        self.hitTesting = hitTesting
        let model = _SceneModel(scene: scene)
        self.model = model
        self.settings = settings
        arena = _GestureArena(count: model.gestures.count)
        for (rank, g) in model.gestures.enumerated() {
            let id = RecognizerID(rank)
            recognizers.append(_Recognizer(gesture: g.gesture, view: g.view, id: id))
            recognizerByID[g.gesture.id] = id
        }
        setUpScrollViews()
    }

    /// A dispatcher on the chosen engine (`Engine.makeHitTester(scene:)`): `.reference` is
    /// the oracle, `.flat` and `.bvh` the fast store. Every engine gives the same log.
    public convenience init(
        scene: Scene, engine: Engine = .bvh, settings: DispatchSettings = .default
    ) {
        self.init(scene: scene, hitTesting: engine.makeHitTester(scene: scene), settings: settings)
    }

    /// The touches that are down now (UIEvent's `allTouches`), in the order they began.
    public var activeTouches: [Touch] {
        records.values.filter(\.isDown).sorted { $0.serial < $1.serial }.map(\.touch)
    }

    /// A recognizer's state and report; nil for an unknown id.
    public func gesture(_ id: String) -> GestureInfo? {
        recognizerByID[id].map { info(of: recognizers[$0]) }
    }
}

/// A timer of a recognizer: a tap's limits, a long press's duration.
struct _Timer {
    var due: Double
    var seq: Int
    var recognizer: RecognizerID
    var tag: Int
    var generation: Int
}
