import HitTestScene
@_spi(Tables) import HitTestStore

// What responders see beyond one touch: chains whose `next` the scene or the host
// overrides (`rule-responder-next-override`), and the touch sets of a call
// (`rule-responder-touch-sets`).

/// What a responder's touch message carries besides the touch itself: UIKit's
/// `touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?)`.
public struct TouchEvent: Hashable, Sendable {
    /// Every touch the responder is sent this message for in this call (the `touches`
    /// set), in the order the touches began; the touch being delivered is among them.
    public var touches: [Touch]
    /// The event's `allTouches`: every touch down now, and the call's touches (which may
    /// have lifted), in the order they began.
    public var allTouches: [Touch]

    /// An event with the call's touches and all touches.
    public init(touches: [Touch], allTouches: [Touch]) {
        self.touches = touches
        self.allTouches = allTouches
    }
}

/// The view and message a call is made for.
struct _CallKey: Hashable {
    var view: ViewHandle
    var message: TouchMessage
}

extension Dispatcher {
    /// Registers a closure run when the responder named `name` receives a touch message,
    /// with the event of the call: its set of touches and `allTouches`
    /// (`rule-responder-touch-sets`). A non-nil answer overrides the scene's handling, as
    /// with `onTouches(of:_:)`.
    public func onTouchesEvent(
        of name: String, _ body: @escaping (TouchMessage, Touch, TouchEvent) -> TouchHandling?
    ) {
        inFlight.handlers.responderEvents[name, default: []].append(body)
    }

    /// The responder chain of a view, with the view's and the host's overrides of `next`
    /// applied (`rule-responder-next-override`), appended to `out` (empty; a touch
    /// record's list, reused with its capacity). A link seen twice ends the chain (UIKit
    /// would loop for ever). O(chain) per override followed.
    func responderChain(of view: ViewHandle, into out: inout [_ChainLink]) {
        // The links the world gives, from `k` on: the dispatcher's list, kept with its
        // capacity.
        var chain = _FrameScratch.take(&inFlight.scratch.responders)
        defer { swap(&chain, &inFlight.scratch.responders) }
        world.responders(of: view, into: &chain)
        var k = 0
        var seen: Set<_LinkIdentity> = []
        // Asked once per chain, not per link.
        let askHandlers = inFlight.handlers.overrideNextResponders
        while k < chain.count {
            let r = chain[k]
            // Each link's view is asked for its settings once: its handling and its `next`.
            let link: _ChainLink
            var next: String?
            switch r {
            case .view(let v):
                let e = world.chainSettings(of: v)
                link = .view(v, name: world.id(of: v), handling: e?.touches ?? .forward)
                next = e?.next
            case .viewController(let c):
                let e = world.chainSettings(of: c.root)
                link = .viewController(
                    c.name, root: c.root, handling: e?.viewControllerTouches ?? .forward)
                next = e?.viewControllerNext
            case .application(let name), .applicationDelegate(let name):
                link = .other(r.kind, name: name)
            }
            guard Self.isNew(link, in: out, seen: &seen) else { return }
            out.append(link)
            if let target = nextOverride(of: link, settings: next, askHandlers: askHandlers) {
                chain.removeAll()
                world.responders(of: target, into: &chain)
                k = 0
            } else {
                k += 1
            }
        }
    }

    /// Whether `link` is not yet in `chain`: found by a scan while the chain is short, by
    /// the set `seen` past that. A static function, not a closure over `seen`: a closure
    /// that captures a variable has each of its accesses checked at run time.
    private static func isNew(
        _ link: _ChainLink, in chain: [_ChainLink], seen: inout Set<_LinkIdentity>
    ) -> Bool {
        if chain.count < 32 && seen.isEmpty {
            if link.kind == .view {
                for i in chain.indices
                where chain[i].kind == .view && chain[i].handle == link.handle {
                    return false
                }
            } else {
                for i in chain.indices where chain[i].kind != .view && chain[i].name == link.name {
                    return false
                }
            }
            return true
        }
        if seen.isEmpty { seen = Set(chain.map(_LinkIdentity.init)) }
        return seen.insert(_LinkIdentity(link)).inserted
    }

