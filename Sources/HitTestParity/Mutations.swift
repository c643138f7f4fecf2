import HitTestBridge
import HitTestGenerators
import HitTestGeometry
import HitTestJSON
import HitTestReference
import HitTestScene
import HitTestStore

/// One change to a tree, by view ids, so that a sequence can be printed, replayed on
/// another scene (steps naming views that are not there are skipped) and shrunk.
public enum Change: Hashable, Sendable, CustomStringConvertible {
    case frame(String, Rect)
    case center(String, Point)
    case transform(String, AffineTransform)
    case bounds(String, Rect)
    /// Through `ViewStore.update`: the anchor point (the center stays, as in UIKit).
    case anchorPoint(String, Point)
    case hidden(String, Bool)
    case alpha(String, Double)
    case interaction(String, Bool)
    case hitRules(String, HitRules)
    /// Through `ViewStore.update`: several fields at once.
    case fields(
        String, transform: AffineTransform, boundsOrigin: Point, alpha: Double, hidden: Bool)
    /// Any view as the target: a descendant, or not (then it is ignored), or nil to clear.
    case redirect(String, to: String?)
    /// Windows only.
    case level(String, Double)
    /// A new view (its `subviews` are ignored) under a parent, at an index or on top.
    case add(SceneView, to: String, at: Int?)
    /// Views from flat arrays on top of a view's subviews (`ViewStore.addViews(_:to:)`).
    case addArrays(ViewArrays, to: String)
    case remove(String)
    case move(String, to: String, at: Int?)
    case bringToFront(String)
    case sendToBack(String)
    case addWindow(SceneView)
    case removeWindow(String)
    /// Through `ViewStore.setBoundsOrigin`: a scroll view's content offset, as dispatch
    /// sets it (on a scroll view, it moves no box of the content).
    case scrollOffset(String, Point)
    /// Through `ViewStore.update`: a new class, which makes a view a scroll view or a
    /// plain view again (its subviews' boxes change coordinates).
    case className(String, String)
    /// Through `ViewStore.update`: the view's scroll view settings name one of its
    /// subviews as the zooming view, or none (the store keeps a zooming view's subviews in
    /// a box space of its own; the reference does not read settings).
    case zoomingView(String, String?)

    public var description: String {
        func p(_ x: Point) -> String { "(\(x.x), \(x.y))" }
        func r(_ x: Rect) -> String { "[\(x.minX), \(x.minY), \(x.width), \(x.height)]" }
        func at(_ i: Int?) -> String { i.map { " at \($0)" } ?? " on top" }
        switch self {
        case .frame(let id, let x): return "\(id).frame = \(r(x))"
        case .center(let id, let x): return "\(id).center = \(p(x))"
        case .transform(let id, let t): return "\(id).transform = \(t)"
        case .bounds(let id, let x): return "\(id).bounds = \(r(x))"
        case .anchorPoint(let id, let x): return "\(id).anchorPoint = \(p(x))"
        case .hidden(let id, let b): return "\(id).isHidden = \(b)"
        case .alpha(let id, let a): return "\(id).alpha = \(a)"
        case .interaction(let id, let b): return "\(id).isUserInteractionEnabled = \(b)"
        case .hitRules(let id, let h):
            return
                "\(id).hitRules = insets \(h.hitInsets), \(h.hitShape.rawValue), \(h.pointInside.rawValue), \(h.hitTestRule.rawValue)"
        case .fields(let id, let t, let o, let a, let h):
            return "\(id): transform \(t), boundsOrigin \(p(o)), alpha \(a), hidden \(h)"
        case .redirect(let id, let t): return "\(id).redirectTo = \(t ?? "nil")"
        case .level(let id, let l): return "\(id).level = \(l)"
        case .add(let v, let parent, let i):
            return "add \(v.id) to \(parent)\(at(i)): \(Scene.oneLine(v))"
        case .addArrays(let a, let parent):
            let views = a.ids.indices.map { i in
                "\(a.ids[i]) under \(a.parents[i] < 0 ? parent : a.ids[Int(a.parents[i])]) \(r(a.frames[i]))"
                    + (a.hidden[i] ? " hidden" : "") + (a.userInteractionEnabled[i] ? "" : " disabled")
            }
            return "add from arrays: \(views.joined(separator: "; "))"
        case .remove(let id): return "remove \(id)"
        case .move(let id, let parent, let i): return "move \(id) to \(parent)\(at(i))"
        case .bringToFront(let id): return "bring \(id) to front"
        case .sendToBack(let id): return "send \(id) to back"
        case .addWindow(let w): return "add window \(w.id): \(Scene.oneLine(w))"
        case .removeWindow(let id): return "remove window \(id)"
        case .scrollOffset(let id, let o): return "\(id).contentOffset = \(p(o))"
        case .className(let id, let c): return "\(id).className = \(c)"
        case .zoomingView(let id, let z): return "\(id).zoomingView = \(z ?? "nil")"
        }
    }

