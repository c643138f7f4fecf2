import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore

/// A link of a responder chain, typed so that the dispatcher can look up what each
/// responder does with a touch message (event-dispatch spec section 2).
public enum ResponderLink: Hashable, Sendable {
    /// A view, by id.
    case view(String)
    /// A view controller, by name.
    case viewController(String)
    /// The application object, by class name.
    case application(String)
    /// The application's delegate, by class name.
    case applicationDelegate(String)

    /// The name a log prints.
    public var name: String {
        switch self {
        case .view(let s), .viewController(let s), .application(let s),
            .applicationDelegate(let s):
            s
        }
    }
}

/// The hit-testing role the dispatcher needs: the one question it asks an engine when a
/// touch begins, plus the two facts about the answer it keeps for the touch's life.
///
/// Small on purpose (STYLE.md, "Events"), so that the dispatcher runs on the reference
/// oracle and on the fast store alike, and a replay on each can be compared log for log.
/// Views are named by their scene ids, which both engines keep.
public protocol HitTesting {
    /// `hitTestScreen(p)` of hit-testing spec section 5: the hit view's id and its
    /// window's id, or nil when no window takes the point (NaN points take none).
    func hitTest(_ screenPoint: Point) -> (view: String, window: String)?
    /// The responder chain of a view (hit-testing spec section 6), the view first.
    /// An unknown id gives an empty chain.
    func responderChain(of viewID: String) -> [ResponderLink]
    /// A screen point in the view's bounds coordinates (`convert(_:from: nil)`).
    /// An unknown id gives the point unchanged.
    func location(_ screenPoint: Point, in viewID: String) -> Point
}

/// The role on the reference tree (`Screen.hitTest`, `View.responderChain`).
public struct ReferenceHitTesting: HitTesting {
    /// The reference tree it answers from.
    public let screen: Screen
    let byID: [String: View]

    /// Builds the reference tree of `scene`. O(n).
    public init(scene: Scene) {
        self.init(screen: Screen(scene: scene))
    }

    /// Uses an existing tree; it must not change while the dispatcher runs.
    public init(screen: Screen) {
        self.screen = screen
        var map: [String: View] = [:]
        var stack: [View] = screen.windows
        while let v = stack.popLast() {
            if map[v.id] == nil { map[v.id] = v }
            stack.append(contentsOf: v.subviews)
        }
        byID = map
    }

    public func hitTest(_ screenPoint: Point) -> (view: String, window: String)? {
        guard let r = screen.hitTest(screenPoint) else { return nil }
        return (r.view.id, r.window.id)
    }

    public func responderChain(of viewID: String) -> [ResponderLink] {
        guard let v = byID[viewID] else { return [] }
        return v.responderChain.map { r in
            switch r {
            case .view(let v): .view(v.id)
            case .viewController(let c): .viewController(c.name)
            case .application(let s): .application(s.applicationClassName)
            case .applicationDelegate(let s): .applicationDelegate(s.applicationDelegateName ?? "")
            }
        }
    }

    public func location(_ screenPoint: Point, in viewID: String) -> Point {
        byID[viewID]?.convert(screenPoint, from: nil) ?? screenPoint
    }
}

/// The role on the fast engine (`ViewStore.hitTest` with `flat` or `bvh`).
///
/// The store names responders only by string, so the chain is walked here from the
/// store's superviews and the scene's view controllers, by the rules of hit-testing spec
/// section 6; the dispatcher parity tests check it against the reference.
public struct StoreHitTesting: HitTesting {
    /// The store built from the scene, answering every hit test.
    public let store: ViewStore
    /// Which of the store's walks answers; both give the reference's answers.
    public let engine: FastEngine
    private let scratch = QueryScratch()
    /// Root view id -> (view controller name, presenter name).
    private let controllers: [String: (name: String, presentedBy: String?)]
    /// View controller name -> root view id.
    private let roots: [String: String]

    /// Builds a store from `scene` and the view controller links for responder chains. O(n).
    public init(scene: Scene, engine: FastEngine = .bvh) {
        store = ViewStore(scene: scene)
        self.engine = engine
        var c: [String: (name: String, presentedBy: String?)] = [:]
        var r: [String: String] = [:]
        scene.forEachView { v, _ in
            if let name = v.viewController {
                c[v.id] = (name, v.presentedBy)
                r[name] = v.id
            }
        }
        controllers = c
        roots = r
    }

    public func hitTest(_ screenPoint: Point) -> (view: String, window: String)? {
        guard let h = store.hitTest(screenPoint, engine: engine, scratch: scratch) else {
            return nil
        }
        return (store.id(of: h.view), store.id(of: h.window))
    }

    public func responderChain(of viewID: String) -> [ResponderLink] {
        guard let start = store.view(withID: viewID) else { return [] }
        var out: [ResponderLink] = []
        var seen: Set<String> = []
        var cursor: (link: ResponderLink, handle: ViewHandle?)? = (.view(viewID), start)
        while let (link, handle) = cursor {
            if case .viewController(let n) = link, !seen.insert(n).inserted { break }
            out.append(link)
            cursor = next(link, handle)
        }
        return out
    }

    /// `next(r)`; `handle` is the view's (or the view controller's root view's) handle.
    private func next(_ link: ResponderLink, _ handle: ViewHandle?) -> (ResponderLink, ViewHandle?)?
    {
        switch link {
        case .view(let id):
            if let c = controllers[id] { return (.viewController(c.name), handle) }
            return superviewOrApplication(handle!)
        case .viewController(let name):
            if let p = roots[name].flatMap({ controllers[$0]?.presentedBy }),
                let presenterRoot = roots[p]
            {
                return (.viewController(p), store.view(withID: presenterRoot))
            }
            return superviewOrApplication(handle!)
        case .application:
            guard let d = store.applicationDelegateName else { return nil }
            return (.applicationDelegate(d), nil)
        case .applicationDelegate:
            return nil
        }
    }

    private func superviewOrApplication(_ h: ViewHandle) -> (ResponderLink, ViewHandle?)? {
        if let s = store.superview(of: h) { return (.view(store.id(of: s)), s) }
        return (.application(store.applicationClassName), nil)
    }

    public func location(_ screenPoint: Point, in viewID: String) -> Point {
        guard var h = store.view(withID: viewID) else { return screenPoint }
        // The same arithmetic, in the same order, as the reference's `fromScreen`.
        var path = [h]
        while let s = store.superview(of: h) {
            path.append(s)
            h = s
        }
        var p = screenPoint
        for v in path.reversed() { p = store.geometry(of: v).toChild(p) }
        return p
    }
}
