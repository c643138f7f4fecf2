// To be moved to TreeRoundTripTests.swift once HitTestSceneTests also depends on
// HitTestReference (Package.swift: `.testTarget(name: "HitTestSceneTests",
// dependencies: ["HitTestScene", "HitTestReference"])`). It uses Support.swift
// (SceneGenerator, firstDifference, nestedSceneJSON), RoundTripTests.swift (numberBits)
// and LoadTests.swift (specExampleJSON) of this folder.

import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

/// What a scene becomes in the reference tree and back (`Screen(scene:).scene()`): the
/// tree keeps center and bounds, so every placement comes back as center and size, and
/// it stores alpha as a 32-bit float (`rule-eligibility-alpha`). Everything else is kept.
private func treeForm(of scene: Scene) -> Scene {
    var out = scene
    for w in out.windows.indices { treeForm(&out.windows[w]) }
    return out
}

/// Recursive: only for the shallow generated scenes.
private func treeForm(_ v: inout SceneView) {
    let g = v.geometry
    v.placement = .centerSize(g.center, g.bounds.size)
    v.alpha = Double(Float(v.alpha))
    for i in v.subviews.indices { treeForm(&v.subviews[i]) }
}

@Suite("Scene <-> reference tree")
struct TreeRoundTripTests {
    /// 8 chunks of 32 seeds: 256 random scenes.
    @Test(
        "scene -> tree -> scene keeps everything but the placement form and alpha's precision",
        arguments: 0..<8)
    func sceneTreeScene(chunk: Int) {
        for n in 0..<32 {
            let seed = UInt64(chunk * 32 + n) &* 0x2545_F491_4F6C_DD1D
            var generator = SceneGenerator(seed: seed)
            let scene = generator.scene()
            let back = Screen(scene: scene).scene()
            let expected = treeForm(of: scene)
            #expect(firstDifference(back, expected) == nil, "seed \(seed)")
            #expect(numberBits(back) == numberBits(expected), "seed \(seed): numbers changed bits")
            #expect(back.validationIssues().isEmpty, "seed \(seed)")
        }
    }

    @Test("tree -> scene -> JSON -> tree -> scene is lossless", arguments: [true, false])
    func treeSceneTree(pretty: Bool) throws {
        for n in 0..<64 {
            let seed = UInt64(5_000 + n)
            var generator = SceneGenerator(seed: seed)
            let once = Screen(scene: generator.scene()).scene()
            let twice = Screen(scene: try Scene.load(json: once.json(pretty: pretty))).scene()
            #expect(firstDifference(twice, once) == nil, "seed \(seed)")
            #expect(numberBits(twice) == numberBits(once), "seed \(seed): numbers changed bits")
            #expect(twice.json(pretty: pretty) == once.json(pretty: pretty), "seed \(seed)")
        }
    }

    @Test("the spec's example as a tree: the hit, its local point and its responder chain")
    func specExampleTree() throws {
        let screen = Screen(scene: try Scene.load(json: specExampleJSON))
        let hit = try #require(screen.hitTest(Point(x: 150, y: 200)))
        #expect(hit.view.id == "ViewTwo")
        #expect(hit.window.id == "main")
        // ViewOne's frame starts at (20, 100), ViewTwo's at (20, 20) inside it.
        #expect(hit.localPoint == Point(x: 110, y: 80))
        #expect(
            hit.view.responderChain.map(\.name) == [
                "ViewTwo", "ViewOne", "HitTestViewController", "main", "UIApplication",
                "AppDelegate",
            ])
        #expect(screen.hitTest(Point(x: 30, y: 110))?.view.id == "ViewOne")
        #expect(screen.hitTest(Point(x: 5, y: 5))?.view.id == "main")
    }

    @Test("a scene 4,096 views deep builds a tree and comes back")
    func deepTree() throws {
        let scene = try Scene.load(json: nestedSceneJSON(depth: 4_096))
        let back = Screen(scene: scene).scene()
        #expect(back.depth == 4_096)
        #expect(back.windows[0].geometry.center == Point(x: 5, y: 5))
    }
}
