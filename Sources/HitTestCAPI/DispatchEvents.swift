import CHitTestShim
import HitTestDispatch
import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

// The Swift dispatcher's log as C events, and the host's C callbacks as a
// `DispatchHandler`. Names and ids only: what happened is the Swift dispatcher's.

/// The events of the last call: one array and one block of NUL-terminated names, owned
/// here and refilled by the next call, in the host's allocator hooks (`HostList`). Both
/// keep their capacity, so a call in steady state allocates nothing. A C dispatcher holds
/// it in an `_Unchecked` of its own (`_CDispatcher.events`).
struct _EventBuffer: ~Copyable {
    /// The last call's log entries and their views, as the events hold them (for
    /// htDispatcher_FormatEvent), kept with their capacity for the next call.
    var log = HostList<DispatchLogEntry>()
    var logViews = HostList<ViewHandle>()
    private(set) var events = HostList<htDispatchEvent>()
    private var text = HostList<CChar>()
    /// Each event's name as an offset into `text` (-1: none), until `finish`.
    private var nameOffsets = HostList<Int>()

    var count: Int32 { Int32(events.count) }

    mutating func clear() {
        log.removeAll()
        logViews.removeAll()
        events.removeAll()
        text.removeAll()
        nameOffsets.removeAll()
    }

    /// Adds an event with its name (nil: NULL).
    mutating func append(_ e: htDispatchEvent, name: String?) {
        events.append(e)
        var offset = -1
        if var name {
            offset = text.count
            name.withUTF8 { u in
                if let bytes = u.baseAddress {
                    bytes.withMemoryRebound(to: CChar.self, capacity: u.count) {
                        text.append(copying: $0, count: u.count)
                    }
                }
            }
            text.append(0)
        }
        nameOffsets.append(offset)
    }

    /// Points each event's name into the text block, which no longer moves.
    mutating func finish() {
        guard let names = text.baseAddress else { return }
        for k in events.indices {
            let o = nameOffsets[k]
            events[k].name = o < 0 ? nil : UnsafePointer(names + o)
        }
    }
}

extension TouchMessage {
    var cValue: Int32 {
        switch self {
        case .touchesBegan: HT_MESSAGE_TOUCHES_BEGAN
        case .touchesMoved: HT_MESSAGE_TOUCHES_MOVED
        case .touchesEnded: HT_MESSAGE_TOUCHES_ENDED
        case .touchesCancelled: HT_MESSAGE_TOUCHES_CANCELLED
        }
    }
}

extension TouchPhase {
    var cValue: Int32 {
        switch self {
        case .began: HT_PHASE_BEGAN
        case .moved: HT_PHASE_MOVED
        case .stationary: HT_PHASE_STATIONARY
        case .ended: HT_PHASE_ENDED
        case .cancelled: HT_PHASE_CANCELLED
        }
    }

    init?(cValue: Int32) {
        switch cValue {
        case HT_PHASE_BEGAN: self = .began
        case HT_PHASE_MOVED: self = .moved
        case HT_PHASE_STATIONARY: self = .stationary
        case HT_PHASE_ENDED: self = .ended
        case HT_PHASE_CANCELLED: self = .cancelled
        default: return nil
        }
    }
}

extension GestureState {
    var cValue: Int32 {
        switch self {
        case .possible: HT_STATE_POSSIBLE
        case .began: HT_STATE_BEGAN
        case .changed: HT_STATE_CHANGED
        case .ended: HT_STATE_ENDED
        case .cancelled: HT_STATE_CANCELLED
        case .failed: HT_STATE_FAILED
        case .recognized: HT_STATE_RECOGNIZED
        }
    }
}

extension ControlEvent {
    /// HT_CONTROL_* are the cases' positions.
    var cValue: Int32 { Int32(ControlEvent.allCases.firstIndex(of: self)!) }

    init?(cValue: Int32) {
        guard cValue >= 0 && Int(cValue) < ControlEvent.allCases.count else { return nil }
        self = ControlEvent.allCases[Int(cValue)]
    }
}

