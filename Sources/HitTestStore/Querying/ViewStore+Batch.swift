import Dispatch
import HitTestGeometry

extension ViewStore {
    /// Answers many points at once (hit maps, multi-touch, hover), in order, with the same
    /// answers as one query at a time. With `threads > 1` the points are split into
    /// chunks answered on that many threads, each with its own scratch; the store must not
    /// change meanwhile. Views with custom code run their closures on those threads too:
    /// a store that has any is answered on one thread.
    /// The corresponding C function is `htWorld_HitTestBatch`.
    public func hitTest(_ points: [Point], useIndexes: Bool = true, threads: Int = 1)
        -> [StoreHit?]
    {
        var results = [StoreHit?](repeating: nil, count: points.count)
        let workers =
            anyViewHasCustomCode ? 1 : max(1, min(threads, points.count / 256 + 1))
        let chunk = (points.count + workers - 1) / max(workers, 1)
        points.withUnsafeBufferPointer { src in
            results.withUnsafeMutableBufferPointer { out in
                if workers == 1 {
                    hitTest(src, into: out, useIndexes: useIndexes, scratch: QueryScratch())
                    return
                }
                nonisolated(unsafe) let (src, out) = (src, out)
                nonisolated(unsafe) let store = self
                DispatchQueue.concurrentPerform(iterations: workers) { w in
                    let start = w * chunk
                    let end = min(start + chunk, points.count)
                    guard start < end else { return }
                    store.hitTest(
                        UnsafeBufferPointer(rebasing: src[start..<end]),
                        into: UnsafeMutableBufferPointer(rebasing: out[start..<end]),
                        useIndexes: useIndexes, scratch: QueryScratch())
                }
            }
        }
        return results
    }

    /// Answers `points` into `results` (at least as many), in order, exactly as one
    /// `hitTest(_:useIndexes:scratch:)` a point would, on this thread with `scratch`.
    /// Allocates nothing once `scratch` has grown, and does nothing in proportion to the
    /// store's size: what hit maps, hover over many pointers and test harnesses call with
    /// buffers of their own. The corresponding C function is `htWorld_HitTestBatch` (with
    /// one thread).
    public func hitTest(
        _ points: UnsafeBufferPointer<Point>, into results: UnsafeMutableBufferPointer<StoreHit?>,
        useIndexes: Bool = true, scratch: QueryScratch
    ) {
        precondition(results.count >= points.count, "results holds \(results.count) answers for \(points.count) points")
        for i in points.indices { results[i] = hitTest(points[i], useIndexes: useIndexes, scratch: scratch) }
    }

    /// True when some view's code is custom (answered by its `CustomHitTestCode`). O(1).
    var anyViewHasCustomCode: Bool { storage.customCodeCount > 0 }
}
