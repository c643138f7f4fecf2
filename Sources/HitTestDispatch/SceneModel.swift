import HitTestGeometry
import HitTestScene

/// What the dispatcher needs to know about the scene's views: built once from the scene
/// both engines were built from, as a table indexed by `ViewIndex`. The scene does not
/// change during dispatch. String ids are turned into indexes only where they come in (a
/// hit test's answer, a view the host names).
struct _SceneModel {
    struct ViewInfo {
        /// The scene's id of the view.
        var id: String
        var events: ViewEventSettings
        var superview: ViewIndex?
        /// In the view's own coordinates (the scroll offset is the origin).
        var bounds: Rect
        /// The control settings when the view is a control (`rule-control-identity`): the
        /// scene's `"control"`, or the defaults for a control class.
        var control: SceneControl?
        /// The kind of control its class makes it; `.plain` for a control of another class.
        var controlKind: ControlKind
        /// Set when the view is a scroll view (`rule-scroll-view-identity`).
        var scrollView: SceneScrollView? = nil
    }

    /// Every view, in pre-order (windows in order of addition); a view's `ViewIndex` is its
    /// index here.
    private(set) var views = _ViewTable()
    /// View controller name -> what it does with touch messages.
    private(set) var controllerTouches: [String: TouchHandling] = [:]
    /// View controller name -> the view id its `next` is overridden to
    /// (`rule-responder-next-override`).
    private(set) var controllerNext: [String: String] = [:]
    /// Whether any view or view controller overrides `next`.
    private(set) var hasNextOverrides = false
    /// Every gesture in delivery rank: deeper views first; then scene order of the view;
    /// on one view, in the order attached. Attached view alongside.
    private(set) var gestures: [(gesture: SceneGesture, view: ViewIndex)] = []

    init(scene: Scene) {
        var all: [(gesture: SceneGesture, view: ViewIndex, depth: Int, slot: Int)] = []
        for w in scene.windows {
            var stack: [(view: SceneView, superview: ViewIndex?, depth: Int)] = [(w, nil, 0)]
            while let (v, sup, depth) = stack.popLast() {
                let kind = ControlKind(className: v.className)
                let index = views.add(
                    ViewInfo(
                        id: v.id, events: v.events, superview: sup, bounds: v.geometry.bounds,
                        control: v.events.control ?? (kind == nil ? nil : SceneControl()),
                        controlKind: kind ?? .plain, scrollView: v.scrollView))
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
                    all.append((g, index, depth, slot))
                }
                for s in v.subviews.reversed() { stack.append((s, index, depth + 1)) }
            }
        }
        // Handles are pre-order positions, so they order views of one depth.
        all.sort { a, b in
            if a.depth != b.depth { return a.depth > b.depth }
            if a.view != b.view { return a.view < b.view }
            return a.slot < b.slot
        }
        gestures = all.map { ($0.gesture, $0.view) }
    }

    /// The view and its ancestors up to and including the window.
    func ancestorsAndSelf(_ view: ViewIndex) -> [ViewIndex] {
        var out: [ViewIndex] = []
        var cursor: ViewIndex? = view
        while let c = cursor {
            out.append(c)
            cursor = views[c].superview
        }
        return out
    }

    /// True when `ancestor` is a strict ancestor of `view`. O(depth), allocates nothing.
    func isStrictAncestor(_ ancestor: ViewIndex, of view: ViewIndex) -> Bool {
        var cursor = views[view].superview
        while let c = cursor {
            if c == ancestor { return true }
            cursor = views[c].superview
        }
        return false
    }

    /// The control settings of a view that is a control (`rule-control-identity`).
    @inline(__always) func control(of view: ViewIndex) -> SceneControl? {
        views[view].control
    }
}

/// The scene model's views: an array indexed by `ViewIndex`, and the map from the
/// scene's string ids to indexes, used only at the boundary.
struct _ViewTable {
    /// Every view, at its `ViewIndex`.
    private(set) var all: [_SceneModel.ViewInfo] = []
    private var indexes: [String: ViewIndex] = [:]

    /// Adds a view, unless one with its id is there already (the first one wins, as in
    /// the scene's lookups). Returns the index of the view with that id.
    mutating func add(_ info: _SceneModel.ViewInfo) -> ViewIndex {
        if let h = indexes[info.id] { return h }
        let h = ViewIndex(all.count)
        all.append(info)
        indexes[info.id] = h
        return h
    }

    /// The view at this index (which must come from this table).
    @inline(__always) subscript(_ view: ViewIndex) -> _SceneModel.ViewInfo {
        all[view.index]
    }

    /// The boundary: the index of the view with this scene id; nil for an unknown id.
    func index(of id: String) -> ViewIndex? { indexes[id] }

    /// The boundary: the view with this scene id; nil for an unknown id.
    subscript(_ id: String) -> _SceneModel.ViewInfo? {
        indexes[id].map { all[$0.index] }
    }
}