    /// The view the change is about (the new one for additions).
    public var subject: String {
        switch self {
        case .frame(let id, _), .center(let id, _), .transform(let id, _), .bounds(let id, _),
            .anchorPoint(let id, _),
            .hidden(let id, _), .alpha(let id, _), .interaction(let id, _), .hitRules(let id, _),
            .fields(let id, _, _, _, _), .redirect(let id, _), .level(let id, _), .remove(let id),
            .move(let id, _, _), .bringToFront(let id), .sendToBack(let id), .removeWindow(let id),
            .scrollOffset(let id, _), .className(let id, _), .zoomingView(let id, _):
            return id
        case .add(let v, _, _): return v.id
        case .addArrays(let a, _): return a.ids[0]
        case .addWindow(let w): return w.id
        }
    }
}

extension Scene {
    /// One view's own fields as one line of JSON (no subviews).
    static func oneLine(_ v: SceneView) -> String {
        var w = v
        w.subviews = []
        let isWindow = v.level != nil
        var s = Scene(windows: [isWindow ? w : SceneView.window(id: "_", placement: .frame(.zero))])
        if !isWindow { s.windows[0].subviews = [w] }
        let window = s.jsonValue()["windows"]?[0]
        guard let value = isWindow ? window : window?["subviews"]?[0] else {
            return s.json(pretty: false)
        }
        return JSONWriter.write(value, pretty: false)
    }
}

/// A reference tree and stores built from the same scene, changed in step: each change
/// is made on the tree with its Swift API and on each store with the store's API.
public final class ChangingWorld {
    public let screen: Screen
    public let checker: ParityChecker
    var stores: [ViewStore] { checker.subjects.map(\.store) }

    /// Brings every store's indexes up to date (`ViewStore.updateIndexes`), so that the
    /// next checks run on a freshly rebuilt screen index rather than the walk a stale one
    /// falls back to.
    public func updateIndexes() {
        for s in stores { s.updateIndexes() }
    }
    /// Live views by id: the reference view and its handle in each store.
    var entries: [String: (view: View, handles: [ViewHandle])] = [:]
    /// Live ids in a stable order, for seeded choices.
    var ids: [String] = []
    var nextID = 0

    public init(
        scene: Scene, thresholds: [Int] = ParityChecker.thresholds, storeFromScreen: Bool = true
    ) {
        screen = Screen(scene: scene)
        var subjects: [ParityChecker.Subject] = thresholds.map {
            .init(store: ViewStore(scene: scene, indexThreshold: $0), label: "scene, then changed")
        }
        if storeFromScreen {
            subjects.append(
                .init(
                    store: ViewStore(screen: screen, indexThreshold: 4),
                    label: "screen, then changed"))
        }
        checker = ParityChecker(screen: screen, subjects: subjects)
        for v in EdgePoints.allViews(screen) {
            entries[v.id] = (v, subjects.map { $0.store.view(withID: v.id)! })
            ids.append(v.id)
        }
        var maxID = 0
        for id in ids {
            if let n = Int(id.dropFirst()) { maxID = Swift.max(maxID, n) }
        }
        nextID = maxID + 1000
    }

    /// The tree as a scene now.
    public func scene() -> Scene { screen.scene() }

    func isWindow(_ id: String) -> Bool { entries[id]?.view is Window }

