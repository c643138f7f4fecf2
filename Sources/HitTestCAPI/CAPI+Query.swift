// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The Swift names of the @c functions are their C names: box2d style, htType_Verb.)
import CHitTestShim
import Dispatch
import HitTestGeometry
@_spi(Tables) import HitTestStore

// Queries. See include/hittest/hittest.h.

@inline(__always)
func _fill(_ out: UnsafeMutablePointer<htHit>, _ hit: StoreHit?, _ w: _CWorld) {
    if let hit {
        out.pointee = htHit(
            view: w.viewID(hit.view), window: w.viewID(hit.window),
            localPoint: htVec2(x: hit.localPoint.x, y: hit.localPoint.y))
    } else {
        out.pointee = htHit()
    }
}

/// One query with the world's scratch (`ViewStore.hitTest(_:useIndexes:scratch:)`, the `bvh`
/// engine). The corresponding C function is `htWorld_HitTest`.
@c(htWorld_HitTest)
public func htWorld_HitTest(
    _ world: htWorldId, _ point: htVec2, _ hit: UnsafeMutablePointer<htHit>?
) -> htResult {
    _capi { () throws(_CError) in
        let w = try _world(world, _CFunction())
        let out = try _nonNull(hit, _CFunction(), "hit")
        _fill(out, w.store.hitTest(Point(x: point.x, y: point.y), scratch: w.scratch), w)
    }
}

/// Many queries, optionally on several threads (as `ViewStore.hitTest(_:useIndexes:threads:)`
/// does, writing straight into the caller's array), each thread's share answered by the
/// store's batch query (`ViewStore.hitTest(count:useIndexes:scratch:point:answer:)`). The
/// corresponding C function is `htWorld_HitTestBatch`.
@c(htWorld_HitTestBatch)
public func htWorld_HitTestBatch(
    _ world: htWorldId, _ points: UnsafePointer<htVec2>?, _ count: Int32,
    _ hits: UnsafeMutablePointer<htHit>?, _ threads: Int32
) -> htResult {
    _capi { () throws(_CError) in
        let f = _CFunction()
        let w = try _world(world, f)
        if count < 0 {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): count must be >= 0, got \(count)")
        }
        if threads < 1 {
            throw _CError(HT_ERROR_INVALID_ARGUMENT, "\(f): threads must be >= 1, got \(threads)")
        }
        if count == 0 { return }
        let ps = try _nonNull(points, f, "points")
        let out = try _nonNull(hits, f, "hits")
        let n = Int(count)
        let workers = min(Int(threads), n / 256 + 1)
        if workers == 1 {
            w.store.hitTest(
                count: n, useIndexes: true, scratch: w.scratch, point: { Point(x: ps[$0].x, y: ps[$0].y) },
                answer: { _fill(out + $0, $1, w) })
            return
        }
        // Each thread's scratch, reserved as the world's is (`_reserveScratch`) before any
        // query runs: a refusal is an error with no answer written.
        var scratches: [QueryScratch] = []
        scratches.reserveCapacity(workers)
        for _ in 0..<workers {
            let scratch = QueryScratch(unreserved: ())
            if let r = scratch.tryReserve(height: w.height) { throw _outOfMemory(r, f) }
            scratches.append(scratch)
        }
        nonisolated(unsafe) let (store, src, dst, own) = (w.store, ps, out, scratches)
        let chunk = (n + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { k in
            let start = k * chunk
            let end = min(n, start + chunk)
            guard start < end else { return }
            store.hitTest(
                count: end - start, useIndexes: true, scratch: own[k],
                point: { Point(x: src[start + $0].x, y: src[start + $0].y) },
                answer: { _fill(dst + start + $0, $1, w) })
        }
    }
}
