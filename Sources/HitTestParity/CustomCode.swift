import HitTestGenerators
import HitTestGeometry
import HitTestReference
import HitTestScene

/// A `pointInsideHandler` of the kind people write, as a value (so that it can be
/// printed, replayed and shrunk).
public enum PointInsideCode: Hashable, Sendable, CustomStringConvertible {
    /// `view.bounds.inset(by: EdgeInsets(all: -k)).contains(p)`: a hit area enlarged by k.
    case enlarged(Double)
    /// `view.defaultPointInside(p) || circle(p)`: the default, or a circle of this radius
    /// about the bounds' centre.
    case defaultOrCircle(Double)
    /// Only the circle.
    case circle(Double)
    /// Just `view.defaultPointInside(p)`.
    case defaultOnly

    public var description: String {
        switch self {
        case .enlarged(let k): "pointInside: bounds enlarged by \(k)"
        case .defaultOrCircle(let r): "pointInside: default or circle r=\(r)"
        case .circle(let r): "pointInside: circle r=\(r)"
        case .defaultOnly: "pointInside: default"
        }
    }
}

/// A `hitTestHandler` of the kind people write, as a value.
public enum HitTestCode: Hashable, Sendable, CustomStringConvertible {
    /// `let r = view.defaultHitTest(p); return r === view ? nil : r` (an overlay).
    case passThroughSelf
    /// Returns the descendant with this id when `view.convert(p, to: d)` is inside it
    /// (by its `point(inside:)`, or by its bounds when `byBounds`), else the default.
    case preferDescendant(String, byBounds: Bool)
    /// Just `view.defaultHitTest(p)`.
    case defaultOnly
    /// The default, but only while the point is inside the view's bounds enlarged by k
    /// (a hitTest that checks the point itself first).
    case guardedDefault(Double)
    /// The default; where that is the view itself, another view (anywhere on the screen:
    /// a sibling, an ancestor, a view of another window) takes the touch instead.
    case forwardSelf(to: String)

    public var description: String {
        switch self {
        case .passThroughSelf: "hitTest: default, nil for itself"
        case .preferDescendant(let id, let byBounds):
            "hitTest: \(id) when inside its \(byBounds ? "bounds" : "pointInside"), else default"
        case .defaultOnly: "hitTest: default"
        case .guardedDefault(let k): "hitTest: default while inside bounds enlarged by \(k)"
        case .forwardSelf(let id): "hitTest: default, \(id) instead of itself"
        }
    }
}

/// The custom code of one view.
public struct CustomCode: Hashable, Sendable, CustomStringConvertible {
    public var pointInside: PointInsideCode?
    public var hitTest: HitTestCode?

    public init(pointInside: PointInsideCode? = nil, hitTest: HitTestCode? = nil) {
        self.pointInside = pointInside
        self.hitTest = hitTest
    }

    public var description: String {
        [pointInside?.description, hitTest?.description].compactMap { $0 }.joined(separator: "; ")
    }
}

/// Custom code for some views of a scene, by view id.
public struct CustomPlan: Hashable, Sendable, CustomStringConvertible {
    public var code: [String: CustomCode]

    public init(_ code: [String: CustomCode] = [:]) {
        self.code = code
    }

    public var isEmpty: Bool { code.isEmpty }

    public var description: String {
        if code.isEmpty { return "(none)" }
        return code.keys.sorted().map { "\($0): \(code[$0]!)" }.joined(separator: "\n")
    }