    /// Applies a change to the tree and every store. Returns false, changing nothing,
    /// when the change does not apply (a view it names is missing, an index is out of
    /// range, a move into its own subtree).
    @discardableResult
    public func apply(_ change: Change) -> Bool {
        switch change {
        case .frame(let id, let r):
            return edit(id) { v, s, h in
                v.frame = r
                s.setFrame(h, r)
            }
        case .center(let id, let c):
            return edit(id) { v, s, h in
                v.center = c
                s.setCenter(h, c)
            }
        case .transform(let id, let t):
            return edit(id) { v, s, h in
                v.transform = t
                s.setTransform(h, t)
            }
        case .bounds(let id, let b):
            return edit(id) { v, s, h in
                v.bounds = b
                s.setBounds(h, b)
            }
        case .anchorPoint(let id, let a):
            return edit(id) { v, s, h in
                v.anchorPoint = a
                s.update(h) { $0.geometry.anchorPoint = a }
            }
        case .hidden(let id, let b):
            return edit(id) { v, s, h in
                v.isHidden = b
                s.setHidden(h, b)
            }
        case .alpha(let id, let a):
            return edit(id) { v, s, h in
                v.alpha = a
                s.setAlpha(h, a)
            }
        case .interaction(let id, let b):
            return edit(id) { v, s, h in
                v.isUserInteractionEnabled = b
                s.update(h) { $0.isUserInteractionEnabled = b }
            }
        case .hitRules(let id, let r):
            return edit(id) { v, s, h in
                v.hitRules = r
                s.setHitRules(h, r)
            }
        case .fields(let id, let t, let o, let a, let hidden):
            return edit(id) { v, s, h in
                v.transform = t
                v.bounds.origin = o
                v.alpha = a
                v.isHidden = hidden
                s.update(h) {
                    $0.geometry.transform = t
                    $0.geometry.bounds.origin = o
                    $0.alpha = a
                    $0.isHidden = hidden
                }
            }
        case .redirect(let id, let target):
            guard let e = entries[id] else { return false }
            if let target, entries[target] == nil { return false }
            e.view.redirectTarget = target.map { entries[$0]!.view }
            for (k, s) in stores.enumerated() {
                s.setRedirect(e.handles[k], to: target.map { entries[$0]!.handles[k] })
            }
            return true
        case .level(let id, let l):
            guard let w = entries[id]?.view as? Window else { return false }
            return edit(id) { _, s, h in
                w.level = l
                s.update(h) { $0.level = l }
            }
        case .add(let sv, let parent, let index):
            guard entries[sv.id] == nil, let p = entries[parent] else { return false }
            if let index, index < 0 || index > p.view.subviews.count { return false }
            let v = ChangingWorld.makeView(sv, window: false)
            if let index { p.view.insertSubview(v, at: index) } else { p.view.addSubview(v) }
            let def = ViewDefinition(sv)
            let handles = stores.enumerated().map { k, s in
                s.addView(def, to: p.handles[k], at: index)
            }
            entries[sv.id] = (v, handles)
            ids.append(sv.id)
            return true
        case .addArrays(let a, let parent):
            guard let p = entries[parent], a.ids.allSatisfy({ entries[$0] == nil }) else { return false }
            var views: [View] = []
            for i in a.ids.indices {
                let v = View(id: a.ids[i], frame: a.frames[i], className: a.className)
                v.isHidden = a.hidden[i]
                v.isUserInteractionEnabled = a.userInteractionEnabled[i]
                (a.parents[i] < 0 ? p.view : views[Int(a.parents[i])]).addSubview(v)
                views.append(v)
            }
            let handles = stores.enumerated().map { k, s in
                // Checked arrays: refusal would be a bug in the generator.
                try! s.addViews(a, to: p.handles[k])
            }
            for (i, v) in views.enumerated() {
                entries[v.id] = (v, handles.map { $0[i] })
                ids.append(v.id)
            }
            return true
        case .remove(let id):
            guard let e = entries[id], !(e.view is Window) else { return false }
            let gone = EdgePoints.subtree(of: e.view)
            e.view.removeFromSuperview()
            for (k, s) in stores.enumerated() { s.removeView(e.handles[k]) }
            forget(gone)
            return true
        case .move(let id, let parent, let index):
            guard let e = entries[id], let p = entries[parent], !(e.view is Window),
                !e.view.isAncestor(of: p.view)
            else { return false }
            if let index {
                let room = p.view.subviews.count - (e.view.superview === p.view ? 1 : 0)
                if index < 0 || index > room { return false }
                p.view.insertSubview(e.view, at: index)
            } else {
                p.view.addSubview(e.view)
            }
            for (k, s) in stores.enumerated() {
                s.moveView(e.handles[k], to: p.handles[k], at: index)
            }
            return true
        case .bringToFront(let id):
            guard let e = entries[id], let parent = e.view.superview else { return false }
            parent.bringSubviewToFront(e.view)
            for (k, s) in stores.enumerated() { s.bringToFront(e.handles[k]) }
            return true
        case .sendToBack(let id):
            guard let e = entries[id], let parent = e.view.superview else { return false }
            parent.sendSubviewToBack(e.view)
            for (k, s) in stores.enumerated() { s.sendToBack(e.handles[k]) }
            return true
        case .addWindow(let sw):
            guard entries[sw.id] == nil else { return false }
            let w = ChangingWorld.makeView(sw, window: true) as! Window
            screen.addWindow(w)
            let def = ViewDefinition(sw)
            entries[sw.id] = (w, stores.map { $0.addWindow(def) })
            ids.append(sw.id)
            return true
        case .removeWindow(let id):
            guard let e = entries[id], let w = e.view as? Window else { return false }
            let gone = EdgePoints.subtree(of: w)
            screen.removeWindow(w)
            for (k, s) in stores.enumerated() { s.removeWindow(e.handles[k]) }
            forget(gone)
            return true
        case .scrollOffset(let id, let o):
            return edit(id) { v, s, h in
                v.bounds.origin = o
                s.setBoundsOrigin(o, of: h)
            }
        case .className(let id, let c):
            return edit(id) { v, s, h in
                v.className = c
                s.update(h) { $0.className = c }
            }
        case .zoomingView(let id, let z):
            return edit(id) { _, s, h in
                s.update(h) {
                    var settings = $0.events.scrollView ?? SceneScrollView()
                    settings.zoomingView = z
                    $0.events.scrollView = settings
                }
            }
        }
    }

