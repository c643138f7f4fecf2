import HitTestGeometry
import HitTestScene

/// What the dispatcher needs to know about the scene's views, by id: built once from the
/// scene both engines were built from. The scene does not change during dispatch.
struct _SceneModel {
    struct ViewInfo {
        var className: String
        var events: ViewEventSettings
        var superview: String?
        /// The window is depth 0.
        var depth: Int
        /// Pre-order position in the scene (windows in order of addition).
        var order: Int
        /// In the view's own coordinates (the scroll offset is the origin).
        var bounds: Rect
        /// Set when the view is a scroll view (`rule-scroll-view-identity`).
        var scrollView: SceneScrollView? = nil
    }

    private(set) var views: [String: ViewInfo] = [:]
    /// View controller name -> what it does with touch messages.
    private(set) var controllerTouches: [String: TouchHandling] = [:]
    /// View controller name -> the view id its `next` is overridden to
    /// (`rule-responder-next-override`).
    private(set) var controllerNext: [String: String] = [:]
    /// Whether any view or view controller overrides `next`.
    private(set) var hasNextOverrides = false
    /// Every gesture in delivery rank: deeper views first; then scene order of the view;
    /// on one view, in the order attached. Attached view id alongside.
    private(set) var gestures: [(gesture: SceneGesture, view: String)] = []

    init(scene: Scene) {
        var order = 0
        var all: [(gesture: SceneGesture, view: String, depth: Int, order: Int, slot: Int)] = []
        for w in scene.windows {
            var stack: [(view: SceneView, superview: String?, depth: Int)] = [(w, nil, 0)]
            while let (v, sup, depth) = stack.popLast() {
                if views[v.id] == nil {
                    views[v.id] = ViewInfo(
                        className: v.className, events: v.events, superview: sup, depth: depth,
                        order: order, bounds: v.geometry.bounds, scrollView: v.scrollView)
                }
                if let name = v.viewController, let h = v.events.viewControllerTouches {
                    controllerTouches[name] = h
                }
                if let name = v.viewController, let n = v.events.viewControllerNext {
                    controllerNext[name] = n
                }
                if v.events.next != nil || v.events.viewControllerNext != nil {
                    hasNextOverrides = true
                }
                let attached = _SceneModel.builtInGestures(of: v) + v.events.gestures
                for (slot, g) in attached.enumerated() {
                    all.append((g, v.id, depth, order, slot))
                }
                order += 1
                for s in v.subviews.reversed() { stack.append((s, v.id, depth + 1)) }
            }
        }
        all.sort { a, b in
            if a.depth != b.depth { return a.depth > b.depth }
            if a.order != b.order { return a.order < b.order }
            return a.slot < b.slot
        }
        gestures = all.map { ($0.gesture, $0.view) }
    }

    /// The view and its ancestors up to and including the window.
    func ancestorsAndSelf(_ id: String) -> [String] {
        var out: [String] = []
        var cursor: String? = id
        while let c = cursor, let info = views[c] {
            out.append(c)
            cursor = info.superview
        }
        return out
    }

    /// True when `ancestor` is a strict ancestor of `id`.
    func isStrictAncestor(_ ancestor: String, of id: String) -> Bool {
        ancestorsAndSelf(id).dropFirst().contains(ancestor)
    }

    /// What a responder does with a touch message (spec section 2); `forward` by default.
    func handling(of link: ResponderLink) -> TouchHandling {
        switch link {
        case .view(let id): views[id]?.events.touches ?? .forward
        case .viewController(let name): controllerTouches[name] ?? .forward
        case .application, .applicationDelegate: .forward
        }
    }

    /// The control settings of a view that is a control (spec section 6): a view with
    /// `"control"`, or of a control class (with the default settings).
    func control(of id: String) -> SceneControl? {
        guard let info = views[id] else { return nil }
        if let c = info.events.control { return c }
        return _SceneModel.controlClasses.contains(info.className) ? SceneControl() : nil
    }

    static let controlClasses: Set<String> = [
        "UIButton", "UISwitch", "UISlider", "UIStepper", "UISegmentedControl", "UIPageControl",
        "UIControl",
    ]
}
