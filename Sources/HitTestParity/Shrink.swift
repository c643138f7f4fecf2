import HitTestGeometry
import HitTestScene

/// A greedy minimiser: removes windows and subtrees (in halves, then quarters, ... then
/// one by one), then resets each field of each view to its default, then drops custom
/// code, repeating while anything changes and the failure persists. The failure is any
/// predicate: a parity mismatch at a point, or in tests a made-up one.
public enum Shrink {
    /// The smallest scene found (with the custom code that still matters) for which
    /// `fails` holds. `fails(scene, custom)` must hold for the input.
    /// `maxAttempts` bounds the calls to `fails`.
    /// `hoist`: also try replacing a view that has one subview by that subview.
    public static func minimize(
        _ scene: Scene, custom: CustomPlan = CustomPlan(), maxAttempts: Int = 20_000,
        hoist: Bool = true,
        fails: (Scene, CustomPlan) -> Bool
    ) -> (scene: Scene, custom: CustomPlan) {
        withoutActuallyEscaping(fails) { fails in
            var s = Minimizer(scene: scene, custom: custom, budget: maxAttempts, fails: fails)
            s.hoisting = hoist
            s.run()
            return (s.scene, s.custom)
        }
    }

    /// The same, for a predicate on scenes alone.
    public static func minimize(
        _ scene: Scene, maxAttempts: Int = 20_000, hoist: Bool = true, fails: (Scene) -> Bool
    ) -> Scene {
        minimize(scene, maxAttempts: maxAttempts, hoist: hoist) { s, _ in fails(s) }.scene
    }

    /// A failing sequence of changes made smaller: steps dropped (halves first, then one
    /// by one), then the starting scene minimised with the steps fixed, then steps dropped
    /// again. `fails(scene, changes)` replays them.
    public static func minimize(
        scene: Scene, changes: [Change], maxAttempts: Int = 20_000, fails: (Scene, [Change]) -> Bool
    ) -> (scene: Scene, changes: [Change]) {
        withoutActuallyEscaping(fails) { fails in
            minimizeChanges(scene: scene, changes: changes, maxAttempts: maxAttempts, fails: fails)
        }
    }

    static func minimizeChanges(
        scene: Scene, changes: [Change], maxAttempts: Int,
        fails: @escaping (Scene, [Change]) -> Bool
    ) -> (scene: Scene, changes: [Change]) {
        var budget = maxAttempts
        var steps = changes
        var current = scene
        func dropSteps() {
            var chunk = Swift.max(1, steps.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < steps.count && budget > 0 {
                    var candidate = steps
                    candidate.removeSubrange(start..<Swift.min(start + chunk, steps.count))
                    budget -= 1
                    if fails(current, candidate) { steps = candidate } else { start += chunk }
                }
                if chunk == 1 { break }
                chunk /= 2
            }
        }
        dropSteps()
        let fixed = steps
        var m = Minimizer(scene: current, custom: CustomPlan(), budget: budget) { s, _ in
            fails(s, fixed)
        }
        m.run()
        current = m.scene
        budget = m.budget
        dropSteps()
        return (current, steps)
    }

    /// The index paths of every view (a window is `[w]`, its subviews `[w, i]`, ...),
    /// in pre-order.
    public static func paths(of scene: Scene) -> [[Int]] {
        var out: [[Int]] = []
        func walk(_ v: SceneView, _ path: [Int]) {
            out.append(path)
            for (i, s) in v.subviews.enumerated() { walk(s, path + [i]) }
        }
        for (i, w) in scene.windows.enumerated() { walk(w, [i]) }
        return out
    }
}

extension Scene {
    /// The view at an index path.
    public func view(at path: [Int]) -> SceneView {
        var v = windows[path[0]]
        for i in path.dropFirst() { v = v.subviews[i] }
        return v
    }

    /// Changes the view at an index path.
    public mutating func modify(at path: [Int], _ body: (inout SceneView) -> Void) {
        func go(_ v: inout SceneView, _ rest: ArraySlice<Int>) {
            guard let i = rest.first else { return body(&v) }
            go(&v.subviews[i], rest.dropFirst())
        }
        go(&windows[path[0]], path.dropFirst())
    }