    private func edit(_ id: String, _ body: (View, ViewStore, ViewHandle) -> Void) -> Bool {
        guard let e = entries[id] else { return false }
        for (k, s) in stores.enumerated() { body(e.view, s, e.handles[k]) }
        return true
    }

    private func forget(_ views: [View]) {
        let gone = Set(views.map(\.id))
        for id in gone { entries[id] = nil }
        ids.removeAll { gone.contains($0) }
    }

    /// A reference view with a scene view's fields (not its subviews, not its redirect).
    public static func makeView(_ s: SceneView, window: Bool) -> View {
        View.make(from: s, asWindow: window)
    }

    // MARK: Random changes

    /// A random change that applies to the current tree.
    public func randomChange(_ rng: inout SplitMix64) -> Change {
        if ids.isEmpty || (screen.windows.count < 3 && rng.chance(0.02)) {
            return .addWindow(newWindow(&rng))
        }
        let id = pickView(&rng)
        let v = entries[id]!.view
        let window = v is Window
        let kind = rng.weighted([
            (6, 0), (5, 1), (5, 2), (3, 3), (2, 4), (3, 5), (3, 6), (2, 7), (4, 8), (2, 9), (2, 10),
            (8, 11), (5, 12), (5, 13), (3, 14), (3, 15), (1, 16), (window ? 3 : 0, 17), (2, 18),
            (6, 19), (window ? 0 : 2, 20), (v.subviews.isEmpty ? 0 : 2, 21),
        ])
        let parentBounds = v.superview?.bounds.size ?? screen.size
        let parentSize = Size(
            width: RandomFields.span(parentBounds.width),
            height: RandomFields.span(parentBounds.height))
        switch kind {
        case 0:
            if rng.chance(0.3) && v.frame.minX.isFinite && v.frame.minY.isFinite {
                // A nudge: one ulp, or a point, from where it is.
                let f = v.frame
                let dx =
                    rng.chance(0.5) ? f.minX.ulp * Double(rng.int(-2...2)) : Double(rng.int(-2...2))
                return .frame(
                    id,
                    Rect(x: f.minX + dx, y: f.minY, width: v.bounds.width, height: v.bounds.height))
            }
            switch RandomFields.placement(&rng, in: parentSize) {
            case .frame(let r): return .frame(id, r)
            case .centerSize(let c, _): return .center(id, c)
            }
        case 1:
            if rng.chance(0.3) && v.center.isFinite {
                let c = v.center
                return .center(
                    id,
                    Point(
                        x: rng.chance(0.5) ? c.x.nextUp : c.x.nextDown,
                        y: c.y + Double(rng.int(-1...1))))
            }
            return .center(
                id,
                Point(
                    x: RandomFields.coordinate(&rng, -20, parentSize.width),
                    y: RandomFields.coordinate(&rng, -20, parentSize.height)))
        case 2:
            return .transform(id, RandomFields.transform(&rng, identityWeight: 4))
        case 3:
            let size = Size(
                width: RandomFields.length(&rng, max: parentSize.width),
                height: RandomFields.length(&rng, max: parentSize.height))
            return .bounds(
                id,
                Rect(
                    origin: RandomFields.boundsOrigin(&rng),
                    size: rng.chance(0.5) ? v.bounds.size : size))
        case 4:
            return .anchorPoint(id, RandomFields.anchorPoint(&rng))
        case 5:
            return .hidden(id, !v.isHidden)
        case 6:
            return .alpha(id, RandomFields.alpha(&rng))
        case 7:
            return .interaction(id, !v.isUserInteractionEnabled)
        case 8:
            return .hitRules(
                id,
                RandomFields.hitRules(
                    &rng, parentMode: v.superview?.hitRules.pointInside ?? .bounds))
        case 9:
            return .fields(
                id, transform: RandomFields.transform(&rng),
                boundsOrigin: RandomFields.boundsOrigin(&rng),
                alpha: RandomFields.alpha(&rng), hidden: rng.chance(0.1))
        case 10:
            let below = EdgePoints.subtree(of: v).dropFirst().map(\.id)
            if rng.chance(0.2) { return .redirect(id, to: nil) }
            if !below.isEmpty && rng.chance(0.8) { return .redirect(id, to: rng.pick(below)) }
            return .redirect(id, to: rng.pick(ids))
        case 11:
            // A new view, usually in a small subtree or a big container.
            var sv = SceneView(
                id: newID(), className: RandomFields.className(&rng),
                placement: RandomFields.placement(&rng, in: v.bounds.size))
            if rng.chance(0.3) { sv.transform = RandomFields.transform(&rng, identityWeight: 2) }
            if rng.chance(0.3) {
                sv.hitRules = RandomFields.hitRules(&rng, parentMode: v.hitRules.pointInside)
            }
            if rng.chance(0.15) { sv.alpha = RandomFields.alpha(&rng) }
            if rng.chance(0.1) { sv.boundsOrigin = RandomFields.boundsOrigin(&rng) }
            let index: Int? = rng.chance(0.5) ? nil : rng.int(0...v.subviews.count)
            return .add(sv, to: id, at: index)
        case 12:
            if window { return .bringToFront(id) }
            return .remove(id)
        case 13:
            // A move under another view, never into the view's own subtree.
            let candidates = ids.filter { !v.isAncestor(of: entries[$0]!.view) }
            if window || candidates.isEmpty { return .sendToBack(id) }
            let target =
                rng.chance(0.3) ? (v.superview?.id ?? rng.pick(candidates)) : rng.pick(candidates)
            let p = entries[target]!.view
            let room = p.subviews.count - (v.superview === p ? 1 : 0)
            return .move(id, to: target, at: rng.chance(0.4) ? nil : rng.int(0...room))
        case 14:
            return .bringToFront(id)
        case 15:
            return .sendToBack(id)
        case 16:
            return .addWindow(newWindow(&rng))
        case 18:
            // A small batch from flat arrays: each view under the target or an earlier one.
            var a = ViewArrays(parents: [], frames: [], className: RandomFields.className(&rng))
            for i in 0..<rng.int(1...12) {
                a.parents.append(i == 0 || rng.chance(0.4) ? -1 : Int32(rng.int(0...(i - 1))))
                let room = a.parents[i] < 0 ? v.bounds.size : a.frames[Int(a.parents[i])].size
                switch RandomFields.placement(&rng, in: room) {
                case .frame(let r): a.frames.append(r)
                case .centerSize(let c, let z):
                    a.frames.append(Rect(x: c.x - z.width / 2, y: c.y - z.height / 2, width: z.width, height: z.height))
                }
                a.ids.append(newID() + "_\(i)")
                a.hidden.append(rng.chance(0.08))
                a.userInteractionEnabled.append(!rng.chance(0.08))
            }
            return .addArrays(a, to: id)
        case 19:
            // A scroll: usually of a scroll view (nested ones too), by a little or a lot.
            let scrollViews = ids.filter {
                SceneScrollView.classes.contains(entries[$0]!.view.className)
            }
            let target = !scrollViews.isEmpty && rng.chance(0.8) ? rng.pick(scrollViews) : id
            let o = entries[target]!.view.bounds.origin
            if rng.chance(0.5) && o.isFinite {
                return .scrollOffset(
                    target,
                    Point(
                        x: o.x + Double(rng.int(-3...3)),
                        y: o.y + RandomFields.coordinate(&rng, -60, 60)))
            }
            return .scrollOffset(target, RandomFields.boundsOrigin(&rng))
        case 20:
            let scrollView = SceneScrollView.classes.contains(v.className)
            return .className(
                id, scrollView ? "UIView" : rng.pick(["UIScrollView", "UITableView"]))
        case 21:
            return .zoomingView(id, rng.chance(0.8) ? rng.pick(v.subviews).id : nil)
        default:
            if screen.windows.count > 1 && rng.chance(0.3) { return .removeWindow(id) }
            return .level(id, RandomFields.level(&rng))
        }
    }

