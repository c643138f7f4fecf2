import HitTestGeometry
import HitTestScene
@_spi(Tables) import HitTestStore

/// The world a dispatcher runs on: the views as they are now. Touches are bound to views
/// by handle; everything else the dispatcher knows of a view (its settings, its place,
/// its chain) it asks here when it needs it, so that a change the host makes between
/// frames is seen on the next one. Two worlds: a live `ViewStore` (`_StoreWorld`, what
/// hosts and the C API run on) and a scene answered by any `HitTestable` engine
/// (`_SceneWorld`, the reference's, so that every engine can be compared).
protocol _DispatchWorld: AnyObject {
    /// The hit test of a screen point: the view and its window.
    func hitTest(_ p: Point) -> (view: ViewHandle, window: ViewHandle)?
    /// Whether the handle names a view that is still in the world.
    func isLive(_ view: ViewHandle) -> Bool
    func superview(of view: ViewHandle) -> ViewHandle?
    /// The window a live view is in (a window is its own). O(depth).
    func window(of view: ViewHandle) -> ViewHandle
    /// The id the log prints and handlers are told.
    func id(of view: ViewHandle) -> String
    /// The first view with this id, for hosts that name views.
    func view(withID id: String) -> ViewHandle?
    /// The view's class name.
    func className(of view: ViewHandle) -> String
    /// A small number that stands for the view's class in this world, when the world
    /// numbers its classes (the store interns them): the dispatcher keeps what a class
    /// makes a view by it (`Dispatcher.classTraits(of:)`). Nil: none.
    func classNumber(of view: ViewHandle) -> Int?
    /// The view's event settings; nil when it has none (every setting its default).
    func events(of view: ViewHandle) -> ViewEventSettings?
    /// Parts of the view's event settings, read without copying the rest (what a touch
    /// message reads of each view it reaches): nil (or empty) when it has none.
    func chainSettings(of view: ViewHandle) -> StoreChainSettings?
    func gestures(of view: ViewHandle) -> [SceneGesture]
    func scrollViewSettings(of view: ViewHandle) -> SceneScrollView?
    func controlSettings(of view: ViewHandle) -> SceneControl?
    /// In the view's own coordinates (the origin is the scroll offset).
    func bounds(of view: ViewHandle) -> Rect
    /// The screen point in the view's coordinates.
    func location(_ p: Point, in view: ViewHandle) -> Point
    /// The responder chain, without `next` overrides, appended to `out` (the
    /// dispatcher's list, reused between touches).
    func responders(of view: ViewHandle, into out: inout HostList<StoreResponder>)
    /// Moves a scroll view's content (its bounds origin).
    func setBoundsOrigin(_ p: Point, of view: ViewHandle)
    /// Sets a control's value in its settings (`rule-control-value-changed`).
    func setControlValue(_ value: Double, of view: ViewHandle)
    func depth(of view: ViewHandle) -> Int
    /// Pre-order: windows in order of addition, a view before its subviews, subviews
    /// bottom to top.
    func precedes(_ a: ViewHandle, _ b: ViewHandle) -> Bool
    /// Every view in pre-order, for the few host questions that name a recognizer the
    /// dispatcher has not met yet.
    func forEachView(_ body: (ViewHandle) -> Bool)
    /// The view's geometry (its center, bounds, transform and anchor point).
    func geometry(of view: ViewHandle) -> ViewGeometry
    /// A zoom step (`rule-scroll-view-zoom`): the zooming view takes `transform` and
    /// `center`, and the scroll view's settings `zoomScale` and `contentSize`.
    func setZoom(
        _ scrollView: ViewHandle, scale: Double, contentSize: Size, zoomingView: ViewHandle,
        transform: AffineTransform, center: Point)
}

