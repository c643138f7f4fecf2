import CHitTestShim
import HitTestDispatch
import HitTestGeometry
import HitTestScene

// The Swift dispatcher's log as C events, and the host's C callbacks as a
// `DispatchHandler`. Names and ids only: what happened is the Swift dispatcher's.

/// The events of the last call: one array and one block of NUL-terminated names, owned
/// here and replaced by the next call.
final class _EventBuffer {
    private(set) var events: UnsafeMutablePointer<htDispatchEvent>?
    private(set) var count: Int32 = 0
    private var text: UnsafeMutablePointer<CChar>?

    func clear() {
        events?.deallocate()
        text?.deallocate()
        events = nil
        text = nil
        count = 0
    }

    deinit { clear() }

    /// Replaces the events; each `names[i]` becomes `events[i].name` (nil: NULL).
    func set(_ list: [htDispatchEvent], names: [String?]) {
        clear()
        guard !list.isEmpty else { return }
        var bytes: [CChar] = []
        var offsets: [Int] = []
        for n in names {
            offsets.append(bytes.count)
            guard let n else { continue }
            bytes.append(contentsOf: n.utf8.map { CChar(bitPattern: $0) })
            bytes.append(0)
        }
        let e = UnsafeMutablePointer<htDispatchEvent>.allocate(capacity: list.count)
        e.initialize(from: list, count: list.count)
        let t = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
        t.initialize(from: bytes, count: bytes.count)
        for i in list.indices where names[i] != nil {
            e[i].name = UnsafePointer(t + offsets[i])
        }
        events = e
        text = t
        count = Int32(list.count)
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
    /// Moves the Swift dispatcher's new log entries into the event buffer.
    func publish(_ log: [DispatchLogEntry]) {
        var list: [htDispatchEvent] = []
        var names: [String?] = []
        list.reserveCapacity(log.count)
        for entry in log {
            var e = htDispatchEvent()
            e.time = entry.time
            var name: String?
            switch entry {
            case .delivery(_, let touch, let to, let message):
                e.type = HT_EVENT_DELIVERY
                e.touch = Int64(touch)
                e.message = message.cValue
                switch to {
                case .gesture(let key, let view):
                    let g = gesture(key: key)
                    e.gesture = g?.id ?? htGestureId()
                    e.view = viewOfKey[view]?.id ?? htViewId()
                    name = g?.name ?? key
                case .responder(let n):
                    let v = viewOfKey[n]
                    e.view = v?.id ?? htViewId()
                    name = v?.name ?? n
                }
            case .state(_, let key, let state):
                e.type = HT_EVENT_STATE
                let g = gesture(key: key)
                e.gesture = g?.id ?? htGestureId()
                e.state = state.cValue
                name = g?.name ?? key
            case .action(_, let n):
                e.type = HT_EVENT_ACTION
                if let g = gesture(key: n) {
                    e.gesture = g.id
                    name = g.name
                } else {
                    // A control's action follows its control event.
                    e.view = list.last?.type == HT_EVENT_CONTROL ? list.last!.view : htViewId()
                    name = n
                }
            case .control(_, let control, let event):
                e.type = HT_EVENT_CONTROL
                let v = viewOfKey[control]
                e.view = v?.id ?? htViewId()
                e.controlEvent = event.cValue
                name = v?.name ?? control
            case .highlight(_, let control, let on):
                e.type = HT_EVENT_HIGHLIGHT
                let v = viewOfKey[control]
                e.view = v?.id ?? htViewId()
                e.state = on ? 1 : 0
                name = v?.name ?? control
            case .scrollOffset(_, let key, let p):
                e.type = HT_EVENT_SCROLL
                let v = viewOfKey[key]
                e.view = v?.id ?? htViewId()
                e.contentOffset = htVec2(x: p.x, y: p.y)
                name = v?.name ?? key
                mirrorContentOffset(key, p)
            case .scrollView(_, let touch, let key, let decision):
                e.type = HT_EVENT_SCROLL_DECISION
                let v = viewOfKey[key]
                e.touch = Int64(touch)
                e.view = v?.id ?? htViewId()
                e.state = decision.cValue
                name = v?.name ?? key
            }
            list.append(e)
            names.append(name)
        }
        events.set(list, names: names)
    }

    func cTouch(_ t: Touch) -> htTouch {
        htTouch(
            id: Int64(t.id), phase: t.phase.cValue,
            view: t.view.flatMap { viewOfKey[$0]?.id } ?? htViewId(),
            location: htVec2(x: t.location.x, y: t.location.y),
            previousLocation: htVec2(x: t.previousLocation.x, y: t.previousLocation.y),
            tapCount: Int32(clamping: t.tapCount), beganAt: t.beganAt)
    }
}

/// The host's C callbacks, asked by the Swift dispatcher as a handler would be.
final class _CallbackHandler: DispatchHandler {
    unowned let owner: _CDispatcher

    init(_ owner: _CDispatcher) { self.owner = owner }

    private var c: htDispatchCallbacks { owner.callbacks }

    func gestureShouldBegin(_ gesture: GestureInfo) -> Bool? {
        guard let f = c.shouldBegin, let g = owner.gesture(key: gesture.id) else { return nil }
        return f(g.id, c.context)
    }

    func gesture(_ gesture: GestureInfo, shouldReceive touch: Touch) -> Bool? {
        guard let f = c.shouldReceiveTouch, let g = owner.gesture(key: gesture.id) else {
            return nil
        }
        var t = owner.cTouch(touch)
        return f(g.id, &t, c.context)
    }

    func gesture(_ gesture: String, shouldRecognizeSimultaneouslyWith other: String) -> Bool {
        guard let f = c.shouldRecognizeSimultaneously, let a = owner.gesture(key: gesture),
            let b = owner.gesture(key: other)
        else { return false }
        return f(a.id, b.id, c.context)
    }

    func gesture(_ gesture: String, shouldRequireFailureOf other: String) -> Bool {
        guard let f = c.shouldRequireFailureOf, let a = owner.gesture(key: gesture),
            let b = owner.gesture(key: other)
        else { return false }
        return f(a.id, b.id, c.context)
    }

    func gesture(_ gesture: String, shouldBeRequiredToFailBy other: String) -> Bool {
        guard let f = c.shouldBeRequiredToFailBy, let a = owner.gesture(key: gesture),
            let b = owner.gesture(key: other)
        else { return false }
        return f(a.id, b.id, c.context)
    }

    func nextResponder(of name: String) -> String? {
        guard let f = c.nextResponder else { return nil }
        let v = owner.viewOfKey[name]
        let next = (v?.name ?? name).withCString { cName in
            var r = htResponder(view: v?.id ?? htViewId(), name: cName)
            return f(&r, c.context)
        }
        guard next.index1 != 0 else { return nil }
        let key = _CDispatcher.viewPrefix + "\(next.index1).\(next.generation)"
        guard let known = owner.viewOfKey[key], known.id.world0 == next.world0,
            known.id.revision == next.revision
        else { return nil }
        return key
    }

    func responder(_ name: String, received message: TouchMessage, touch: Touch)
        -> TouchHandling?
    {
        guard let f = c.touchHandling else { return nil }
        let v = owner.viewOfKey[name]
        var t = owner.cTouch(touch)
        return (v?.name ?? name).withCString { cName in
            var r = htResponder(view: v?.id ?? htViewId(), name: cName)
            return TouchHandling(cValue: f(&r, message.cValue, &t, c.context))
        }
    }
}
