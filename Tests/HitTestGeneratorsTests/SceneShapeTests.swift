import HitTestGenerators
import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

private let seededShapes = SceneShape.allCases.filter { $0 != .deep }

@Test(
    "the same seed gives an equal scene, another seed a different one",
    arguments: SceneShape.allCases)
func determinism(shape: SceneShape) {
    let a = shape.scene(views: 1_000, seed: 42)
    let b = shape.scene(views: 1_000, seed: 42)
    #expect(a == b)
    if shape != .deep {
        #expect(a != shape.scene(views: 1_000, seed: 43))
    }
}

@Test(
    "the view count is within 3% of the request and the scene is valid",
    arguments: SceneShape.allCases, [1_000, 10_000])
func viewCount(shape: SceneShape, views: Int) throws {
    let scene = shape.scene(views: views, seed: 7)
    let n = scene.viewCount
    #expect(abs(n - views) <= views * 3 / 100, "\(shape) \(views): \(n) views")
    // A deep chain of 10k views nests past the default depth limit, by design.
    var limits = Scene.Limits.default
    limits.maxDepth = max(limits.maxDepth, views + 1)
    try scene.validate(limits: limits)
    if shape != .deep { #expect(scene.depth <= 10) }
}

@Test("ui and wide reach 100k views within tolerance", arguments: [SceneShape.ui, .wide])
func largeCounts(shape: SceneShape) throws {
    let scene = shape.scene(views: 100_000, seed: 3)
    let n = scene.viewCount
    #expect(abs(n - 100_000) <= 3_000, "\(shape): \(n) views")
    #expect(scene.depth <= 10)
    try scene.validate()
}

@Test("odd and tiny requests still give valid scenes near the request", arguments: seededShapes)
func oddSizes(shape: SceneShape) throws {
    for views in [2, 17, 250, 1_234, 4_567] {
        let scene = shape.scene(views: views, seed: UInt64(views))
        try scene.validate()
        let n = scene.viewCount
        #expect(n >= 2)
        if views >= 1_000 {
            #expect(abs(n - views) <= views * 3 / 100, "\(shape) \(views): \(n) views")
        }
    }
}

@Test("ui nests every child inside its parent's bounds, untransformed")
func uiFramesNest() throws {
    for seed: UInt64 in [1, 2, 3] {
        let scene = SceneShape.ui.scene(views: 20_000, seed: seed)
        var stack: [(view: SceneView, parent: Size)] = scene.windows.map { ($0, scene.screen) }
        var checked = 0
        var outside: [String] = []
        while let (view, parent) = stack.popLast() {
            guard case .frame(let r) = view.placement else {
                Issue.record("\(view.id) is not placed by frame")
                continue
            }
            #expect(view.transform.isIdentity)
            #expect(view.boundsOrigin == .zero)
            if !(r.minX >= 0 && r.minY >= 0 && r.maxX <= parent.width && r.maxY <= parent.height) {
                outside.append("\(view.id) \(r) in \(parent)")
            }
            checked += 1
            for s in view.subviews { stack.append((s, r.size)) }
        }
        #expect(outside.isEmpty, "\(outside.prefix(5))")
        #expect(checked == scene.viewCount)
    }
}

@Test("ui uses UIKit classes with their interaction defaults")
func uiClasses() {
    var classes: [String: Int] = [:]
    var interactiveLabels = 0
    SceneShape.ui.scene(views: 2_000, seed: 1).forEachView { v, _ in
        classes[v.className, default: 0] += 1
        if v.className == "UILabel" || v.className == "UIImageView" {
            if v.isUserInteractionEnabled { interactiveLabels += 1 }
        }
    }
    #expect(classes["UILabel"]! == 2 * classes["UIImageView"]!)
    #expect(classes["UIButton"]! > classes["UIImageView"]! * 2)
    #expect(classes["UIStackView"]! == classes["CardView"]!)
    #expect(interactiveLabels == 0)
}

@Test("transformed turns and scales some panels and cards, with exact quarter turns")
func transformedUsesTransforms() throws {
    let scene = SceneShape.transformed.scene(views: 10_000, seed: 5)
    var quarter = 0
    var arbitrary = 0
    var scaled = 0
    scene.forEachView { v, _ in
        let t = v.transform
        if t.isIdentity { return }
        #expect(!t.isSingular)
        if t.a == 0 && t.d == 0 {
            quarter += 1
        } else if t.b != 0 {
            arbitrary += 1
        } else if t.a == t.d && t.a != 1 {
            scaled += 1
        }
    }
    #expect(quarter > 10 && arbitrary > 10 && scaled > 10, "\(quarter) \(arbitrary) \(scaled)")
}

@Test("mixed uses every eligibility rule and declarative override", arguments: [UInt64(1), 2, 3])
func mixedUsesEveryRule(seed: UInt64) throws {
    let scene = SceneShape.mixed.scene(views: 10_000, seed: seed)
    var counts: [String: Int] = [:]
    func add(_ rule: String) { counts[rule, default: 0] += 1 }
    var ids = Set<String>()
    var stack: [(view: SceneView, ancestors: [String])] = scene.windows.map { ($0, []) }
    var redirectsOutside = 0
    while let (v, _) = stack.popLast() {
        ids.insert(v.id)
        if v.isHidden { add("hidden") }
        if !v.isUserInteractionEnabled
            && SceneView.defaultUserInteractionEnabled(forClass: v.className)
        {
            add("interaction off")
        }
        if v.alpha == 0.01 { add("alpha 0.01") }
        if v.alpha > 0.01 && v.alpha < 0.0101 { add("alpha just above 0.01") }
        if v.alpha < 0.01 { add("alpha below 0.01") }
        let insets = v.hitRules.hitInsets
        if insets.top < 0 && insets.left < 0 { add("enlarged") }
        if v.hitRules.hitShape == .ellipse { add("ellipse") }
        if v.hitRules.pointInside == .subviews { add("pointInside subviews") }
        if v.hitRules.pointInside == .boundsOrSubviews {
            add("boundsOrSubviews")
            if case .frame(let b) = v.placement,
                v.subviews.contains(where: { s in
                    guard case .frame(let r) = s.placement else { return false }
                    return r.minX < 0 || r.minY < 0 || r.maxX > b.width || r.maxY > b.height
                })
            {
                add("overhang")
            }
        }
        if v.hitRules.hitTestRule == .passthrough { add("passthrough") }
        if v.hitRules.hitTestRule == .boxOnly { add("boxOnly") }
        if let target = v.redirectTo {
            add("redirect")
            // The target sticks out of the redirecting view.
            if case .frame(let b) = v.placement,
                let s = v.subviews.first(where: { $0.id == target }),
                case .frame(let r) = s.placement,
                r.minX < 0 || r.minY < 0 || r.maxX > b.width || r.maxY > b.height
            {
                redirectsOutside += 1
            }
        }
        for s in v.subviews { stack.append((s, [])) }
    }
    let rules = [
        "hidden", "interaction off", "alpha 0.01", "alpha just above 0.01", "alpha below 0.01",
        "enlarged", "ellipse", "pointInside subviews", "boundsOrSubviews", "overhang",
        "passthrough", "boxOnly", "redirect",
    ]
    for rule in rules {
        #expect(counts[rule, default: 0] > 0, "seed \(seed): no view uses \(rule)")
    }
    #expect(redirectsOutside == counts["redirect"])
    #expect(ids.count == scene.viewCount)
}

@Test("the fast engine agrees with the reference on random points", arguments: SceneShape.allCases)
func engineParity(shape: SceneShape) {
    let scene = shape.scene(views: shape == .deep ? 600 : 2_000, seed: 11)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene)
    var rng = SplitMix64(seed: 99)
    let w = scene.screen.width
    let h = scene.screen.height
    var hits = 0
    var mismatches: [String] = []
    for _ in 0..<2_000 {
        let p = Point(x: rng.uniform(-0.02 * w, 1.02 * w), y: rng.uniform(-0.02 * h, 1.02 * h))
        let expected = screen.hitTest(p)
        let got = store.hitTest(p, useIndexes: true)
        let sameView = got.map { store.id(of: $0.view) } == expected?.view.id
        let sameWindow = got.map { store.id(of: $0.window) } == expected?.window.id
        var samePoint = true
        if let g = got, let e = expected { samePoint = g.localPoint.isIdentical(to: e.localPoint) }
        if !(sameView && sameWindow && samePoint) {
            mismatches.append("\(p): \(String(describing: expected?.view.id))")
        }
        if expected != nil { hits += 1 }
    }
    #expect(mismatches.isEmpty, "\(shape): \(mismatches.count) mismatches, \(mismatches.prefix(5))")
    #expect(hits > 200, "\(shape): only \(hits) hits")
}
