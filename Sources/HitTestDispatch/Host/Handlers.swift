import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

/// A host's handlers, as a protocol conformance (UIKit's overrides and target actions).
/// Every method has a default that does nothing, so a conformance implements only what
/// it needs. Called synchronously while a frame is handled, in log order.
public protocol DispatchHandler: AnyObject {
    /// A responder received a touch message. Return what it does with it
    /// (`rule-responder-handling`), or nil for the scene's setting. Controls handle their own
    /// touches: their answer is ignored.
    func responder(_ name: String, received message: TouchMessage, touch: Touch)
        -> TouchHandling?
    /// A recognizer's action fired (on `recognized`, or on `began`, `changed`, `ended`
    /// and `cancelled` for continuous recognizers).
    func gestureAction(_ gesture: GestureInfo)
    /// A control sent `event` and fired the target action `action`.
    func controlAction(_ action: String, control: String, event: ControlEvent, touch: Touch)
    /// The same, with the event of the call (`rule-responder-touch-sets`): the touches
    /// this responder is sent `message` for at once (`touchesBegan(_:with:)`'s set) and
    /// the event's `allTouches`. Called once per touch of the call, as the log lists
    /// them. The default asks `responder(_:received:touch:)`.
    func responder(
        _ name: String, received message: TouchMessage, touch: Touch, event: TouchEvent
    ) -> TouchHandling?
    /// UIKit's `next` overridden by the host (`rule-responder-next-override`): the id of
    /// the view that follows the responder named `name` (a view id or a view controller
    /// name), or nil for the scene's answer. Asked when a touch begins, for each link of
    /// its chain.
    func nextResponder(of name: String) -> String?
    /// UIKit's `gestureRecognizerShouldBegin:`: asked at an attempt, after `requireToFail`
    /// has let it go on. Return nil for the scene's `shouldBegin`.
    func gestureShouldBegin(_ gesture: GestureInfo) -> Bool?
    /// UIKit's `gestureRecognizer:shouldReceiveTouch:`: asked when a touch begins on the
    /// recognizer's view or below. Return nil for the scene's `shouldReceiveTouch`.
    func gesture(_ gesture: GestureInfo, shouldReceive touch: Touch) -> Bool?
    /// UIKit's `shouldRecognizeSimultaneouslyWithGestureRecognizer:`, by recognizer id:
    /// true lets the two recognize together (as `simultaneousWith` on either side does).
    func gesture(_ gesture: String, shouldRecognizeSimultaneouslyWith other: String) -> Bool
    /// UIKit's `shouldRequireFailureOfGestureRecognizer:`, by recognizer id: true makes
    /// `gesture` wait for `other` to fail (as `requireToFail` does). Asked once per
    /// attempt (`rule-recognizer-failure-requirements-at-run-time`).
    func gesture(_ gesture: String, shouldRequireFailureOf other: String) -> Bool
    /// UIKit's `gestureRecognizer:shouldBeRequiredToFailByGestureRecognizer:`, by
    /// recognizer id: true makes `other` wait for `gesture` to fail. Asked once per attempt
    /// of `other` (`rule-recognizer-failure-requirements-at-run-time`).
    func gesture(_ gesture: String, shouldBeRequiredToFailBy other: String) -> Bool
}

extension DispatchHandler {
    public func responder(_ name: String, received message: TouchMessage, touch: Touch)
        -> TouchHandling?
    { nil }
    public func gestureAction(_ gesture: GestureInfo) {}
    public func responder(
        _ name: String, received message: TouchMessage, touch: Touch, event: TouchEvent
    ) -> TouchHandling? {
        responder(name, received: message, touch: touch)
    }
    public func nextResponder(of name: String) -> String? { nil }
    public func controlAction(_ action: String, control: String, event: ControlEvent, touch: Touch)
    {}
    public func gestureShouldBegin(_ gesture: GestureInfo) -> Bool? { nil }
    public func gesture(_ gesture: GestureInfo, shouldReceive touch: Touch) -> Bool? { nil }
    public func gesture(_ gesture: String, shouldRecognizeSimultaneouslyWith other: String) -> Bool
    { false }
    public func gesture(_ gesture: String, shouldRequireFailureOf other: String) -> Bool { false }
    public func gesture(_ gesture: String, shouldBeRequiredToFailBy other: String) -> Bool {
        false
    }
}

