import HitTestBridge
import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore

/// An engine built over one scene (`Engine.makeHitTester(scene:indexThreshold:)`), ready
/// to answer: through the one role (`HitTestable`) for the check, and through the
/// concrete engine in the timed loops, so that a query there costs what the engine's own
/// costs (no existential call, no id strings, no allocation).
final class BuiltEngine {
    let engine: Engine
    /// The engine as every caller sees it; its answers are the ones compared.
    let hitTester: any HitTestable

    /// `.flat` is built without indexes (threshold 0): it never reads them, and its build
    /// time and bytes are then its own.
    init(_ engine: Engine, scene: Scene) {
        self.engine = engine
        hitTester = engine.makeHitTester(
            scene: scene, indexThreshold: engine == .flat ? 0 : ViewStore.defaultIndexThreshold)
    }

    /// Bytes of the store and its indexes by its own count (nil for the reference).
    var storeBytes: Int? {
        (hitTester as? StoreEngine).map { e in
            let st = e.store.stats()
            return st.storeBytes + st.indexBytes
        }
    }

    /// Answers `points` one at a time (or in a batch on `threads` threads) and returns
    /// the number of hits, so that the work cannot be optimised away.
    func run(_ points: ArraySlice<Point>, threads: Int) -> Int {
        switch hitTester {
        case let r as ReferenceEngine:
            return BuiltEngine.runReference(r.screen, points)
        case let s as StoreEngine where threads > 1:
            return s.store.hitTest(Array(points), useIndexes: s.useIndexes, threads: threads).lazy
                .filter { $0 != nil }.count
        case let s as StoreEngine:
            return BuiltEngine.runStore(s.store, s.useIndexes, s.scratch, points)
        default:
            return BuiltEngine.runAny(hitTester, points)
        }
    }

    @inline(never)
    static func runReference(_ screen: Screen, _ points: ArraySlice<Point>) -> Int {
        var hits = 0
        for p in points where screen.hitTest(p) != nil { hits += 1 }
        return hits
    }

    @inline(never)
    static func runStore(
        _ store: ViewStore, _ useIndexes: Bool, _ scratch: QueryScratch,
        _ points: ArraySlice<Point>
    ) -> Int {
        var hits = 0
        for p in points where store.hitTest(p, useIndexes: useIndexes, scratch: scratch) != nil {
            hits += 1
        }
        return hits
    }

    /// Another engine (none is built here today): through the role.
    @inline(never)
    static func runAny(_ engine: any HitTestable, _ points: ArraySlice<Point>) -> Int {
        var hits = 0
        for p in points where engine.hitTest(p) != nil { hits += 1 }
        return hits
    }

    /// Answers for `runBatch`, sized by its first call so that timed calls allocate
    /// nothing.
    private var batchResults: [StoreHit?] = []

    /// Answers `points` in batches of `size` (nil: one batch) on this thread (the store's
    /// into-buffer batch) and returns the number of hits; the reference answers one at a
    /// time.
    func runBatch(_ points: ArraySlice<Point>, size: Int? = nil) -> Int {
        guard let s = hitTester as? StoreEngine else { return run(points, threads: 1) }
        if batchResults.count < points.count { batchResults = Array(repeating: nil, count: points.count) }
        var hits = 0
        let step = max(1, size ?? points.count)
        points.withUnsafeBufferPointer { src in
            batchResults.withUnsafeMutableBufferPointer { out in
                var start = 0
                while start < src.count {
                    let end = min(src.count, start + step)
                    s.store.hitTest(
                        UnsafeBufferPointer(rebasing: src[start..<end]),
                        into: UnsafeMutableBufferPointer(rebasing: out[start..<end]), useIndexes: s.useIndexes,
                        scratch: s.scratch)
                    start = end
                }
                for i in 0..<src.count where out[i] != nil { hits += 1 }
            }
        }
        return hits
    }

    /// The answer to one point, for checking engines against each other (not timed).
    func answer(_ p: Point) -> SceneHit? { hitTester.hitTest(p) }
}
