import HitTestDispatch
import HitTestGenerators
import HitTestGeometry
import HitTestScene
import HitTestStore

/// One change a host makes to a live world (`rule-live-world`) between two frames, by view
/// id, so that a sequence can be printed with a failure. Applied to a `ViewStore` through
/// its own API (`LiveWorld.apply`), as a host would.
public enum LiveChange: Hashable, Sendable, CustomStringConvertible {
    case center(String, Point)
    case frame(String, Rect)
    case hidden(String, Bool)
    case alpha(String, Double)
    case interaction(String, Bool)
    /// A new view (its `subviews` are ignored) under a parent, at an index or on top.
    case add(SceneView, to: String, at: Int?)
    case remove(String)
    /// `ViewStore.moveView`: the same view (handle) under another parent.
    case move(String, to: String, at: Int?)
    case bringToFront(String)
    case sendToBack(String)
    /// Through `ViewStore.update`: a recognizer appended to the view's settings.
    case addGesture(String, SceneGesture)
    case removeGesture(String, gesture: String)
    case gestureEnabled(String, gesture: String, Bool)
    /// The recognizer replaced by one of another kind with the same id.
    case gestureKind(String, gesture: String, GestureKind)
    /// Any other setting of a recognizer: delays and cancels.
    case gestureDelays(String, gesture: String, began: Bool, ended: Bool, cancels: Bool)
    /// The view's control settings' `enabled` (a control is made when the view has none).
    case controlEnabled(String, Bool)
    case touchHandling(String, TouchHandling?)
    /// A scroll view's content size (a scroll view is made when the view is none).
    case contentSize(String, Size)

    public var description: String {
        func p(_ x: Point) -> String { "(\(x.x), \(x.y))" }
        func at(_ i: Int?) -> String { i.map { " at \($0)" } ?? " on top" }
        switch self {
        case .center(let id, let c): return "\(id).center = \(p(c))"
        case .frame(let id, let r):
            return "\(id).frame = [\(r.minX), \(r.minY), \(r.width), \(r.height)]"
        case .hidden(let id, let b): return "\(id).isHidden = \(b)"
        case .alpha(let id, let a): return "\(id).alpha = \(a)"
        case .interaction(let id, let b): return "\(id).isUserInteractionEnabled = \(b)"
        case .add(let v, let parent, let i): return "add \(v.id) to \(parent)\(at(i)): \(Scene.oneLine(v))"
        case .remove(let id): return "remove \(id)"
        case .move(let id, let parent, let i): return "move \(id) to \(parent)\(at(i))"
        case .bringToFront(let id): return "bring \(id) to front"
        case .sendToBack(let id): return "send \(id) to back"
        case .addGesture(let id, let g): return "\(id): add recognizer \(g.id) (\(g.kind))"
        case .removeGesture(let id, let g): return "\(id): remove recognizer \(g)"
        case .gestureEnabled(let id, let g, let b): return "\(id): \(g).enabled = \(b)"
        case .gestureKind(let id, let g, let k): return "\(id): \(g).kind = \(k)"
        case .gestureDelays(let id, let g, let b, let e, let c):
            return "\(id): \(g) delaysTouchesBegan \(b), delaysTouchesEnded \(e), cancelsTouchesInView \(c)"
        case .controlEnabled(let id, let b): return "\(id): control.enabled = \(b)"
        case .touchHandling(let id, let h): return "\(id).touches = \(h?.rawValue ?? "nil")"
        case .contentSize(let id, let z): return "\(id): scrollView.contentSize = (\(z.width), \(z.height))"
        }
    }
}