/// A registered conformance with the narrower protocols it also conforms to, cast once
/// when it is registered: a dynamic cast is a conformance lookup in the runtime (several
/// hundred instructions), and the dispatcher asks on every delivery. A class, so that a
/// loop over the conformances counts one reference per entry, not its four.
final class _Conformance {
    let handler: any DispatchHandler
    let keyed: (any _KeyedDispatchHandler)?
    let scrollView: (any ScrollViewHandler)?
    let controlTracking: (any ControlTrackingHandler)?

    init(_ handler: any DispatchHandler) {
        self.handler = handler
        keyed = handler as? any _KeyedDispatchHandler
        scrollView = handler as? any ScrollViewHandler
        controlTracking = handler as? any ControlTrackingHandler
    }
}

/// The registered closures and conformances, and what they ask to hear. The flags are
/// kept, not computed per question (a loop over the conformances each time): they are
/// worked out again on every registration and when the host says its keyed handler's
/// answers changed (`Dispatcher.handlersChanged()`).
struct _Handlers {
    var responders: [String: [(TouchMessage, Touch) -> TouchHandling?]] = [:] {
        didSet { refresh() }
    }
    var gestures: [String: [(GestureInfo) -> Void]] = [:] { didSet { refresh() } }
    var controlActions: [String: [(String, ControlEvent, Touch) -> Void]] = [:]
    var conformances: [_Conformance] = [] { didSet { refresh() } }
    var responderEvents: [String: [(TouchMessage, Touch, TouchEvent) -> TouchHandling?]] = [:] {
        didSet { refresh() }
    }

    /// Whether anyone hears recognizers' actions: when no one does, the dispatcher does
    /// not build the `GestureInfo` an action would carry.
    private(set) var hearsGestureActions = false
    /// Whether anyone is asked about responders' touch messages: when no one is, a
    /// message goes up the chain on each responder's own handling, with no question.
    private(set) var hearTouchMessages = false
    /// Whether a handler can see a responder's `TouchEvent` (so it must be built).
    private(set) var seeTouchEvents = false
    /// Whether a handler may override a responder's `next` (a handler that names views,
    /// or a keyed one that says so): when none may, no handler is asked on each link.
    private(set) var overrideNextResponders = false

    mutating func refresh() {
        hearsGestureActions =
            !gestures.isEmpty || conformances.contains { $0.keyed?.hearsGestureActions ?? true }
        hearTouchMessages =
            !responders.isEmpty || !responderEvents.isEmpty
            || conformances.contains { $0.keyed?.hearsTouchMessages ?? true }
        seeTouchEvents =
            !responderEvents.isEmpty || conformances.contains { $0.keyed?.seesTouchEvents ?? true }
        overrideNextResponders = conformances.contains { $0.keyed?.overridesNextResponder ?? true }
    }
}

extension Dispatcher {
    /// Registers a closure run when the responder named `name` (a view id, a view
    /// controller name, the application's or its delegate's class name) receives a touch
    /// message. A non-nil answer overrides the scene's handling for that message; when
    /// several closures answer, the last registered non-nil answer wins.
    public func onTouches(
        of name: String, _ body: @escaping (TouchMessage, Touch) -> TouchHandling?
    ) {
        inFlight.handlers.responders[name, default: []].append(body)
    }

    /// Registers a closure run when the recognizer `id` fires its action.
    public func onGestureAction(_ id: String, _ body: @escaping (GestureInfo) -> Void) {
        inFlight.handlers.gestures[id, default: []].append(body)
    }

    /// Registers a closure run when a control fires the target action named `action`;
    /// it receives the control's id, the event and the touch.
    public func onControlAction(
        _ action: String, _ body: @escaping (String, ControlEvent, Touch) -> Void
    ) {
        inFlight.handlers.controlActions[action, default: []].append(body)
    }

    /// Registers a conformance; it is kept (strongly) for the dispatcher's life.
    public func addHandler(_ handler: any DispatchHandler) {
        inFlight.handlers.conformances.append(_Conformance(handler))
    }

