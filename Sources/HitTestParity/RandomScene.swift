import HitTestGenerators
import HitTestGeometry
import HitTestScene

/// How big and how wild the random scenes are.
public struct SceneOptions: Hashable, Sendable {
    /// Views besides those of a big container (windows not counted).
    public var maxViews: Int
    /// The deepest nesting (a window's subviews are depth 1).
    public var maxDepth: Int
    /// Subviews per view, at most.
    public var maxChildren: Int
    /// The chance that one container gets many children (so that child indexes are built).
    public var bigContainerChance: Double
    public var bigContainerChildren: ClosedRange<Int>
    /// The chance that a view with a subtree gets a `redirectTo`.
    public var redirectChance: Double
    /// The chance that a scene gets a pile: one container of many views stacked over one
    /// another, each a little off the one below (cards, map pins, layers), so that a point
    /// is under dozens of candidates. 0 by default, so that the default scenes of a seed
    /// stay what they were; `FuzzOptions.piles` turns it on.
    public var pileChance = 0.0

    public init(
        maxViews: Int = 60, maxDepth: Int = 8, maxChildren: Int = 6,
        bigContainerChance: Double = 0.2,
        bigContainerChildren: ClosedRange<Int> = 40...200, redirectChance: Double = 0.08
    ) {
        self.maxViews = maxViews
        self.maxDepth = maxDepth
        self.maxChildren = maxChildren
        self.bigContainerChance = bigContainerChance
        self.bigContainerChildren = bigContainerChildren
        self.redirectChance = redirectChance
    }

    /// Options scaled by a size in `1...100` (what a property-based shrinker reduces):
    /// size 1 is a window with a view or two; 100 is the full generator.
    public init(size: Int, maxViews: Int = 60) {
        let s = Swift.min(Swift.max(size, 1), 100)
        self.init(
            maxViews: Swift.max(1, maxViews * s / 100), maxDepth: Swift.min(8, 1 + s / 8),
            maxChildren: Swift.min(6, 1 + s / 10), bigContainerChance: s >= 30 ? 0.2 : 0,
            bigContainerChildren: 40...Swift.max(40, 200 * s / 100))
    }
}

/// Random scenes from a seed: every field of `rule-scene-format` that matters to hit-testing.
public enum RandomScene {
    public static func make(seed: UInt64, options: SceneOptions = SceneOptions()) -> Scene {
        var rng = SplitMix64(seed: seed)
        return make(&rng, options: options)
    }

    public static func make(_ rng: inout SplitMix64, options: SceneOptions) -> Scene {
        var g = Builder(options: options)
        var scene = Scene()
        let windowCount = rng.weighted([(5, 1), (3, 2), (2, 3)])
        var budgets = split(options.maxViews, into: windowCount, &rng)
        let bigWindow = rng.chance(options.bigContainerChance) ? rng.below(windowCount) : -1
        for k in 0..<windowCount {
            var w = g.window(&rng)
            g.fill(&w, depth: 1, budget: &budgets[k], &rng)
            if k == bigWindow { g.addBigContainer(to: &w, &rng) }
            scene.windows.append(w)
        }
        for k in scene.windows.indices { g.addRedirects(&scene.windows[k], &rng) }
        if options.pileChance > 0 && rng.chance(options.pileChance) {
            g.addPile(to: &scene.windows[rng.below(scene.windows.count)], &rng)
        }
        return scene
    }

    /// Splits a budget at random, at least one each.
    static func split(_ total: Int, into n: Int, _ rng: inout SplitMix64) -> [Int] {
        var out = [Int](repeating: 1, count: n)
        for _ in 0..<Swift.max(0, total - n) { out[rng.below(n)] += 1 }
        return out
    }

    struct Builder {
        var options: SceneOptions
        var nextID = 0
        var nextWindow = 0

        mutating func id() -> String {
            nextID += 1
            return "v\(nextID)"
        }

