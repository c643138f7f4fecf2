import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore

/// The engines a benchmark compares.
public enum BenchEngine: String, CaseIterable, Sendable {
    /// The reference recursive algorithm (the oracle), on a tree of `View` objects.
    case reference
    /// The store's iterative walk, without child indexes.
    case flat
    /// The store's walk with bounding-volume indexes over big containers.
    case bvh
}

/// One answer, engine-neutral, compared bit for bit between engines.
struct BenchAnswer: Equatable {
    var view: String?
    var window: String?
    var localX: UInt64 = 0
    var localY: UInt64 = 0

    static let miss = BenchAnswer()

    var text: String {
        guard let view else { return "no view" }
        let x = Double(bitPattern: localX)
        let y = Double(bitPattern: localY)
        return "\(view) in \(window ?? "?") at (\(x), \(y))"
    }
}

/// An engine built over one scene, ready to answer.
final class BuiltEngine {
    let engine: BenchEngine
    private let screen: Screen?
    private let store: ViewStore?
    private let scratch = QueryScratch()

    init(_ engine: BenchEngine, scene: Scene) {
        self.engine = engine
        switch engine {
        case .reference:
            screen = Screen(scene: scene)
            store = nil
        case .flat:
            screen = nil
            store = ViewStore(scene: scene, indexThreshold: 0)
        case .bvh:
            screen = nil
            store = ViewStore(scene: scene)
        }
    }

    /// Bytes of the store and its indexes by its own count (nil for the reference).
    var storeBytes: Int? {
        store.map { s in
            let st = s.stats()
            return st.storeBytes + st.indexBytes
        }
    }

    /// Answers `points` one at a time (or in a batch on `threads` threads) and returns
    /// the number of hits, so that the work cannot be optimised away.
    func run(_ points: ArraySlice<Point>, threads: Int) -> Int {
        if let screen { return BuiltEngine.runReference(screen, points) }
        let store = store!
        let fast: FastEngine = engine == .flat ? .flat : .bvh
        if threads > 1 {
            return store.hitTest(Array(points), engine: fast, threads: threads).lazy.filter {
                $0 != nil
            }.count
        }
        return BuiltEngine.runStore(store, fast, scratch, points)
    }

    @inline(never)
    static func runReference(_ screen: Screen, _ points: ArraySlice<Point>) -> Int {
        var hits = 0
        for p in points where screen.hitTest(p) != nil { hits += 1 }
        return hits
    }

    @inline(never)
    static func runStore(
        _ store: ViewStore, _ engine: FastEngine, _ scratch: QueryScratch,
        _ points: ArraySlice<Point>
    ) -> Int {
        var hits = 0
        for p in points where store.hitTest(p, engine: engine, scratch: scratch) != nil {
            hits += 1
        }
        return hits
    }

    /// The answer to one point, for checking engines against each other (not timed).
    func answer(_ p: Point) -> BenchAnswer {
        if let screen {
            guard let r = screen.hitTest(p) else { return .miss }
            return BenchAnswer(
                view: r.view.id, window: r.window.id, localX: r.localPoint.x.bitPattern,
                localY: r.localPoint.y.bitPattern)
        }
        let store = store!
        guard let h = store.hitTest(p, engine: engine == .flat ? .flat : .bvh, scratch: scratch)
        else { return .miss }
        return BenchAnswer(
            view: store.id(of: h.view), window: store.id(of: h.window),
            localX: h.localPoint.x.bitPattern, localY: h.localPoint.y.bitPattern)
    }
}
