import HitTestBridge
import HitTestGenerators
import HitTestGeometry
import HitTestParity
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

/// The one engine role (`HitTestable`), built for every `Engine` by the one factory
/// (`Engine.makeHitTester(scene:)`): every member gives the reference's answers.
@Suite("One engine role")
struct EngineRoleTests {
    @Test("the factory builds the engine each case names")
    func factoryBuildsEachEngine() throws {
        let scene = SceneShape.ui.scene(views: 200, seed: 3)
        #expect(Engine.reference.makeHitTester(scene: scene) is ReferenceEngine)
        let flat = try #require(Engine.flat.makeHitTester(scene: scene) as? StoreEngine)
        let bvh = try #require(Engine.bvh.makeHitTester(scene: scene) as? StoreEngine)
        #expect(!flat.useIndexes && flat.engine == .flat)
        #expect(bvh.useIndexes && bvh.engine == .bvh)
        #expect(Engine.allCases == [.reference, .flat, .bvh])
    }

    @Test(
        "every engine answers hit tests, batches, chains and locations as the reference does",
        arguments: [SceneShape.ui, .mixed, .transformed, .scroll, .stack])
    func everyMemberAgrees(shape: SceneShape) {
        let scene = shape.scene(views: 600, seed: 7)
        let reference = ReferenceEngine(scene: scene)
        var rng = SplitMix64(seed: 11)
        let points = EdgePoints.points(for: reference.screen, &rng, uniform: 200, aimedViews: 20)
        let expected = points.map { reference.hitTest($0) }
        #expect(expected.contains { $0 != nil }, "the points must hit something")
        for engine in Engine.allCases {
            let e = engine.makeHitTester(scene: scene)
            let single = points.map { e.hitTest($0) }
            for (i, p) in points.enumerated() where single[i] != expected[i] {
                Issue.record(
                    "\(engine) at \(p): \(SceneHit.describe(single[i])), reference \(SceneHit.describe(expected[i]))"
                )
            }
            #expect(e.hitTest(points, threads: 2) == single, "\(engine): batch")
            for (p, hit) in zip(points, single) {
                guard let hit else { continue }
                #expect(
                    e.responderChain(of: hit.view) == reference.responderChain(of: hit.view),
                    "\(engine): chain of \(hit.view)")
                #expect(
                    e.location(p, in: hit.view).isIdentical(to: hit.localPoint),
                    "\(engine): location of \(p) in \(hit.view)")
            }
            #expect(e.responderChain(of: "no such view").isEmpty, "\(engine)")
            #expect(e.location(Point(x: 1, y: 2), in: "no such view") == Point(x: 1, y: 2))
        }
    }

    @Test("the store's chain ends with the application and its delegate, as links")
    func storeChainIsTyped() throws {
        let scene = try Scene.load(
            json: """
                {"format": "hittest-scene/1", "application": {"class": "App", "delegate": "Delegate"},
                 "windows": [{"id": "w", "frame": [0, 0, 100, 100], "subviews": [
                   {"id": "root", "frame": [0, 0, 100, 100], "viewController": "Home",
                    "subviews": [{"id": "leaf", "frame": [10, 10, 10, 10]}]}]}]}
                """)
        let expected: [ResponderLink] = [
            .view("leaf"), .view("root"), .viewController("Home"), .view("w"), .application("App"),
            .applicationDelegate("Delegate"),
        ]
        for engine in Engine.allCases {
            #expect(
                engine.makeHitTester(scene: scene).responderChain(of: "leaf") == expected,
                "\(engine)")
        }
    }
}