        mutating func window(_ rng: inout SplitMix64) -> SceneView {
            nextWindow += 1
            let placement: SceneView.Placement
            if rng.chance(0.7) {
                placement = .frame(Rect(x: 0, y: 0, width: 390, height: 844))
            } else {
                placement = RandomFields.placement(&rng, in: Size(width: 390, height: 844))
            }
            var w = SceneView.window(
                id: "w\(nextWindow)", placement: placement, level: RandomFields.level(&rng))
            if rng.chance(0.15) { w.transform = RandomFields.transform(&rng, identityWeight: 4) }
            if rng.chance(0.15) { w.boundsOrigin = RandomFields.boundsOrigin(&rng) }
            if rng.chance(0.1) { w.anchorPoint = RandomFields.anchorPoint(&rng) }
            RandomFields.keepCenterFinite(&w)
            decorate(&w, parentMode: .bounds, &rng, mild: true)
            return w
        }

        /// Flags and rules of a view.
        mutating func decorate(
            _ v: inout SceneView, parentMode: PointInsideMode, _ rng: inout SplitMix64, mild: Bool
        ) {
            if rng.chance(mild ? 0.02 : 0.05) { v.isHidden = true }
            if rng.chance(mild ? 0.1 : 0.25) { v.alpha = RandomFields.alpha(&rng) }
            if rng.chance(mild ? 0.02 : 0.05) { v.isUserInteractionEnabled.toggle() }
            if rng.chance(0.1) { v.clipsToBounds = true }
            v.hitRules = RandomFields.hitRules(&rng, parentMode: parentMode)
        }

        mutating func view(parentSize: Size, parentMode: PointInsideMode, _ rng: inout SplitMix64)
            -> SceneView
        {
            let className = RandomFields.className(&rng)
            var v = SceneView(
                id: id(), className: className,
                placement: RandomFields.placement(&rng, in: parentSize))
            if (className == "UILabel" || className == "UIImageView") && rng.chance(0.3) {
                v.isUserInteractionEnabled = true
            }
            if rng.chance(0.35) { v.transform = RandomFields.transform(&rng, identityWeight: 0) }
            if rng.chance(0.2) { v.boundsOrigin = RandomFields.boundsOrigin(&rng) }
            if rng.chance(0.2) { v.anchorPoint = RandomFields.anchorPoint(&rng) }
            RandomFields.keepCenterFinite(&v)
            decorate(&v, parentMode: parentMode, &rng, mild: false)
            return v
        }

        /// Adds a random subtree under `v` (at `depth`), spending from `budget`.
        mutating func fill(
            _ v: inout SceneView, depth: Int, budget: inout Int, _ rng: inout SplitMix64
        ) {
            guard depth <= options.maxDepth, budget > 0 else { return }
            let n = rng.int(0...options.maxChildren)
            let count = depth == 1 ? Swift.max(1, n) : n
            let size = v.geometry.bounds.size
            for _ in 0..<count where budget > 0 {
                budget -= 1
                var child = view(parentSize: size, parentMode: v.hitRules.pointInside, &rng)
                if rng.chance(depth < 3 ? 0.7 : 0.45) {
                    fill(&child, depth: depth + 1, budget: &budget, &rng)
                }
                v.subviews.append(child)
            }
        }

