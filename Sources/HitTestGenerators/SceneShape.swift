import HitTestGeometry
import HitTestScene

/// The shapes of generated scenes. Each is seeded and deterministic, at any size.
public enum SceneShape: String, CaseIterable, Sendable {
    /// N sibling views in one container, width and height uniform in [20, 100], placed
    /// uniformly in a square of side 40 x sqrt(N) (maps, canvases, diagram editors).
    case wide
    /// A chain: each view the only subview of the one before, all the same size.
    case deep
    /// An app-like layout: a window of sections of 8 x 8 panels; each panel a nav bar of
    /// 3 items, a content view of 6 x 4 cards (card > content > stack > image, title,
    /// subtitle, two buttons) and two overlays (a floating button and a popover). Every
    /// child lies inside its parent.
    case ui
    /// Long lists of cells in scroll views side by side, each scrolled to a random offset.
    case scroll
    /// The `ui` layout with quarter turns, arbitrary rotations and scales on some panels
    /// and cards.
    case transformed
    /// The `ui` layout with every hit rule: hidden, alpha around 0.01, enlarged and round
    /// buttons, `subviews` and `boundsOrSubviews` parents with overhanging badges,
    /// passthrough overlays, boxOnly cards and redirects to views that stick out.
    case mixed
    /// Groups of 20 cells stacked about `depth` deep under every point (map pins, card
    /// decks, stacked layers): the topmost view is always found under a pile of
    /// candidates. See `scene(views:seed:depth:)`.
    case stack

    /// The depth of `stack` scenes when none is given.
    public static let defaultDepth = 10

    /// A scene of this shape with `views` views in all (windows and containers included,
    /// at least 2); a `stack` scene `defaultDepth` deep.
    public func scene(views: Int, seed: UInt64) -> Scene {
        scene(views: views, seed: seed, depth: SceneShape.defaultDepth)
    }

    /// A scene of this shape with `views` views; `depth` is how many groups a `stack`
    /// scene piles under a point (at least 1; other shapes ignore it).
    public func scene(views: Int, seed: UInt64, depth: Int) -> Scene {
        switch self {
        case .stack: return StackLayout.scene(views: views, depth: depth, seed: seed)
        case .wide: return SceneShape.wide(views: views, seed: seed)
        case .deep: return SceneShape.deep(views: views)
        case .ui: return SceneShape.app(.plain, views: views, seed: seed)
        case .scroll: return ScrollLayout.scene(views: views, seed: seed)
        case .transformed: return SceneShape.app(.transformed, views: views, seed: seed)
        case .mixed: return SceneShape.app(.mixed, views: views, seed: seed)
        }
    }

    static func app(_ style: AppLayout.Style, views: Int, seed: UInt64) -> Scene {
        var layout = AppLayout(style: style, seed: seed)
        return layout.scene(views: views)
    }

    /// `x` rounded to a multiple of 1/64.
    static func sixtyFourths(_ x: Double) -> Double { (x * 64).rounded() / 64 }

    static func wide(views: Int, seed: UInt64) -> Scene {
        let n = max(views - 2, 0)
        let side = SceneShape.sixtyFourths(max(40 * Double(n).squareRoot(), 100))
        var rng = SplitMix64(seed: seed)
        var container = SceneView(
            id: "canvas", placement: .frame(Rect(x: 0, y: 0, width: side, height: side)))
        container.subviews.reserveCapacity(n)
        for i in 0..<n {
            // Multiples of 1/64: exact in 32-bit floats (below 2^18), so C structures that
            // read the boxes as floats (`hittest export`) answer exactly as we do.
            let w = SceneShape.sixtyFourths(rng.uniform(20, 100))
            let h = SceneShape.sixtyFourths(rng.uniform(20, 100))
            let x = SceneShape.sixtyFourths(rng.uniform(0, side - w))
            let y = SceneShape.sixtyFourths(rng.uniform(0, side - h))
            container.subviews.append(
                SceneView(id: "v\(i)", placement: .frame(Rect(x: x, y: y, width: w, height: h))))
        }
        var window = SceneView.window(
            id: "main", placement: .frame(Rect(x: 0, y: 0, width: side, height: side)))
        window.subviews = [container]
        return Scene(screen: Size(width: side, height: side), windows: [window])
    }

    /// Built bottom-up, so that no step recurses. Deeper than `Scene.Limits.maxDepth`
    /// the scene is still made, but loading it back from JSON is refused.
    static func deep(views: Int) -> Scene {
        let n = max(views - 1, 0)
        var chain: SceneView?
        for i in stride(from: n - 1, through: 0, by: -1) {
            var v = SceneView(
                id: "v\(i)", placement: .frame(Rect(x: 0, y: 0, width: 400, height: 400)))
            if let c = chain { v.subviews = [c] }
            chain = v
        }
        var window = SceneView.window(
            id: "main", placement: .frame(Rect(x: 0, y: 0, width: 400, height: 400)))
        if let c = chain { window.subviews = [c] }
        return Scene(screen: Size(width: 400, height: 400), windows: [window])
    }
}
