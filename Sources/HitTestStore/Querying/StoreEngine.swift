import HitTestGeometry
import HitTestScene

/// The fast store as a `HitTestable`: `ViewStore.hitTest(_:useIndexes:scratch:)`,
/// `ViewStore.responderChain(of:)` and the local point of a view, answered by id
/// (`Engine.flat` without indexes, `Engine.bvh` with them).
///
/// Each hit test allocates only the answer's id strings; code that must not allocate
/// (the benchmark's timed loops, the C API) calls the store with handles instead. The
/// store is shared by reference: its changes (a scroll view's bounds origin as dispatch
/// scrolls it) are seen by later answers. Not thread-safe: it owns one `QueryScratch`.
public struct StoreEngine: HitTestable {
    /// The store answering every question.
    public let store: ViewStore
    /// Which walk answers: `true` is `Engine.bvh`, `false` is `Engine.flat`.
    public let useIndexes: Bool
    /// The scratch its queries use. Code on the same thread that queries `store` directly
    /// (a benchmark's timed loop) may use it too.
    public let scratch = QueryScratch()

    /// Answers from `store` with the walk `useIndexes` chooses.
    public init(store: ViewStore, useIndexes: Bool = true) {
        self.store = store
        self.useIndexes = useIndexes
    }

    /// The engine this is: `.bvh` or `.flat`.
    public var engine: Engine { useIndexes ? .bvh : .flat }

    /// The store's hit test, by ids.
    public func hitTest(_ screenPoint: Point) -> SceneHit? {
        store.hitTest(screenPoint, useIndexes: useIndexes, scratch: scratch).map(sceneHit)
    }

    /// A store hit by ids.
    private func sceneHit(_ h: StoreHit) -> SceneHit {
        SceneHit(
            view: store.id(of: h.view), window: store.id(of: h.window), localPoint: h.localPoint)
    }

    /// The store's batch query (`ViewStore.hitTest(_:useIndexes:threads:)`), by ids.
    public func hitTest(_ screenPoints: [Point], threads: Int) -> [SceneHit?] {
        store.hitTest(screenPoints, useIndexes: useIndexes, threads: threads).map {
            $0.map(sceneHit)
        }
    }

    /// The store's responder chain of the view with this id (the first with it).
    public func responderChain(of viewID: String) -> [ResponderLink] {
        guard let h = store.view(withID: viewID) else { return [] }
        return store.responderChain(of: h)
    }

    /// The point converted from the screen down to the view, level by level, with the
    /// same arithmetic in the same order as the reference's `convert(_:from: nil)`.
    public func location(_ screenPoint: Point, in viewID: String) -> Point {
        guard let h = store.view(withID: viewID) else { return screenPoint }
        return store.localPoint(store.slot(h), screenPoint)
    }
}

extension StoreEngine: ScrollableHitTesting {
    /// Moves the store's bounds origin through `ViewStore.updateGeometry`, which refits
    /// the indexes incrementally (the store is shared by reference).
    public func setBoundsOrigin(_ origin: Point, of viewID: String) {
        guard let h = store.view(withID: viewID) else { return }
        store.setBoundsOrigin(origin, of: h)
    }

    /// Sets the view's transform and center in one `ViewStore.updateGeometry`, which
    /// refits the indexes incrementally.
    public func setTransform(_ transform: AffineTransform, center: Point, of viewID: String) {
        guard let h = store.view(withID: viewID) else { return }
        store.updateGeometry(h) {
            $0.transform = transform
            $0.center = center
        }
    }
}