/// The parts of a view's event settings, read from the whole value: what a world that
/// keeps whole values answers. A store reads each part where it is kept instead.
extension _DispatchWorld {
    func chainSettings(of view: ViewHandle) -> StoreChainSettings? {
        guard let e = events(of: view) else { return nil }
        return StoreChainSettings(
            touches: e.touches, next: e.next, viewControllerTouches: e.viewControllerTouches,
            viewControllerNext: e.viewControllerNext)
    }
    func gestures(of view: ViewHandle) -> [SceneGesture] { events(of: view)?.gestures ?? [] }
    func scrollViewSettings(of view: ViewHandle) -> SceneScrollView? {
        events(of: view)?.scrollView
    }
    func controlSettings(of view: ViewHandle) -> SceneControl? { events(of: view)?.control }
}

/// A live store: every answer is the store's as it is now.
final class _StoreWorld: _DispatchWorld {
    let store: ViewStore
    let useIndexes: Bool
    /// The memory of its hit tests: reserved at once for a Swift host, reserved by the
    /// C API before each call that can hit-test.
    let scratch: QueryScratch

    /// The ids read last, by slot (`id(of:)`), and the store's `idChanges` they were read
    /// at. A Swift string of more than 15 bytes keeps its text on the heap, so reading a
    /// view's id from the store allocates: the dispatcher names views in every frame (a
    /// scroll view's offset, a control's events, a touch's view and chain), and hosts'
    /// ids are often longer ("com.example.shop.buyButton"). A kept id is handed out again
    /// for a retain. Direct-mapped by slot, in the host's allocator hooks. Its 64 places
    /// are made at the first read, not with the world: `htCreateDispatcher` reports a
    /// refusal of the hooks, where a frame's list takes Swift's memory instead.
    private var ids = HostList<(view: ViewHandle, id: String)>()
    private var idsReadAt = 0
    private static var idSlots: Int { 64 }

    init(store: ViewStore, useIndexes: Bool, scratch: QueryScratch = QueryScratch()) {
        self.store = store
        self.useIndexes = useIndexes
        self.scratch = scratch
        idsReadAt = store.idChanges
    }

    func hitTest(_ p: Point) -> (view: ViewHandle, window: ViewHandle)? {
        store.hitTest(p, useIndexes: useIndexes, scratch: scratch).map { ($0.view, $0.window) }
    }
    func isLive(_ view: ViewHandle) -> Bool { store.isValid(view) }
    func superview(of view: ViewHandle) -> ViewHandle? { store.superview(of: view) }
    func window(of view: ViewHandle) -> ViewHandle { store.window(of: view) }
    func id(of view: ViewHandle) -> String {
        if store.idChanges != idsReadAt {
            ids.removeAll()
            idsReadAt = store.idChanges
        }
        if ids.count == 0 {
            for _ in 0..<_StoreWorld.idSlots { ids.append((ViewHandle.null, "")) }
        }
        let k = Int(view.index) & (_StoreWorld.idSlots - 1)
        if ids[k].view == view { return ids[k].id }
        let id = store.id(of: view)
        ids[k] = (view, id)
        return id
    }
    func view(withID id: String) -> ViewHandle? { store.view(withID: id) }
    func className(of view: ViewHandle) -> String { store.className(of: view) }
    func classNumber(of view: ViewHandle) -> Int? { store.classNumber(of: view) }
    func events(of view: ViewHandle) -> ViewEventSettings? { store.eventsIfAny(of: view) }
    func chainSettings(of view: ViewHandle) -> StoreChainSettings? {
        store.chainSettingsIfAny(of: view)
    }
    func gestures(of view: ViewHandle) -> [SceneGesture] { store.gestureSettings(of: view) }
    func scrollViewSettings(of view: ViewHandle) -> SceneScrollView? {
        store.scrollViewSettingsIfAny(of: view)
    }
    func controlSettings(of view: ViewHandle) -> SceneControl? {
        store.controlSettingsIfAny(of: view)
    }
    func bounds(of view: ViewHandle) -> Rect { store.geometry(of: view).bounds }
    func location(_ p: Point, in view: ViewHandle) -> Point { store.location(p, in: view) }
    func responders(of view: ViewHandle, into out: inout HostList<StoreResponder>) {
        store.responders(of: view, into: &out)
    }
    func setBoundsOrigin(_ p: Point, of view: ViewHandle) { store.setBoundsOrigin(p, of: view) }
    func geometry(of view: ViewHandle) -> ViewGeometry { store.geometry(of: view) }
    func setZoom(
        _ scrollView: ViewHandle, scale: Double, contentSize: Size, zoomingView: ViewHandle,
        transform: AffineTransform, center: Point
    ) {
        store.updateGeometry(zoomingView) {
            $0.transform = transform
            $0.center = center
        }
        store.updateEvents(scrollView) {
            $0.scrollView?.zoomScale = scale
            $0.scrollView?.contentSize = contentSize
        }
    }
    func setControlValue(_ value: Double, of view: ViewHandle) {
        store.updateEvents(view) { $0.control = $0.control.withValue(value) }
    }
    func depth(of view: ViewHandle) -> Int { store.depth(of: view) }
    func precedes(_ a: ViewHandle, _ b: ViewHandle) -> Bool { store.precedesInPreOrder(a, b) }
    func forEachView(_ body: (ViewHandle) -> Bool) {
        var stack = Array(store.windows.reversed())
        while let h = stack.popLast() {
            if !body(h) { return }
            stack.append(contentsOf: store.subviews(of: h).reversed())
        }
    }
}