    /// Random custom code for about `rate` of the views (windows included).
    public static func random(for scene: Scene, rate: Double, _ rng: inout SplitMix64) -> CustomPlan
    {
        var plan = CustomPlan()
        var views: [SceneView] = []
        scene.forEachView { v, _ in views.append(v) }
        for v in views where rng.chance(rate) {
            var c = CustomCode()
            if rng.chance(0.6) {
                c.pointInside = rng.weighted([
                    (3, PointInsideCode.enlarged(rng.pick([1, 4, 10, 22.5, -5]))),
                    (3, .defaultOrCircle(rng.pick([5, 20, 60.5]))),
                    (1, .circle(rng.pick([10, 44]))),
                    (1, .defaultOnly),
                ])
            }
            if c.pointInside == nil || rng.chance(0.5) {
                var descendants: [String] = []
                var stack = v.subviews
                while let s = stack.popLast() {
                    descendants.append(s.id)
                    stack.append(contentsOf: s.subviews)
                }
                let prefer: HitTestCode? =
                    descendants.isEmpty
                    ? nil : .preferDescendant(rng.pick(descendants), byBounds: rng.chance(0.5))
                c.hitTest = rng.weighted([
                    (3, HitTestCode.passThroughSelf),
                    (prefer == nil ? 0 : 3, prefer ?? .defaultOnly),
                    (1, .defaultOnly),
                    (1, .guardedDefault(rng.pick([0, 8]))),
                    (1, .forwardSelf(to: rng.pick(views).id)),
                ])
            }
            plan.code[v.id] = c
        }
        return plan
    }

    /// Sets the handlers on the reference tree. Views the plan names that the tree does
    /// not have are skipped.
    public func install(on screen: Screen) {
        for id in code.keys.sorted() {
            guard let v = screen.view(withID: id) else { continue }
            let c = code[id]!
            if let pi = c.pointInside { v.pointInsideHandler = CustomPlan.handler(pi) }
            if let ht = c.hitTest { v.hitTestHandler = CustomPlan.handler(ht, screen: screen) }
        }
    }

    static func handler(_ code: PointInsideCode) -> (View, Point, HitTestEvent?) -> Bool {
        switch code {
        case .enlarged(let k):
            return { v, p, _ in v.bounds.inset(by: EdgeInsets(all: -k)).contains(p) }
        case .defaultOrCircle(let r):
            return { v, p, e in v.defaultPointInside(p, with: e) || inCircle(v, p, r) }
        case .circle(let r):
            return { v, p, _ in inCircle(v, p, r) }
        case .defaultOnly:
            return { v, p, e in v.defaultPointInside(p, with: e) }
        }
    }

    static func inCircle(_ v: View, _ p: Point, _ r: Double) -> Bool {
        let dx = p.x - v.bounds.midX
        let dy = p.y - v.bounds.midY
        return dx * dx + dy * dy < r * r
    }

    static func handler(_ code: HitTestCode, screen: Screen) -> (View, Point, HitTestEvent?) ->
        View?
    {
        switch code {
        case .passThroughSelf:
            return { v, p, e in
                let r = v.defaultHitTest(p, with: e)
                return r === v ? nil : r
            }
        case .preferDescendant(let id, let byBounds):
            weak let target = screen.view(withID: id)
            return { v, p, e in
                if let d = target, d !== v, v.isAncestor(of: d) {
                    let q = v.convert(p, to: d)
                    if byBounds ? d.bounds.contains(q) : d.point(inside: q, with: e) { return d }
                }
                return v.defaultHitTest(p, with: e)
            }
        case .defaultOnly:
            return { v, p, e in v.defaultHitTest(p, with: e) }
        case .guardedDefault(let k):
            return { v, p, e in
                v.bounds.inset(by: EdgeInsets(all: -k)).contains(p)
                    ? v.defaultHitTest(p, with: e) : nil
            }
        case .forwardSelf(let id):
            weak let other = screen.view(withID: id)
            return { v, p, e in
                let r = v.defaultHitTest(p, with: e)
                return r === v ? other : r
            }
        }
    }

    /// The plan without the code of views the scene does not have, nor references to
    /// views that are no longer descendants.
    public func restricted(to scene: Scene) -> CustomPlan {
        var out = CustomPlan()
        var ids: Set<String> = []
        scene.forEachView { v, _ in ids.insert(v.id) }
        scene.forEachView { v, _ in
            guard var c = code[v.id] else { return }
            if case .preferDescendant(let d, _) = c.hitTest {
                var found = false
                var stack = v.subviews
                while let s = stack.popLast() {
                    if s.id == d { found = true }
                    stack.append(contentsOf: s.subviews)
                }
                if !found { c.hitTest = .defaultOnly }
            }
            if case .forwardSelf(let other) = c.hitTest, !ids.contains(other) {
                c.hitTest = .defaultOnly
            }
            out.code[v.id] = c
        }
        return out
    }
}