    /// Reads again what the keyed handlers ask to hear (`hearsTouchMessages` and the
    /// other flags of `_KeyedDispatchHandler`), for a host whose answers change after
    /// the handler is added (the C API when its callbacks are set).
    package func handlersChanged() {
        inFlight.handlers.refresh()
    }

    /// Asks the handlers what the responder does with the message; nil when none answer.
    func askResponder(
        _ link: _ChainLink, _ message: TouchMessage, _ touch: Touch, touchView: ViewHandle?,
        event: TouchEvent
    ) -> TouchHandling? {
        let name = link.name
        var answer: TouchHandling?
        // Hosts that register conformances only (the C API) have no closures: a lookup
        // would hash the name for nothing, on every link of every message.
        if !inFlight.handlers.responders.isEmpty {
            for h in inFlight.handlers.responders[name] ?? [] {
                if let a = h(message, touch) { answer = a }
            }
        }
        if !inFlight.handlers.responderEvents.isEmpty {
            for h in inFlight.handlers.responderEvents[name] ?? [] {
                if let a = h(message, touch, event) { answer = a }
            }
        }
        for h in inFlight.handlers.conformances {
            let a: TouchHandling?
            if let k = h.keyed {
                guard k.hearsTouchMessages else { continue }
                a = k.responder(
                    link.responderLink, view: link.view, received: message, touch: touch,
                    touchView: touchView, event: event)
            } else {
                a = h.handler.responder(name, received: message, touch: touch, event: event)
            }
            if let a { answer = a }
        }
        return answer
    }

    func notifyGestureAction(_ info: GestureInfo) {
        for h in inFlight.handlers.gestures[info.id] ?? [] { h(info) }
        for h in inFlight.handlers.conformances { h.handler.gestureAction(info) }
    }

    func notifyControlAction(_ action: String, _ control: String, _ event: ControlEvent, _ t: Touch)
    {
        for h in inFlight.handlers.controlActions[action] ?? [] { h(control, event, t) }
        for h in inFlight.handlers.conformances {
            h.handler.controlAction(action, control: control, event: event, touch: t)
        }
    }
}

/// The delegate questions (`rule-recognizer-attempt`, `rule-recognizer-simultaneity`), each
/// answered from the scene's settings and then the registered conformances (the last non-nil answer
/// wins; for simultaneity and failure requirements any true answer adds to the scene's lists).
extension Dispatcher {
    func shouldReceive(_ r: RecognizerID, _ touch: Touch, touchView: ViewHandle?) -> Bool {
        var answer = inFlight.recognizers.gesture[r].shouldReceiveTouch
        // The `GestureInfo` is made only for a handler that asks by name, as in
        // `shouldBegin`: a keyed handler is asked by key alone.
        for h in inFlight.handlers.conformances {
            let a: Bool?
            if let k = h.keyed {
                a = k.gesture(
                    inFlight.recognizers.key(of: r), shouldReceive: touch, touchView: touchView)
            } else {
                a = h.handler.gesture(info(of: r), shouldReceive: touch)
            }
            if let a { answer = a }
        }
        return answer
    }

    func shouldBegin(_ r: RecognizerID) -> Bool {
        var answer = inFlight.recognizers.gesture[r].shouldBegin
        // The `GestureInfo` is made only for a handler that asks by name (once for each,
        // not kept in an optional that every call would pay to destroy): a keyed handler
        // is asked by key alone.
        for h in inFlight.handlers.conformances {
            let a: Bool?
            if let k = h.keyed {
                a = k.gestureShouldBegin(inFlight.recognizers.key(of: r))
            } else {
                a = h.handler.gestureShouldBegin(info(of: r))
            }
            if let a { answer = a }
        }
        return answer
    }