/// Random host changes to a live `ViewStore`, and the input streams that go with them, for
/// the live dispatcher's tests: every change a host may make between frames
/// (`rule-live-world`), with ids that stay unique so that the store's scene export is a
/// valid scene.
public enum LiveWorld {
    /// Applies a change through the store's API. Returns false, changing nothing, when it
    /// does not apply (a view it names is missing, a move into the view's own subtree, a
    /// window where a subview is needed).
    @discardableResult
    public static func apply(_ change: LiveChange, to store: ViewStore) -> Bool {
        func edit(_ id: String, _ body: (ViewHandle) -> Void) -> Bool {
            guard let h = store.view(withID: id) else { return false }
            body(h)
            return true
        }
        func isWindow(_ h: ViewHandle) -> Bool { store.superview(of: h) == nil }
        func gesture(_ id: String, _ g: String, _ body: (inout SceneGesture) -> Void) -> Bool {
            guard let h = store.view(withID: id),
                let k = store.events(of: h).gestures.firstIndex(where: { $0.id == g })
            else { return false }
            store.update(h) { body(&$0.events.gestures[k]) }
            return true
        }
        switch change {
        case .center(let id, let c): return edit(id) { store.setCenter($0, c) }
        case .frame(let id, let r): return edit(id) { store.setFrame($0, r) }
        case .hidden(let id, let b): return edit(id) { store.setHidden($0, b) }
        case .alpha(let id, let a): return edit(id) { store.setAlpha($0, a) }
        case .interaction(let id, let b): return edit(id) { store.setUserInteractionEnabled($0, b) }
        case .add(let v, let parent, let index):
            guard store.view(withID: v.id) == nil, let p = store.view(withID: parent) else {
                return false
            }
            if let index, index < 0 || index > store.subviews(of: p).count { return false }
            store.addView(ViewDefinition(v), to: p, at: index)
            return true
        case .remove(let id):
            guard let h = store.view(withID: id), !isWindow(h) else { return false }
            store.removeView(h)
            return true
        case .move(let id, let parent, let index):
            guard let h = store.view(withID: id), let p = store.view(withID: parent), !isWindow(h)
            else { return false }
            var a: ViewHandle? = p
            while let x = a {
                if x == h { return false }
                a = store.superview(of: x)
            }
            if let index {
                let room = store.subviews(of: p).count - (store.superview(of: h) == p ? 1 : 0)
                if index < 0 || index > room { return false }
            }
            store.moveView(h, to: p, at: index)
            return true
        case .bringToFront(let id): return edit(id) { store.bringToFront($0) }
        case .sendToBack(let id): return edit(id) { store.sendToBack($0) }
        case .addGesture(let id, let g):
            guard let h = store.view(withID: id),
                !store.events(of: h).gestures.contains(where: { $0.id == g.id })
            else { return false }
            store.update(h) { $0.events.gestures.append(g) }
            return true
        case .removeGesture(let id, let g):
            guard let h = store.view(withID: id),
                store.events(of: h).gestures.contains(where: { $0.id == g })
            else { return false }
            store.update(h) { $0.events.gestures.removeAll { $0.id == g } }
            return true
        case .gestureEnabled(let id, let g, let b): return gesture(id, g) { $0.enabled = b }
        case .gestureKind(let id, let g, let k): return gesture(id, g) { $0.kind = k }
        case .gestureDelays(let id, let g, let b, let e, let c):
            return gesture(id, g) {
                $0.delaysTouchesBegan = b
                $0.delaysTouchesEnded = e
                $0.cancelsTouchesInView = c
            }
        case .controlEnabled(let id, let b):
            return edit(id) { h in
                store.update(h) {
                    var c = $0.events.control ?? SceneControl()
                    c.enabled = b
                    $0.events.control = c
                }
            }
        case .touchHandling(let id, let t): return edit(id) { h in store.update(h) { $0.events.touches = t } }
        case .contentSize(let id, let z):
            return edit(id) { h in
                store.update(h) {
                    var s = $0.events.scrollView ?? SceneScrollView()
                    s.contentSize = z
                    $0.events.scrollView = s
                }
            }
        }
    }

    /// Every view of the store in pre-order (windows first in their order).
    public static func allViews(_ store: ViewStore) -> [ViewHandle] {
        var out: [ViewHandle] = []
        var stack = Array(store.windows.reversed())
        while let h = stack.popLast() {
            out.append(h)
            stack.append(contentsOf: store.subviews(of: h).reversed())
        }
        return out
    }

