import HitTestGeometry
import HitTestScene

/// Every view of a scene, windows included, in pre-order (a window, then its subviews
/// first to last, depth first), with where its bounds lie on the screen.
///
/// A view's number in the catalog is what hit maps store per cell. Built iteratively
/// (any depth), O(n).
public struct ViewCatalog: Sendable {
    /// One view of the catalog.
    public struct Entry: Sendable {
        public var id: String
        /// Windows are depth 1.
        public var depth: Int
        /// The four corners of the view's bounds in screen points, in the order
        /// `(minX, minY)`, `(maxX, minY)`, `(maxX, maxY)`, `(minX, maxY)` of its bounds: a
        /// parallelogram (a box without rotation or shear). Composed from each ancestor's
        /// `ViewGeometry.toParent`, the forward map, so a singular transform gives a
        /// collapsed (degenerate) shape, and a non-finite one non-finite corners.
        public var corners: [Point]
        /// The view's bounds coordinates to screen points (composed `toParent`s).
        public var toScreen: AffineTransform
    }

    public private(set) var entries: [Entry] = []
    private var indexByID: [String: Int32] = [:]

    public init(scene: Scene) {
        // Each stack item: a view, its depth, and its parent's local-to-screen transform.
        var stack: [(SceneView, Int, AffineTransform)] = scene.windows.reversed().map {
            ($0, 1, .identity)
        }
        while let (view, depth, parentToScreen) = stack.popLast() {
            let geometry = view.geometry
            let toScreen = Self.localToParent(geometry).concatenating(parentToScreen)
            let b = geometry.bounds
            let local = [
                Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY),
                Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY),
            ]
            if indexByID[view.id] == nil { indexByID[view.id] = Int32(entries.count) }
            entries.append(
                Entry(
                    id: view.id, depth: depth, corners: local.map { toScreen.apply(to: $0) },
                    toScreen: toScreen))
            for s in view.subviews.reversed() { stack.append((s, depth + 1, toScreen)) }
        }
    }

    /// The catalog number of the view `id` (the first, if ids repeat), or nil.
    public func index(of id: String) -> Int32? { indexByID[id] }

    /// `toParent` as a matrix: `p -> center + T_linear * (p - anchorLocal) + (tx, ty)`.
    static func localToParent(_ g: ViewGeometry) -> AffineTransform {
        let t = g.transform
        let a = g.anchorLocal
        return AffineTransform(
            a: t.a, b: t.b, c: t.c, d: t.d,
            tx: g.center.x + t.tx - (t.a * a.x + t.c * a.y),
            ty: g.center.y + t.ty - (t.b * a.x + t.d * a.y))
    }
}