extension TouchHandling {
    init?(cValue: Int32) {
        switch cValue {
        case HT_TOUCHES_FORWARD: self = .forward
        case HT_TOUCHES_HANDLE: self = .handle
        case HT_TOUCHES_HANDLE_AND_FORWARD: self = .handleAndForward
        default: return nil
        }
    }
}

extension _CDispatcher {
    /// Moves the Swift dispatcher's new log entries into the event buffer, each with its
    /// view's id (`Dispatcher.logViews`); the entries stay in `events.log` for
    /// htDispatcher_FormatEvent.
    func publish() {
        events.value.clear()
        swift.moveLog(into: &events.value.log, views: &events.value.logViews)
        var previous = htDispatchEvent()
        for k in events.value.log.indices {
            let entry = events.value.log[k]
            let h = events.value.logViews[k]
            var e = htDispatchEvent()
            e.time = entry.time
            e.view = world.viewID(h)
            var name: String?
            switch entry {
            case .delivery(_, let touch, let to, let message):
                e.type = HT_EVENT_DELIVERY
                e.touch = Int64(touch)
                e.message = message.cValue
                name = to.name
                if case .gesture(let g, _) = to {
                    e.gesture = gestureID(GestureKey(view: h, name: g)) ?? htGestureId()
                }
            case .state(_, let g, let state):
                e.type = HT_EVENT_STATE
                e.gesture = gestureID(GestureKey(view: h, name: g)) ?? htGestureId()
                e.view = htViewId()
                e.state = state.cValue
                name = g
            case .action(_, let n, let report):
                e.type = HT_EVENT_ACTION
                if let g = gestureID(GestureKey(view: h, name: n)) {
                    e.gesture = g
                    e.view = htViewId()
                    if let report { e.report = report.cValue }
                } else {
                    // A control's action follows its control event.
                    e.view = k > 0 && previous.type == HT_EVENT_CONTROL ? previous.view : htViewId()
                }
                name = n
            case .control(_, let control, let event):
                e.type = HT_EVENT_CONTROL
                e.controlEvent = event.cValue
                name = control
            case .highlight(_, let control, let on):
                e.type = HT_EVENT_HIGHLIGHT
                e.state = on ? 1 : 0
                name = control
            case .scrollOffset(_, let id, let p):
                e.type = HT_EVENT_SCROLL
                e.contentOffset = htVec2(x: p.x, y: p.y)
                name = id
            case .scrollView(_, let touch, let id, let decision):
                e.type = HT_EVENT_SCROLL_DECISION
                e.touch = Int64(touch)
                e.state = decision.cValue
                name = id
            case .scrollEvent(_, let id, let event):
                e.type = HT_EVENT_SCROLL_EVENT
                e.state = event.cValue
                switch event {
                case .scrollViewWillEndDragging(let v, let target):
                    e.velocity = htVec2(x: v.x, y: v.y)
                    e.contentOffset = htVec2(x: target.x, y: target.y)
                case .scrollViewDidEndDragging(let decelerate):
                    e.willDecelerate = decelerate
                case .scrollViewDidZoom(let scale), .scrollViewDidEndZooming(let scale):
                    e.zoomScale = scale
                default:
                    break
                }
                name = id
            }
            events.value.append(e, name: name)
            previous = e
        }
        events.value.finish()
    }

    func cTouch(_ t: Touch, view: ViewHandle?) -> htTouch {
        htTouch(
            id: Int64(t.id), phase: t.phase.cValue,
            view: view.map(world.viewID) ?? htViewId(),
            location: htVec2(x: t.location.x, y: t.location.y),
            previousLocation: htVec2(x: t.previousLocation.x, y: t.previousLocation.y),
            tapCount: Int32(clamping: t.tapCount), beganAt: t.beganAt)
    }
}

/// The host's C callbacks, asked by the Swift dispatcher as a handler that names views
/// and recognizers by handle.
final class _CallbackHandler: _KeyedDispatchHandler {
    /// Not counted: the owner keeps the Swift dispatcher that keeps this handler, and
    /// only calls through the owner reach it, so the owner outlives every call. A
    /// counted `unowned` reference cost an atomic retain and release on each callback.
    unowned(unsafe) let owner: _CDispatcher

