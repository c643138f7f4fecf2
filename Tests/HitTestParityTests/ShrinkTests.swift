import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestReference
import HitTestScene
import Testing

/// The minimiser, fed made-up failures whose minimal inputs are known.
@Suite("The minimiser")
struct ShrinkTests {
    static func ids(_ scene: Scene) -> [String] {
        var out: [String] = []
        scene.forEachView { v, _ in out.append(v.id) }
        return out
    }

    /// The ids on the path from a window down to `id`, or nil.
    static func path(to id: String, in scene: Scene) -> [String]? {
        func go(_ v: SceneView) -> [String]? {
            if v.id == id { return [v.id] }
            for s in v.subviews {
                if let p = go(s) { return [v.id] + p }
            }
            return nil
        }
        for w in scene.windows {
            if let p = go(w) { return p }
        }
        return nil
    }

    @Test(
        "'contains view X' shrinks to just the path to X, with every field at its default",
        arguments: [7, 31, 99])
    func shrinksToThePath(_ seed: Int) throws {
        let scene = RandomScene.make(seed: UInt64(seed))
        // The deepest view.
        var deepest = ("", 0)
        scene.forEachView { v, d in if d > deepest.1 { deepest = (v.id, d) } }
        let target = deepest.0
        let expected = try #require(ShrinkTests.path(to: target, in: scene))
        #expect(expected.count >= 3, "the generator makes nested scenes")

        let small = Shrink.minimize(scene, hoist: false) { ShrinkTests.ids($0).contains(target) }
        #expect(ShrinkTests.ids(small) == expected)
        #expect(small.windows.count == 1)
        // Every field was reset: the views differ from a fresh one only by placement.
        small.forEachView { v, _ in
            #expect(
                v.transform == .identity && v.hitRules.isDefault && !v.isHidden && v.alpha == 1,
                "\(v.id)")
            #expect(
                v.redirectTo == nil && v.isUserInteractionEnabled && v.boundsOrigin == .zero,
                "\(v.id)")
        }
        // The result is a valid scene that loads from its JSON.
        #expect(try Scene.load(json: small.json()) == small)

        // Hoisting also removes the ancestors between the window and X.
        let hoisted = Shrink.minimize(scene) { ShrinkTests.ids($0).contains(target) }
        #expect(ShrinkTests.ids(hoisted) == [expected[0], target])
    }

    @Test("a failure that needs two fields keeps exactly those")
    func keepsWhatMatters() {
        let scene = RandomScene.make(seed: 5)
        let all = ShrinkTests.ids(scene)
        let target = all[all.count / 2]
        // Fails while the target is hidden and some view has a transform.
        var input = scene
        for path in Shrink.paths(of: input) where input.view(at: path).id == target {
            input.modify(at: path) {
                $0.isHidden = true
                $0.transform = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
            }
        }
        func fails(_ s: Scene) -> Bool {
            var hidden = false
            var turned = false
            s.forEachView { v, _ in
                if v.id == target && v.isHidden { hidden = true }
                if v.transform != .identity { turned = true }
            }
            return hidden && turned
        }
        #expect(fails(input))
        let small = Shrink.minimize(input, hoist: false, fails: fails)
        #expect(fails(small))
        var nonDefault = 0
        small.forEachView { v, _ in
            if v.transform != .identity { nonDefault += 1 }
            if v.isHidden { nonDefault += 1 }
        }
        #expect(nonDefault == 2)
        #expect(ShrinkTests.ids(small) == ShrinkTests.path(to: target, in: input))
    }

    @Test("custom code that does not matter is dropped")
    func dropsCustomCode() {
        let scene = RandomScene.make(seed: 11)
        var rng = SplitMix64(seed: 3)
        var plan = CustomPlan.random(for: scene, rate: 0.5, &rng)
        let keep = ShrinkTests.ids(scene)[1]
        plan.code[keep] = CustomCode(pointInside: .enlarged(10), hitTest: .passThroughSelf)
        #expect(plan.code.count > 3)
        let small = Shrink.minimize(scene, custom: plan) { _, p in p.code[keep]?.pointInside != nil
        }
        #expect(small.custom.code.keys.sorted() == [keep])
        #expect(small.custom.code[keep]?.hitTest == nil)
    }

    @Test("a failing sequence of changes shrinks to the steps that matter")
    func shrinksChanges() {
        let scene = RandomScene.make(seed: 21)
        let world = ChangingWorld(scene: scene)
        var rng = SplitMix64(seed: 9)
        var changes: [Change] = []
        while changes.count < 40 {
            let c = world.randomChange(&rng)
            if world.apply(c) { changes.append(c) }
        }
        // "Fails" when the 13th and the 30th changes are both replayed.
        let a = changes[12]
        let b = changes[29]
        let small = Shrink.minimize(scene: scene, changes: changes) { _, steps in
            steps.contains(a) && steps.contains(b)
        }
        #expect(small.changes == [a, b])
        #expect(small.scene.viewCount <= 1)
    }

    @Test("a predicate on real hit-testing shrinks to the views on the hit path")
    func shrinksAHit() throws {
        // Find a scene and a point whose hit view is at least 3 deep.
        var rng = SplitMix64(seed: 17)
        var found: (Scene, Point, String)?
        for seed in UInt64(1)...50 where found == nil {
            let scene = RandomScene.make(seed: seed)
            let screen = Screen(scene: scene)
            for p in EdgePoints.uniform(&rng, screen: screen.size, count: 200) {
                if let h = screen.hitTest(p), h.view.ancestorsAndSelf.count >= 4 {
                    found = (scene, p, h.view.id)
                    break
                }
            }
        }
        let (scene, p, hit) = try #require(found)
        let small = Shrink.minimize(scene) { Screen(scene: $0).hitTest(p)?.view.id == hit }
        #expect(Screen(scene: small).hitTest(p)?.view.id == hit)
        let path = try #require(ShrinkTests.path(to: hit, in: scene))
        #expect(small.viewCount <= path.count)
        #expect(small.viewCount < scene.viewCount)
        let loaded = try Scene.load(json: small.json())
        #expect(Screen(scene: loaded).hitTest(p)?.view.id == hit)
    }
}