    /// Clears every `redirectTo` that does not name a descendant (after removals).
    public mutating func dropDanglingRedirects() {
        func go(_ v: inout SceneView) -> Set<String> {
            var below: Set<String> = []
            for i in v.subviews.indices {
                below.insert(v.subviews[i].id)
                below.formUnion(go(&v.subviews[i]))
            }
            if let t = v.redirectTo, !below.contains(t) { v.redirectTo = nil }
            return below
        }
        for i in windows.indices { _ = go(&windows[i]) }
    }
}

struct Minimizer {
    var scene: Scene
    var custom: CustomPlan
    var budget: Int
    let fails: (Scene, CustomPlan) -> Bool
    var hoisting = true

    init(
        scene: Scene, custom: CustomPlan, budget: Int, fails: @escaping (Scene, CustomPlan) -> Bool
    ) {
        self.scene = scene
        self.custom = custom
        self.budget = budget
        self.fails = fails
    }

    /// Tries a candidate; keeps it when it still fails.
    mutating func attempt(_ candidate: Scene, _ plan: CustomPlan? = nil) -> Bool {
        guard budget > 0 else { return false }
        budget -= 1
        var c = candidate
        c.dropDanglingRedirects()
        let p = (plan ?? custom).restricted(to: c)
        if fails(c, p) {
            scene = c
            custom = p
            return true
        }
        return false
    }

    mutating func run() {
        var progress = true
        while progress && budget > 0 {
            progress = false
            if removeSubtrees() { progress = true }
            if resetFields() { progress = true }
            if dropCustomCode() { progress = true }
            if hoisting && hoist() { progress = true }
        }
    }

    /// Removes children (windows at the top) in chunks, largest first.
    mutating func removeSubtrees() -> Bool {
        var any = false
        // Windows.
        if removeChunks(
            count: { $0.windows.count }, remove: { s, r in s.windows.removeSubrange(r) })
        {
            any = true
        }
        var k = 0
        while k < Shrink.paths(of: scene).count {
            let path = Shrink.paths(of: scene)[k]
            if removeChunks(
                count: { $0.view(at: path).subviews.count },
                remove: { s, r in s.modify(at: path) { $0.subviews.removeSubrange(r) } })
            {
                any = true
            }
            k += 1
        }
        return any
    }

    mutating func removeChunks(count: (Scene) -> Int, remove: (inout Scene, Range<Int>) -> Void)
        -> Bool
    {
        var any = false
        var chunk = Swift.max(1, count(scene) / 2)
        while chunk >= 1 && budget > 0 {
            var start = 0
            while start < count(scene) && budget > 0 {
                var c = scene
                remove(&c, start..<Swift.min(start + chunk, count(scene)))
                if attempt(c) { any = true } else { start += chunk }
            }
            if chunk == 1 { break }
            chunk /= 2
        }
        return any
    }

    /// Replaces a view by one of its subviews (moved up a level), when that still fails.
    mutating func hoist() -> Bool {
        var any = false
        var k = 0
        while k < Shrink.paths(of: scene).count && budget > 0 {
            let path = Shrink.paths(of: scene)[k]
            k += 1
            guard path.count >= 2 else { continue }
            let v = scene.view(at: path)
            guard v.subviews.count == 1 else { continue }
            var c = scene
            let parentPath = Array(path.dropLast())
            c.modify(at: parentPath) { $0.subviews[path.last!] = v.subviews[0] }
            if attempt(c) { any = true }
        }
        return any
    }

    mutating func resetFields() -> Bool {
        var any = false
        for path in Shrink.paths(of: scene) {
            for reset in Minimizer.resets {
                guard budget > 0 else { return any }
                var c = scene
                var changed = false
                c.modify(at: path) { changed = reset(&$0) }
                if changed && attempt(c) { any = true }
            }
        }
        return any
    }