    /// A random change that applies to the store as it is. `serial` numbers the new ids
    /// (`L<serial>`, `L<serial>.g`), so that ids stay unique in the store.
    public static func randomChange(
        _ store: ViewStore, _ rng: inout SplitMix64, serial: inout Int
    ) -> LiveChange {
        let views = allViews(store)
        // Mostly views that dispatch does something with: recognizers, controls, scroll
        // views, handling.
        let busy = views.filter {
            let e = store.events(of: $0)
            return !e.gestures.isEmpty || e.control != nil || e.scrollView != nil || e.touches != nil
        }
        let h = !busy.isEmpty && rng.chance(0.6) ? rng.pick(busy) : rng.pick(views)
        let id = store.id(of: h)
        let e = store.events(of: h)
        let window = store.superview(of: h) == nil
        let parentSize = store.superview(of: h).map { store.geometry(of: $0).bounds.size }
            ?? store.screenSize
        func finite(_ x: Double, _ fallback: Double) -> Double {
            x.isFinite ? min(max(x, 0), 2000) : fallback
        }
        let pw = finite(parentSize.width, 390)
        let ph = finite(parentSize.height, 844)
        func newGesture(_ rng: inout SplitMix64) -> SceneGesture {
            serial += 1
            var g = SceneGesture(id: "L\(serial).g", kind: randomKind(&rng))
            g.cancelsTouchesInView = rng.below(4) != 0
            g.delaysTouchesBegan = rng.below(4) == 0
            g.delaysTouchesEnded = rng.below(4) != 0
            return g
        }
        switch rng.below(20) {
        case 0, 1:
            return .center(id, Point(x: rng.double(0, pw), y: rng.double(0, ph)))
        case 2:
            let w = rng.double(10, max(20, pw))
            let hh = rng.double(10, max(20, ph))
            return .frame(id, Rect(x: rng.double(-10, pw - w / 2), y: rng.double(-10, ph - hh / 2), width: w, height: hh))
        case 3: return .hidden(id, !store.definition(of: h).isHidden)
        case 4: return .alpha(id, rng.pick([0, 0.005, 0.3, 1]))
        case 5: return .interaction(id, !store.definition(of: h).isUserInteractionEnabled)
        case 6:
            serial += 1
            var v = SceneView(
                id: "L\(serial)", className: rng.pick(["UIView", "UIView", "UIButton", "UIScrollView"]),
                placement: .frame(
                    Rect(x: rng.double(0, pw * 0.7), y: rng.double(0, ph * 0.7), width: rng.double(20, max(30, pw)), height: rng.double(20, max(30, ph)))))
            var ev = ViewEventSettings()
            if rng.chance(0.7) { ev.gestures.append(newGesture(&rng)) }
            if rng.chance(0.4) { ev.touches = rng.pick([.forward, .handle, .handleAndForward]) }
            if v.className == "UIButton" {
                ev.control = SceneControl(
                    enabled: true, trackingSlop: 10,
                    actions: [ControlAction(event: .touchUpInside, action: "L\(serial).up")])
            }
            if v.className == "UIScrollView" {
                var s = SceneScrollView()
                s.contentSize = Size(width: pw * 2, height: ph * 2)
                ev.scrollView = s
            }
            v.events = ev
            let count = store.subviews(of: h).count
            return .add(v, to: id, at: rng.chance(0.5) ? nil : rng.int(0...count))
        case 7:
            if window { return .bringToFront(id) }
            return .remove(id)
        case 8:
            let targets = views.filter { t in
                var a: ViewHandle? = t
                while let x = a {
                    if x == h { return false }
                    a = store.superview(of: x)
                }
                return true
            }
            // Not a view some view redirects into: `moveView` leaves that view's box stale
            // (see LiveWorldParityTests.movedRedirectTargetBox).
            let redirected = views.contains { v in
                guard var t = store.redirect(of: v) else { return false }
                while true {
                    if t == h { return true }
                    guard let up = store.superview(of: t) else { return false }
                    t = up
                }
            }
            if window || targets.isEmpty || redirected { return .sendToBack(id) }
            let p = rng.pick(targets)
            return .move(id, to: store.id(of: p), at: nil)
        case 9: return .bringToFront(id)
        case 10: return .sendToBack(id)
        case 11, 12:
            if !e.gestures.isEmpty {
                let g = rng.pick(e.gestures)
                return rng.chance(0.5) ? .removeGesture(id, gesture: g.id)
                    : .gestureEnabled(id, gesture: g.id, !g.enabled)
            }
            return .addGesture(id, newGesture(&rng))
        case 13: return .addGesture(id, newGesture(&rng))
        case 14:
            if !e.gestures.isEmpty {
                let g = rng.pick(e.gestures)
                if rng.chance(0.5) {
                    return .gestureDelays(
                        id, gesture: g.id, began: rng.chance(0.5), ended: rng.chance(0.5),
                        cancels: rng.chance(0.5))
                }
                return .gestureKind(id, gesture: g.id, randomKind(&rng))
            }
            return .touchHandling(id, rng.pick([nil, .forward, .handle, .handleAndForward]))
        case 15:
            return .controlEnabled(id, !(e.control?.enabled ?? true))
        case 16: return .touchHandling(id, rng.pick([nil, .forward, .handle, .handleAndForward]))
        case 17:
            if e.scrollView != nil || rng.chance(0.3) {
                return .contentSize(id, Size(width: rng.pick([0, pw, pw * 3]), height: rng.pick([0, ph, ph * 3])))
            }
            return .center(id, Point(x: rng.double(0, pw), y: rng.double(0, ph)))
        default:
            // A hover recognizer, for the pointer.
            serial += 1
            return .addGesture(id, SceneGesture(id: "L\(serial).hover", kind: .hover))
        }
    }

