extension Scene {
    /// Every view of the scene, windows included, in pre-order (a window, then its
    /// subviews first to last, depth first), with its depth (windows are depth 1) and
    /// its path of indexes. Iterative: safe on scenes of any depth.
    public func forEachView(_ body: (_ view: SceneView, _ depth: Int) throws -> Void) rethrows {
        var stack: [(view: SceneView, depth: Int)] = windows.reversed().map { ($0, 1) }
        while let (view, depth) = stack.popLast() {
            try body(view, depth)
            for s in view.subviews.reversed() { stack.append((s, depth + 1)) }
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