/// A scene that does not change but through scrolling, answered by a `HitTestable`
/// engine by id. Views are numbered in pre-order (windows in order), the first view of
/// an id wins, as in the scene's lookups; a view's handle is its number + 1.
final class _SceneWorld: _DispatchWorld {
    struct Info {
        var id: String
        var className: String
        /// Nil for a view whose settings are all defaults.
        var events: ViewEventSettings?
        var superview: ViewHandle?
        var geometry: ViewGeometry
        var depth: Int
    }
    let engine: any HitTestable
    private(set) var views: [Info] = []
    private var byID: [String: ViewHandle] = [:]
    /// View controller name -> its root view (the first in pre-order).
    private var controllerRoots: [String: ViewHandle] = [:]

    init(scene: Scene, engine: any HitTestable) {
        self.engine = engine
        for w in scene.windows {
            var stack: [(view: SceneView, superview: ViewHandle?, depth: Int)] = [(w, nil, 0)]
            while let (v, sup, depth) = stack.popLast() {
                let h = ViewHandle(index: UInt32(views.count + 1), generation: 1)
                views.append(
                    Info(
                        id: v.id, className: v.className,
                        events: v.eventsAreDefault ? nil : v.events, superview: sup,
                        geometry: v.geometry, depth: depth))
                if byID[v.id] == nil { byID[v.id] = h }
                if let c = v.viewController, controllerRoots[c] == nil { controllerRoots[c] = h }
                for s in v.subviews.reversed() { stack.append((s, h, depth + 1)) }
            }
        }
    }

    private func info(_ v: ViewHandle) -> Info { views[Int(v.index) - 1] }

