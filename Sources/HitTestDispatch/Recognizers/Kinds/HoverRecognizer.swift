import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

/// `hover` (`rule-recognizer-hover`, UIKit's `UIHoverGestureRecognizer`: "interprets
/// pointer movement over a view", began when the pointer enters, changed as it moves,
/// ended when it leaves; continuous). It takes no touches: the dispatcher drives it from
/// the frames' pointer input (`Dispatcher.movePointer`), so every touch method here does
/// nothing. Reports the pointer's screen location.
struct _HoverLogic: _GestureKindLogic {
    var location: Point?

    mutating func began(_ c: _TouchChange, _ out: inout _KindOutput) {}
    mutating func moved(_ c: _TouchChange, _ out: inout _KindOutput) {}
    mutating func ended(_ c: _TouchChange, _ out: inout _KindOutput) {}
    mutating func timer(
        tag: Int, time: Double, downCount: Int, state: GestureState, _ out: inout _KindOutput
    ) {}

    var report: GestureReport { GestureReport(location: location) }
}

extension Dispatcher {
    /// The pointer of a frame (`rule-recognizer-hover`): hit-tested at every change, as a
    /// pointer is not bound to a view the way a touch is. Every enabled hover recognizer
    /// on the view under it or an ancestor is inside; one that was not wants to begin (an
    /// attempt: failure requirements and `shouldBegin` apply), one that was and saw the
    /// pointer move changes, and one that has begun and is no longer inside (or the
    /// pointer went away) ends. Resolved in delivery order, after the frame's touches.
    func movePointer(_ input: PointerInput, at t: Double) {
        var location: Point?
        var hit: ViewHandle?
        if case .at(let p) = input {
            location = p
            hit = world.hitTest(p)?.view
        }
        let moved = location != inFlight.pointer
        inFlight.pointer = location
        // The hover recognizers on the view under the pointer and its ancestors join the
        // members (those already in progress are members).
        var view = hit
        if let h = hit {
            var depth = world.depth(of: h)
            while let v = view {
                forEachAttached(to: v) { g, slot in
                    if g.kind.isHover && g.enabled { _ = meet(g, slot: slot, on: v, depth: depth) }
                }
                view = world.superview(of: v)
                depth -= 1
            }
        }
        var wishes = _FrameScratch.take(&inFlight.scratch.hoverWishes)
        defer { swap(&wishes, &inFlight.scratch.hoverWishes) }
        for ri in inFlight.recognizers.ranked where inFlight.recognizers.gesture[ri].kind.isHover {
            let state = inFlight.recognizers.states[ri]
            let view = inFlight.recognizers.view[ri]
            let inside =
                inFlight.recognizers.gesture[ri].enabled
                && hit.map { $0 == view || isStrictAncestor(view, of: $0) } == true
            if inside && (state == .possible || (state.isInProgress && moved)),
                case .hover(var h) = inFlight.recognizers.logic[ri]
            {
                h.location = location
                inFlight.recognizers.logic[ri] = .hover(h)
            }
            switch (state, inside) {
            case (.possible, true) where !inFlight.isWaiting(ri): wishes.append((ri, .begin))
            case (.began, true), (.changed, true): if moved { wishes.append((ri, .change)) }
            case (.began, false), (.changed, false): wishes.append((ri, .end))
            // An attempt still waiting on a failure requirement when the pointer left.
            case (.possible, false) where inFlight.isWaiting(ri): wishes.append((ri, .fail))
            default: break
            }
        }
        if !wishes.isEmpty { resolve(wishes, at: t) }
    }
}

extension GestureKind {
    /// Whether the kind is `hover`: a match on the case, where `== .hover` would call the
    /// whole comparison of two kinds. Defined here, beside its callers, so that the
    /// optimizer sees through it (from the scene module it was an opaque call that made
    /// the pointer's walk copy each recognizer's settings).
    var isHover: Bool {
        if case .hover = self { true } else { false }
    }
}