        /// One container, somewhere in the window, with many children (40 to 200 by default).
        mutating func addBigContainer(to w: inout SceneView, _ rng: inout SplitMix64) {
            let n = rng.int(options.bigContainerChildren)
            // Often a scroll view (a list): its rows' boxes and child index in its content
            // coordinates.
            var c = SceneView(
                id: id(), className: rng.chance(0.4) ? "UITableView" : "UIView",
                placement: .frame(Rect(x: 0, y: rng.pick([0, 44, 100]), width: 390, height: 700)))
            if rng.chance(0.3) {
                c.boundsOrigin = Point(x: 0, y: RandomFields.coordinate(&rng, 0, 2000))
            }
            if rng.chance(0.2) { c.transform = RandomFields.transform(&rng, identityWeight: 3) }
            if rng.chance(0.15) { c.hitRules.hitTestRule = .passthrough }
            if rng.chance(0.1) {
                c.hitRules.pointInside = rng.chance(0.5) ? .subviews : .boundsOrSubviews
            }
            let columns = rng.int(1...6)
            let cell = 390 / Double(columns)
            for k in 0..<n {
                var child: SceneView
                if rng.chance(0.8) {
                    // A grid cell, overlapping its neighbours a little sometimes.
                    let x = Double(k % columns) * cell + (rng.chance(0.3) ? rng.double(-8, 8) : 0)
                    let y = Double(k / columns) * 44 + (rng.chance(0.3) ? rng.double(-8, 8) : 0)
                    let w = rng.chance(0.2) ? cell * rng.double(0.5, 1.6) : cell
                    let h = rng.chance(0.2) ? rng.double(0, 90) : 44
                    child = SceneView(
                        id: id(), placement: .frame(Rect(x: x, y: y, width: w, height: h)))
                    if rng.chance(0.1) {
                        child.transform = RandomFields.transform(&rng, identityWeight: 0)
                    }
                    if rng.chance(0.15) {
                        decorate(&child, parentMode: c.hitRules.pointInside, &rng, mild: false)
                    }
                } else {
                    child = view(
                        parentSize: Size(width: 390, height: 700),
                        parentMode: c.hitRules.pointInside, &rng)
                }
                if rng.chance(0.1) {
                    var budget = 3
                    fill(&child, depth: options.maxDepth - 1, budget: &budget, &rng)
                }
                c.subviews.append(child)
            }
            // Somewhere in the existing tree: on the window, or inside one of its views.
            insertSomewhere(c, into: &w, depth: 0, &rng)
        }

        /// A pile: 16 to 120 views of about one size, each shifted a few points from the one
        /// below, with the hit rules, flags and small subtrees of other views, in one
        /// container somewhere in the window.
        mutating func addPile(to w: inout SceneView, _ rng: inout SplitMix64) {
            let n = rng.int(16...120)
            var c = SceneView(
                id: id(),
                placement: .frame(Rect(x: rng.double(0, 200), y: rng.double(0, 400), width: 300, height: 300)))
            if rng.chance(0.2) { c.transform = RandomFields.transform(&rng, identityWeight: 3) }
            let (w0, h0) = (rng.double(20, 120), rng.double(20, 120))
            var (x, y) = (rng.double(0, 40), rng.double(0, 40))
            for _ in 0..<n {
                let width = w0 * rng.double(0.9, 1.1)
                let height = h0 * rng.double(0.9, 1.1)
                var child = SceneView(
                    id: id(), placement: .frame(Rect(x: x, y: y, width: width, height: height)))
                if rng.chance(0.3) {
                    decorate(&child, parentMode: c.hitRules.pointInside, &rng, mild: rng.chance(0.5))
                }
                if rng.chance(0.05) { child.transform = RandomFields.transform(&rng, identityWeight: 0) }
                if rng.chance(0.1) {
                    var budget = 3
                    fill(&child, depth: options.maxDepth - 1, budget: &budget, &rng)
                }
                c.subviews.append(child)
                x += rng.double(-1, 3)
                y += rng.double(-1, 3)
            }
            insertSomewhere(c, into: &w, depth: 0, &rng)
        }

        func insertSomewhere(
            _ c: SceneView, into v: inout SceneView, depth: Int, _ rng: inout SplitMix64
        ) {
            if depth < 2, !v.subviews.isEmpty, rng.chance(0.4) {
                let k = rng.below(v.subviews.count)
                insertSomewhere(c, into: &v.subviews[k], depth: depth + 1, &rng)
                return
            }
            v.subviews.insert(c, at: rng.below(v.subviews.count + 1))
        }

        /// Gives some views a `redirectTo` naming a random descendant.
        func addRedirects(_ v: inout SceneView, _ rng: inout SplitMix64) {
            for k in v.subviews.indices { addRedirects(&v.subviews[k], &rng) }
            guard !v.subviews.isEmpty, rng.chance(options.redirectChance) else { return }
            var ids: [String] = []
            var stack = v.subviews
            while let s = stack.popLast() {
                ids.append(s.id)
                stack.append(contentsOf: s.subviews)
            }
            ids.sort()
            v.redirectTo = rng.pick(ids)
        }
    }
}