    func hitTest(_ p: Point) -> (view: ViewHandle, window: ViewHandle)? {
        guard let hit = engine.hitTest(p), let v = byID[hit.view], let w = byID[hit.window] else {
            return nil
        }
        return (v, w)
    }
    func isLive(_ view: ViewHandle) -> Bool {
        !view.isNull && Int(view.index) <= views.count && view.generation == 1
    }
    func superview(of view: ViewHandle) -> ViewHandle? { info(view).superview }
    func window(of view: ViewHandle) -> ViewHandle {
        var w = view
        while let s = info(w).superview { w = s }
        return w
    }
    func id(of view: ViewHandle) -> String { info(view).id }
    func view(withID id: String) -> ViewHandle? { byID[id] }
    func className(of view: ViewHandle) -> String { info(view).className }
    func classNumber(of view: ViewHandle) -> Int? { nil }
    func events(of view: ViewHandle) -> ViewEventSettings? { info(view).events }
    func bounds(of view: ViewHandle) -> Rect { info(view).geometry.bounds }
    func location(_ p: Point, in view: ViewHandle) -> Point {
        engine.location(p, in: info(view).id)
    }
    func responders(of view: ViewHandle, into out: inout HostList<StoreResponder>) {
        for link in engine.responderChain(of: info(view).id) {
            out.append(
                link.map(
                    view: { byID[$0] ?? view },
                    viewController: {
                        StoreViewController(name: $0, root: controllerRoots[$0] ?? view)
                    }))
        }
    }
    func setBoundsOrigin(_ p: Point, of view: ViewHandle) {
        (engine as? any ScrollableHitTesting)?.setBoundsOrigin(p, of: info(view).id)
        let b = views[Int(view.index) - 1].geometry.bounds
        views[Int(view.index) - 1].geometry.bounds = Rect(
            x: p.x, y: p.y, width: b.width, height: b.height)
    }
    func geometry(of view: ViewHandle) -> ViewGeometry { info(view).geometry }
    func setZoom(
        _ scrollView: ViewHandle, scale: Double, contentSize: Size, zoomingView: ViewHandle,
        transform: AffineTransform, center: Point
    ) {
        (engine as? any ScrollableHitTesting)?.setTransform(
            transform, center: center, of: info(zoomingView).id)
        let z = Int(zoomingView.index) - 1
        views[z].geometry.transform = transform
        views[z].geometry.center = center
        let i = Int(scrollView.index) - 1
        views[i].events?.scrollView?.zoomScale = scale
        views[i].events?.scrollView?.contentSize = contentSize
    }
    func setControlValue(_ value: Double, of view: ViewHandle) {
        let i = Int(view.index) - 1
        var e = views[i].events ?? .default
        e.control = e.control.withValue(value)
        views[i].events = e
    }
    func depth(of view: ViewHandle) -> Int { info(view).depth }
    func precedes(_ a: ViewHandle, _ b: ViewHandle) -> Bool { a.index < b.index }
    func forEachView(_ body: (ViewHandle) -> Bool) {
        for i in views.indices where !body(ViewHandle(index: UInt32(i + 1), generation: 1)) {
            return
        }
    }
}

extension Optional where Wrapped == SceneControl {
    /// The settings with this value (the defaults when there were none).
    package func withValue(_ value: Double) -> SceneControl {
        var c = self ?? SceneControl()
        c.value = value
        return c
    }
}

extension Dispatcher {
    /// What the view's class makes it: a scroll view, a control of a kind. Kept by class
    /// number when the world numbers its classes, so a class name is matched once.
    func classTraits(of view: ViewHandle) -> _ClassTraits {
        guard let k = world.classNumber(of: view) else {
            return _ClassTraits(className: world.className(of: view))
        }
        if k < inFlight.classTraits.count, let t = inFlight.classTraits[k] { return t }
        let t = _ClassTraits(className: world.className(of: view))
        if k >= inFlight.classTraits.count {
            inFlight.classTraits += repeatElement(nil, count: k + 1 - inFlight.classTraits.count)
        }
        inFlight.classTraits[k] = t
        return t
    }
}

/// What a view's class alone makes it (`rule-scroll-view-identity`, `rule-control-identity`).
struct _ClassTraits {
    /// A class of scroll view: a scroll view even without scroll view settings.
    var isScrollView: Bool
    /// The kind of control the class makes; nil for a class that is no control class.
    var control: ControlKind?

    init(className: String) {
        isScrollView = SceneScrollView.classes.contains(className)
        control = ControlKind(className: className)
    }
}