    mutating func dropCustomCode() -> Bool {
        var any = false
        for id in custom.code.keys.sorted() {
            var p = custom
            p.code[id] = nil
            if attempt(scene, p) {
                any = true
                continue
            }
            for keepPointInside in [false, true] {
                guard var c = custom.code[id] else { break }
                if keepPointInside {
                    guard c.hitTest != nil, c.pointInside != nil else { continue }
                    c.hitTest = nil
                } else {
                    guard c.pointInside != nil, c.hitTest != nil else { continue }
                    c.pointInside = nil
                }
                var q = custom
                q.code[id] = c
                if attempt(scene, q) { any = true }
            }
        }
        return any
    }

    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
    static func same(_ a: Point, _ b: Point) -> Bool { a.isIdentical(to: b) }

    /// Each reset sets one field to its default (or simpler value) and says whether that
    /// changed anything (bitwise, so that -0 becomes 0 too).
    static var resets: [(inout SceneView) -> Bool] {
        [
            { v in
                let t = v.transform
                let i = AffineTransform.identity
                let isIdentity =
                    same(t.a, i.a) && same(t.b, i.b) && same(t.c, i.c) && same(t.d, i.d)
                    && same(t.tx, 0) && same(t.ty, 0)
                v.transform = .identity
                return !isIdentity
            },
            { v in
                // Keep the linear part, drop the translation.
                let t = v.transform
                guard !(same(t.tx, 0) && same(t.ty, 0)) else { return false }
                v.transform.tx = 0
                v.transform.ty = 0
                return true
            },
            { v in
                defer { v.boundsOrigin = .zero }
                return !same(v.boundsOrigin, .zero)
            },
            { v in
                defer { v.anchorPoint = ViewGeometry.defaultAnchorPoint }
                return !same(v.anchorPoint, ViewGeometry.defaultAnchorPoint)
            },
            { v in
                defer { v.isHidden = false }
                return v.isHidden
            },
            { v in
                defer { v.alpha = 1 }
                return !same(v.alpha, 1)
            },
            { v in
                defer { v.isUserInteractionEnabled = true }
                return !v.isUserInteractionEnabled
            },
            { v in
                let plain = v.level == nil ? "UIView" : "UIWindow"
                defer { v.className = plain }
                return v.className != plain
            },
            { v in
                defer { v.clipsToBounds = false }
                return v.clipsToBounds
            },
            { v in
                let i = v.hitRules.hitInsets
                defer { v.hitRules.hitInsets = .zero }
                return !(same(i.top, 0) && same(i.left, 0) && same(i.bottom, 0) && same(i.right, 0))
            },
            { v in
                defer { v.hitRules.hitShape = .rect }
                return v.hitRules.hitShape != .rect
            },
            { v in
                defer { v.hitRules.pointInside = .bounds }
                return v.hitRules.pointInside != .bounds
            },
            { v in
                defer { v.hitRules.hitTestRule = .default }
                return v.hitRules.hitTestRule != .default
            },
            { v in
                defer { v.redirectTo = nil }
                return v.redirectTo != nil
            },
            { v in
                guard let l = v.level, !same(l, 0) else { return false }
                v.level = 0
                return true
            },
            { v in
                // Whole numbers for the placement.
                let before = v.placement
                switch v.placement {
                case .frame(let r):
                    v.placement = .frame(
                        Rect(
                            x: r.minX.rounded(), y: r.minY.rounded(), width: r.width.rounded(),
                            height: r.height.rounded()))
                case .centerSize(let c, let s):
                    v.placement = .centerSize(
                        Point(x: c.x.rounded(), y: c.y.rounded()),
                        Size(width: s.width.rounded(), height: s.height.rounded()))
                }
                return !Minimizer.sameBits(before, v.placement)
            },
        ]
    }

    static func sameBits(_ a: SceneView.Placement, _ b: SceneView.Placement) -> Bool {
        switch (a, b) {
        case (.frame(let r), .frame(let s)):
            return same(r.minX, s.minX) && same(r.minY, s.minY) && same(r.width, s.width)
                && same(r.height, s.height)
        case (.centerSize(let c, let z), .centerSize(let d, let w)):
            return same(c, d) && same(z.width, w.width) && same(z.height, w.height)
        default:
            return false
        }
    }
}