    /// A view to change: often a child of the biggest container, so that child indexes
    /// are refitted, extended and rebuilt.
    func pickView(_ rng: inout SplitMix64) -> String {
        if rng.chance(0.35) {
            let big = ids.compactMap { entries[$0]?.view }.max {
                $0.subviews.count < $1.subviews.count
            }
            if let big, big.subviews.count >= 4 {
                return rng.chance(0.15) ? big.id : rng.pick(big.subviews).id
            }
        }
        return rng.pick(ids)
    }

    func newID() -> String {
        nextID += 1
        return "n\(nextID)"
    }

    func newWindow(_ rng: inout SplitMix64) -> SceneView {
        let placement: SceneView.Placement =
            rng.chance(0.6)
            ? .frame(Rect(x: 0, y: 0, width: 390, height: 844))
            : RandomFields.placement(&rng, in: screen.size)
        var w = SceneView.window(
            id: "n\(nextID + 1)w", placement: placement, level: RandomFields.level(&rng))
        nextID += 1
        if rng.chance(0.2) { w.transform = RandomFields.transform(&rng, identityWeight: 2) }
        if rng.chance(0.2) { w.hitRules = RandomFields.hitRules(&rng) }
        return w
    }

    /// Points worth checking after a change: some uniform ones, the special ones, and
    /// points aimed at the changed view, its superview and a few others.
    public func points(after change: Change, _ rng: inout SplitMix64, uniform: Int, others: Int)
        -> [Point]
    {
        var out = Array(EdgePoints.special.prefix(4))
        out += EdgePoints.uniform(&rng, screen: screen.size, count: uniform)
        var aim: [View] = []
        if let v = entries[change.subject]?.view {
            aim.append(v)
            if let s = v.superview { aim.append(s) }
        }
        if case .move(_, let p, _) = change, let pv = entries[p]?.view { aim.append(pv) }
        if !ids.isEmpty {
            for _ in 0..<others { aim.append(entries[rng.pick(ids)]!.view) }
        }
        for v in aim { out += EdgePoints.aimed(at: v, &rng) }
        return out
    }
}

extension EdgePoints {
    /// A view and everything below it, in pre-order.
    public static func subtree(of v: View) -> [View] {
        var out: [View] = []
        var stack = [v]
        while let x = stack.popLast() {
            out.append(x)
            stack.append(contentsOf: x.subviews.reversed())
        }
        return out
    }
}