    init(_ owner: _CDispatcher) { self.owner = owner }

    var c: htDispatchCallbacks { owner.state.value.callbacks }

    func gestureShouldBegin(_ gesture: GestureKey) -> Bool? {
        guard let f = c.shouldBegin, let g = owner.gestureID(gesture) else { return nil }
        return f(g, c.context)
    }

    func gesture(_ gesture: GestureKey, shouldReceive touch: Touch, touchView: ViewHandle?)
        -> Bool?
    {
        guard let f = c.shouldReceiveTouch, let g = owner.gestureID(gesture) else { return nil }
        var t = owner.cTouch(touch, view: touchView)
        return f(g, &t, c.context)
    }

    private func pair(
        _ f: (@convention(c) (htGestureId, htGestureId, UnsafeMutableRawPointer?) -> Bool)?,
        _ a: GestureKey, _ b: GestureKey
    ) -> Bool {
        guard let f, let x = owner.gestureID(a), let y = owner.gestureID(b) else { return false }
        return f(x, y, c.context)
    }

    func gesture(_ gesture: GestureKey, shouldRecognizeSimultaneouslyWith other: GestureKey)
        -> Bool
    { pair(c.shouldRecognizeSimultaneously, gesture, other) }

    func gesture(_ gesture: GestureKey, shouldRequireFailureOf other: GestureKey) -> Bool {
        pair(c.shouldRequireFailureOf, gesture, other)
    }

    func gesture(_ gesture: GestureKey, shouldBeRequiredToFailBy other: GestureKey) -> Bool {
        pair(c.shouldBeRequiredToFailBy, gesture, other)
    }

    func nextResponder(of link: ResponderLink, view: ViewHandle?) -> ViewHandle? {
        guard let f = c.nextResponder else { return nil }
        let next = link.name.withCString { cName in
            var r = htResponder(view: responderView(link, view), name: cName)
            return f(&r, c.context)
        }
        guard next.index1 != 0, next.world0 == owner.world.slot,
            next.revision == owner.world.revision
        else { return nil }
        let h = ViewHandle(index: next.index1, generation: next.generation)
        return owner.world.store.isValid(h) ? h : nil
    }

    /// The C host hears actions through the events, not a callback.
    var hearsGestureActions: Bool { false }
    /// Only a `touchesHandling` callback is given the call's touches.
    var seesTouchEvents: Bool { c.touchesHandling != nil }
    var overridesNextResponder: Bool { c.nextResponder != nil }
    var hearsTouchMessages: Bool { c.touchesHandling != nil || c.touchHandling != nil }

    func responder(
        _ link: ResponderLink, view: ViewHandle?, received message: TouchMessage, touch: Touch,
        touchView: ViewHandle?, event: TouchEvent
    ) -> TouchHandling? {
        let c = self.c
        if let f = c.touchesHandling {
            // The call's touches, in the order they began; the delivered one among them.
            var touches = event.touches.map { owner.cTouch($0, view: touchView) }
            if touches.isEmpty { touches = [owner.cTouch(touch, view: touchView)] }
            let index = event.touches.firstIndex { $0.id == touch.id } ?? 0
            return link.name.withCString { cName in
                var r = htResponder(view: responderView(link, view), name: cName)
                return touches.withUnsafeBufferPointer { b in
                    TouchHandling(
                        cValue: f(
                            &r, message.cValue, b.baseAddress, Int32(b.count), Int32(index),
                            c.context))
                }
            }
        }
        guard let f = c.touchHandling else { return nil }
        var t = owner.cTouch(touch, view: touchView)
        return link.name.withCString { cName in
            var r = htResponder(view: responderView(link, view), name: cName)
            return TouchHandling(cValue: f(&r, message.cValue, &t, c.context))
        }
    }

    /// The view id a responder callback is given: the view's; null for a view
    /// controller, the application and its delegate.
    private func responderView(_ link: ResponderLink, _ view: ViewHandle?) -> htViewId {
        guard case .view = link, let view else { return htViewId() }
        return owner.world.viewID(view)
    }
}
