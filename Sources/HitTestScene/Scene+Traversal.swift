extension Scene {
    /// Every view of the scene, windows included, in pre-order (a window, then its
    /// subviews first to last, depth first), with its depth (windows are depth 1).
    /// Iterative: safe on scenes of any depth.
    @inlinable
    public func forEachView(_ body: (_ view: SceneView, _ depth: Int) throws -> Void) rethrows {
        // The stack holds subview lists and where each is up to, not views: a `SceneView`
        // is a few hundred bytes of fields, and copying each one onto a stack and off
        // again cost more than the walk itself. A list whose last view is being visited
        // gives its place to that view's subviews (a tail call), so a chain of single
        // children keeps one entry, not one per level (a 100k-deep chain grew the stack
        // seventeen times).
        var stack: [(list: [SceneView], next: Int, depth: Int)] = [(windows, 0, 1)]
        while let top = stack.indices.last {
            let (list, k, depth) = stack[top]
            if k == list.count {
                stack.removeLast()
                continue
            }
            stack[top].next = k + 1
            let below = try list.withUnsafeBufferPointer { views in
                try body(views[k], depth)
                return views[k].subviews
            }
            if below.isEmpty { continue }
            if k + 1 == list.count {
                stack[top] = (below, 0, depth + 1)
            } else {
                stack.append((below, 0, depth + 1))
            }
        }
    }

    /// The number of views, windows included.
    public var viewCount: Int {
        var n = 0
        forEachView { _, _ in n += 1 }
        return n
    }

    /// The depth of the deepest view (a window alone is depth 1; 0 for no windows).
    public var depth: Int {
        var d = 0
        forEachView { _, depth in d = max(d, depth) }
        return d
    }
}