    /// A random recognizer kind (hover included).
    public static func randomKind(_ rng: inout SplitMix64) -> GestureKind {
        switch rng.below(11) {
        case 0: return .tap()
        case 1: return .tap(taps: 2)
        case 2: return .tap(taps: 1, touches: 2)
        case 3: return .longPress()
        case 4: return .pan()
        case 5: return .pinch
        case 6: return .swipe(directions: SwipeDirections(rawValue: UInt8(1 + rng.below(15))))
        case 7: return .rotation
        case 8: return .screenEdgePan(edges: ScreenEdges(rawValue: UInt8(1 + rng.below(15))))
        case 9: return .hover
        default: return .pan(minimumTouches: 2)
        }
    }

    /// Gives some views a hover recognizer (`"<id>.hover"`), in place.
    public static func addHovers(_ scene: inout Scene, _ rng: inout SplitMix64) {
        func visit(_ v: inout SceneView) {
            if rng.below(8) == 0 {
                v.events.gestures.append(SceneGesture(id: "\(v.id).hover", kind: .hover))
            }
            for i in v.subviews.indices { visit(&v.subviews[i]) }
        }
        for w in scene.windows.indices { visit(&scene.windows[w]) }
    }

    /// Generated frames moved to begin after `start`, with the pointer moved (to where a
    /// touch is, or anywhere) or gone in some of them, and a last frame that lifts every
    /// finger still down and takes the pointer away, so that the stream leaves nothing
    /// down. Frame times keep their order.
    public static func episodeFrames(
        _ frames: [InputFrame], after start: Double, _ rng: inout SplitMix64
    ) -> [InputFrame] {
        var out: [InputFrame] = []
        var down: [Int: Point] = [:]
        var pointer = false
        let shift = start + 0.01
        for var f in frames {
            f.time += shift
            for i in f.touches {
                switch i.phase {
                case .began, .moved, .stationary: down[i.id] = i.location
                case .ended, .cancelled: down[i.id] = nil
                }
            }
            if rng.below(4) == 0 {
                if pointer && rng.below(4) == 0 {
                    f.pointer = .gone
                    pointer = false
                } else {
                    let p = f.touches.first.map(\.location)
                        ?? Point(x: Double(rng.below(390)), y: Double(rng.below(844)))
                    f.pointer = .at(p)
                    pointer = true
                }
            }
            out.append(f)
        }
        let end = (out.last?.time ?? shift) + 0.05
        let lifts = down.sorted { $0.key < $1.key }.map {
            TouchInput(id: $0.key, phase: .ended, location: $0.value)
        }
        out.append(InputFrame(time: end, touches: lifts, pointer: pointer ? .gone : nil))
        return out
    }
}
