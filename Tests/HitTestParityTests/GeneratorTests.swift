import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestReference
import HitTestScene
import Testing

/// The generator is deterministic, makes valid scenes, and covers every feature of the
/// spec that hit-testing depends on.
@Suite("The scene generator")
struct GeneratorTests {
    @Test("SplitMix64 gives the published stream for seed 0")
    func splitMix() {
        var r = SplitMix64(seed: 0)
        // The reference outputs of SplitMix64 seeded with 0.
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(r.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("a seed gives the same scene every time, and scenes are valid")
    func deterministicAndValid() throws {
        for seed in UInt64(0)..<100 {
            let a = RandomScene.make(seed: seed)
            #expect(a == RandomScene.make(seed: seed))
            #expect(a.validationIssues().isEmpty, "seed \(seed): \(a.validationIssues())")
            #expect(try Scene.load(json: a.json()).json() == a.json(), "seed \(seed)")
        }
    }

    @Test("a frame whose center overflows with its anchor is made valid")
    func centerStaysFinite() throws {
        // An extreme width with an anchor beyond 0.5: x + ax*w overflows.
        var v = SceneView(
            id: "v", className: "UIView",
            placement: .frame(Rect(x: 294, y: 654, width: .greatestFiniteMagnitude, height: 320)))
        v.anchorPoint = Point(x: 1.33, y: -0.3)
        RandomFields.keepCenterFinite(&v)
        #expect(v.anchorPoint == ViewGeometry.defaultAnchorPoint)
        #expect(v.placement == .frame(Rect(x: 294, y: 654, width: .greatestFiniteMagnitude, height: 320)))
        // An extreme origin and width overflow even with the default anchor.
        var w = SceneView(
            id: "w", className: "UIView",
            placement: .frame(Rect(x: 1e308, y: 0, width: .greatestFiniteMagnitude, height: 1)))
        RandomFields.keepCenterFinite(&w)
        guard case .frame(let r) = w.placement else { Issue.record("placement changed kind"); return }
        #expect(ViewGeometry.center(ofLayoutFrame: r, anchorPoint: w.anchorPoint).isFinite)
        #expect(r.minX == 1e308 && r.width > 0)
        // The two scenes of the C dispatch parity test that a strict load refused.
        for seed: UInt64 in [12_022_698_246_071_909_945, 15_329_745_124_362_820_743] {
            var rng = SplitMix64(seed: seed)
            let s = RandomScene.make(&rng, options: SceneOptions(maxViews: 10 + rng.below(40)))
            #expect(s.validationIssues().isEmpty, "seed \(seed): \(s.validationIssues())")
            #expect(throws: Never.self) { try Scene.load(json: s.json()) }
        }
    }

    @Test("sizes bound the scenes")
    func sizes() {
        for seed in UInt64(0)..<50 {
            let small = RandomScene.make(seed: seed, options: SceneOptions(size: 1))
            #expect(small.viewCount <= 3 * 2, "seed \(seed)")
            #expect(small.depth <= 2)
        }
    }

    @Test("over 300 scenes, every feature turns up")
    func coverage() {
        var seen: [String: Int] = [:]
        func saw(_ k: String) { seen[k, default: 0] += 1 }
        for seed in UInt64(0)..<300 {
            let s = RandomScene.make(seed: seed)
            if s.windows.count >= 2 { saw("several windows") }
            let levels = s.windows.map { $0.level ?? 0 }
            if Set(levels).count < levels.count { saw("equal levels") }
            if s.depth >= 8 { saw("depth 8") }
            s.forEachView { v, _ in
                if v.subviews.count >= 32 { saw("a container over the default index threshold") }
                if case .frame = v.placement { saw("frame") } else { saw("center and size") }
                if v.geometry.bounds.width == 0 || v.geometry.bounds.height == 0 {
                    saw("zero size")
                }
                if v.boundsOrigin != .zero { saw("scroll offset") }
                let t = v.transform
                if [t.a, t.b, t.c, t.d] == [0, 1, -1, 0] || [t.a, t.b, t.c, t.d] == [0, -1, 1, 0] {
                    saw("quarter turn")
                }
                if [t.a, t.b, t.c, t.d] == [-1, 0, 0, -1] { saw("half turn") }
                if t.b == 0 && t.c == 0 && t.a != 1 && t.a.significandBitPattern == 0 && t.a != 0 {
                    saw("power-of-two scale")
                }
                if t.isSingular { saw("singular") }
                if abs(t.a) == 1e-8 || abs(t.d) == 1e-8 { saw("tiny scale") }
                if abs(t.a) == 1e8 || abs(t.d) == 1e8 { saw("huge scale") }
                if t.b != 0 && t.c != 0 && abs(t.a) != 0 && abs(t.a) != 1 {
                    saw("rotation or any matrix")
                }
                if (t.b == 0) != (t.c == 0) && t.a == 1 && t.d == 1 { saw("shear") }
                if v.anchorPoint == Point(x: 0, y: 0) { saw("anchor (0, 0)") }
                if v.anchorPoint == Point(x: 1, y: 1) { saw("anchor (1, 1)") }
                if v.isHidden { saw("hidden") }
                if v.alpha == 0 { saw("alpha 0") }
                if v.alpha == 0.01 { saw("alpha 0.01") }
                if v.alpha == Double(Float(0.01).nextUp) { saw("alpha just above 0.01") }
                if v.alpha == 0.5 { saw("alpha 0.5") }
                if !v.isUserInteractionEnabled { saw("interaction off") }
                if v.className == "UILabel" || v.className == "UIImageView" {
                    saw("label or image view")
                }
                if v.hitRules.hitInsets.top > 0 || v.hitRules.hitInsets.left > 0 {
                    saw("positive insets")
                }
                if v.hitRules.hitInsets.top < 0 || v.hitRules.hitInsets.left < 0 {
                    saw("negative insets")
                }
                if v.hitRules.hitShape == .ellipse { saw("ellipse") }
                if v.hitRules.pointInside == .subviews { saw("pointInside subviews") }
                if v.hitRules.pointInside == .boundsOrSubviews {
                    saw("pointInside boundsOrSubviews")
                    if v.subviews.contains(where: { $0.hitRules.pointInside == .boundsOrSubviews })
                    {
                        saw("nested boundsOrSubviews")
                    }
                }
                if v.hitRules.hitTestRule == .passthrough { saw("passthrough") }
                if v.hitRules.hitTestRule == .boxOnly { saw("boxOnly") }
                if v.redirectTo != nil { saw("redirect") }
                if case .frame(let r) = v.placement, r.minX != r.minX.rounded() {
                    saw("non-integer coordinate")
                }
                if v.boundsOrigin.x.sign == .minus && v.boundsOrigin.x == 0 { saw("negative zero") }
            }
        }
        let expected = [
            "several windows", "equal levels", "depth 8",
            "a container over the default index threshold", "frame",
            "center and size", "zero size", "scroll offset", "quarter turn", "half turn",
            "power-of-two scale",
            "singular", "tiny scale", "huge scale", "rotation or any matrix", "shear",
            "anchor (0, 0)", "anchor (1, 1)",
            "hidden", "alpha 0", "alpha 0.01", "alpha just above 0.01", "alpha 0.5",
            "interaction off",
            "label or image view", "positive insets", "negative insets", "ellipse",
            "pointInside subviews",
            "pointInside boundsOrSubviews", "nested boundsOrSubviews", "passthrough", "boxOnly",
            "redirect",
            "non-integer coordinate", "negative zero",
        ]
        for k in expected { #expect(seen[k, default: 0] > 0, "never generated: \(k)") }
    }

    @Test("custom code plans are deterministic and install on the reference tree")
    func customPlans() {
        let scene = RandomScene.make(seed: 4)
        var r1 = SplitMix64(seed: 8)
        var r2 = SplitMix64(seed: 8)
        let a = CustomPlan.random(for: scene, rate: 0.3, &r1)
        #expect(a == CustomPlan.random(for: scene, rate: 0.3, &r2))
        #expect(!a.isEmpty)
        let screen = Screen(scene: scene)
        a.install(on: screen)
        for (id, code) in a.code {
            let v = screen.view(withID: id)!
            #expect((v.pointInsideHandler != nil) == (code.pointInside != nil))
            #expect((v.hitTestHandler != nil) == (code.hitTest != nil))
        }
    }
}
