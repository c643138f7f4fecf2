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
        if workers == 1 {
            let scratch = QueryScratch()
            for (i, p) in points.enumerated() {
                results[i] = hitTest(p, useIndexes: useIndexes, scratch: scratch)
            }
            return results
        }
        let chunk = (points.count + workers - 1) / workers
        results.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            nonisolated(unsafe) let store = self
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                let scratch = QueryScratch()
                let start = w * chunk
                let end = min(start + chunk, points.count)
                if start < end {
                    for i in start..<end {
                        out[i] = store.hitTest(points[i], useIndexes: useIndexes, scratch: scratch)
                    }
                }
            }
        }
        return results
    }

    /// True when some view's code is custom (answered by its `CustomHitTestCode`).
    var anyViewHasCustomCode: Bool {
        for s in 0..<columns.flags.count where columns.flags[s] & _Flags.custom != 0 { return true }
        return false
    }
}