    func allowsSimultaneous(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
        if inFlight.recognizers.allowsSimultaneous(a, b) { return true }
        for h in inFlight.handlers.conformances {
            if let k = h.keyed {
                let ka = inFlight.recognizers.key(of: a)
                let kb = inFlight.recognizers.key(of: b)
                if k.gesture(ka, shouldRecognizeSimultaneouslyWith: kb)
                    || k.gesture(kb, shouldRecognizeSimultaneouslyWith: ka)
                {
                    return true
                }
            } else {
                let ga = inFlight.recognizers.gesture[a].id
                let gb = inFlight.recognizers.gesture[b].id
                if h.handler.gesture(ga, shouldRecognizeSimultaneouslyWith: gb)
                    || h.handler.gesture(gb, shouldRecognizeSimultaneouslyWith: ga)
                {
                    return true
                }
            }
        }
        return false
    }
}

/// A recognizer by where it lives: the view it is attached to and its id there (ids
/// need not be unique across the views of a store the C API builds).
package struct GestureKey: Hashable, Sendable {
    package var view: ViewHandle
    package var name: String

    package init(view: ViewHandle, name: String) {
        self.view = view
        self.name = name
    }

    /// By the view alone: a view carries few recognizers, so the equality check sorts
    /// them out, and a touch's lookups skip hashing the name's characters.
    package func hash(into hasher: inout Hasher) { hasher.combine(view) }
}

/// A handler that names views and recognizers by handle, not by id: the C API's, whose
/// views' names may repeat. The dispatcher asks these methods instead of their by-name
/// twins of `DispatchHandler`.
package protocol _KeyedDispatchHandler: DispatchHandler {
    func gestureShouldBegin(_ gesture: GestureKey) -> Bool?
    func gesture(_ gesture: GestureKey, shouldReceive touch: Touch, touchView: ViewHandle?) -> Bool?
    func gesture(_ gesture: GestureKey, shouldRecognizeSimultaneouslyWith other: GestureKey) -> Bool
    func gesture(_ gesture: GestureKey, shouldRequireFailureOf other: GestureKey) -> Bool
    func gesture(_ gesture: GestureKey, shouldBeRequiredToFailBy other: GestureKey) -> Bool
    /// `view` is the link's view (a view controller's root view); nil for the application.
    func nextResponder(of link: ResponderLink, view: ViewHandle?) -> ViewHandle?
    /// `event` holds the call's touches when `seesTouchEvents`, nothing otherwise.
    func responder(
        _ link: ResponderLink, view: ViewHandle?, received message: TouchMessage, touch: Touch,
        touchView: ViewHandle?, event: TouchEvent
    ) -> TouchHandling?
    /// Whether it wants `gestureAction(_:)` (a by-name hook that costs a `GestureInfo`
    /// per action) and the touch sets of a call (`TouchEvent`, built per message): a host
    /// that reads the log instead answers false and pays for neither. These four flags
    /// are read when the handler is added and again at `Dispatcher.handlersChanged()`.
    var hearsGestureActions: Bool { get }
    var seesTouchEvents: Bool { get }
    /// Whether `nextResponder(of:view:)` can answer: false spares asking it for each link
    /// of each chain a touch takes.
    var overridesNextResponder: Bool { get }
    /// Whether `responder(_:view:received:touch:touchView:event:)` can answer: false
    /// spares asking it for each link of each message.
    var hearsTouchMessages: Bool { get }
    // `ScrollViewHandler` and `ControlTrackingHandler` by handle.
    func scrollView(_ scrollView: ViewHandle, touchesShouldBegin touch: Touch, in view: ViewHandle)
        -> Bool?
    func scrollView(_ scrollView: ViewHandle, touchesShouldCancelIn view: ViewHandle) -> Bool?
    func scrollViewWillEndDragging(
        _ scrollView: ViewHandle, withVelocity velocity: Point, targetContentOffset: Point
    ) -> Point?
    func beginTracking(_ control: ViewHandle, touch: Touch) -> Bool?
    func continueTracking(_ control: ViewHandle, touch: Touch) -> Bool?
    func endTracking(_ control: ViewHandle, touch: Touch)
    func cancelTracking(_ control: ViewHandle, touch: Touch)
}

extension _ChainLink {
    /// The link's view: the view, or a view controller's root view.
    var view: ViewHandle? {
        switch kind {
        case .view, .viewController: handle
        case .application, .applicationDelegate: nil
        }
    }
}