    /// The view that follows `link` instead of its default next responder: the host's
    /// answer, else the view's `next` / its view controller's `viewControllerNext`
    /// (`settings`). An answer naming no view of the world is ignored. Handlers are asked
    /// only when `askHandlers` (`_Handlers.overrideNextResponders`).
    private func nextOverride(of link: _ChainLink, settings: String?, askHandlers: Bool)
        -> ViewHandle?
    {
        if link.kind == .application || link.kind == .applicationDelegate { return nil }
        var answer = settings.flatMap(world.view(withID:))
        if !askHandlers { return answer }
        for h in inFlight.handlers.conformances {
            if let k = h.keyed {
                guard k.overridesNextResponder else { continue }
                if let a = k.nextResponder(of: link.responderLink, view: link.view), world.isLive(a)
                {
                    answer = a
                }
            } else if let a = h.handler.nextResponder(of: link.name).flatMap(world.view(withID:)) {
                answer = a
            }
        }
        return answer
    }

    /// The calls the messages `releaseHeld` is about to deliver make: each (view,
    /// message) with its touches in order. Delivery changes no recognizer, so what is held
    /// now is what stays held.
    func pendingCalls() -> [_CallKey: [TouchID]] {
        var out: [_CallKey: [TouchID]] = [:]
        for k in inFlight.records.values.indices {
            let serial = inFlight.records.values[k].serial
            guard let view = inFlight.records.values[k].viewHandle else { continue }
            for item in inFlight.records.values[k].held {
                if isHeld(serial, item.message) { break }
                let key = _CallKey(view: view, message: item.message)
                if out[key]?.last != serial { out[key, default: []].append(serial) }
            }
        }
        return out
    }

    /// The `touchesCancelled` calls a recognizer that takes its touches makes: its touches
    /// whose view has been sent `touchesBegan`, by view.
    func cancellationCalls(of ri: RecognizerID) -> [_CallKey: [TouchID]] {
        var out: [_CallKey: [TouchID]] = [:]
        for serial in inFlight.recognizers.touches[ri].sorted() {
            guard let k = inFlight.records.index(of: serial),
                let view = inFlight.records.values[k].viewHandle,
                !inFlight.records.values[k].excludedFromView, !inFlight.records.values[k].viewDone,
                inFlight.records.values[k].viewSentBegan
            else { continue }
            out[_CallKey(view: view, message: .touchesCancelled), default: []].append(serial)
        }
        return out
    }

    /// The event a responder sees with one message of a touch. Built only when a handler
    /// can see it (a conformance or an `onTouchesEvent` closure); empty otherwise, so that
    /// a host without handlers pays nothing for it.
    func touchEvent(for serial: TouchID, view: ViewHandle, message: TouchMessage, touch: Touch)
        -> TouchEvent
    {
        if !inFlight.handlers.seeTouchEvents { return TouchEvent(touches: [], allTouches: []) }
        var call = inFlight.calls[_CallKey(view: view, message: message)] ?? [serial]
        if !call.contains(serial) { call = [serial] }
        let inCall = Set(call)
        var all: [Touch] = []
        for k in inFlight.records.values.indices {
            let s = inFlight.records.values[k].serial
            guard inFlight.records.values[k].isDown || inCall.contains(s) else { continue }
            all.append(s == serial ? touch : inFlight.records.values[k].touch)
        }
        let touches = call.map {
            $0 == serial ? touch : inFlight.records.values[inFlight.records.index(of: $0)!].touch
        }
        return TouchEvent(touches: touches, allTouches: all)
    }
}

/// What makes two links of a chain the same responder: a view by handle, any other by
/// name.
struct _LinkIdentity: Hashable {
    var view: ViewHandle
    var name: String

    init(_ link: _ChainLink) {
        if link.kind == .view {
            view = link.handle
            name = ""
        } else {
            view = .null
            name = link.name
        }
    }
}
