import HitTestBench
import HitTestGenerators
import HitTestGeometry
import HitTestScene
import HitTestStore
import Testing

/// The box file's promise, checked against the store: for every point, the highest box
/// index holding it (half-open) is the index of the view our engine hits.
@Test("a box file's highest containing box is the engine's answer", arguments: ["ui", "wide"])
func boxFileAgreesWithTheStore(shape: String) throws {
    let scene = SceneShape(rawValue: shape)!.scene(views: 3000, seed: 5)
    let file = try BoxFile(scene: scene)
    let index = file.indexByID()
    let store = ViewStore(scene: scene)
    let scratch = QueryScratch()
    var hits = 0
    for p in TouchPoints.random(in: scene, count: 2000, seed: 11) {
        var top = -1
        for (k, e) in file.entries.enumerated()
        where e.minX <= p.x && p.x < e.maxX && e.minY <= p.y && p.y < e.maxY {
            top = k
        }
        let got = store.hitTest(p, scratch: scratch).map { index[store.id(of: $0.view)] ?? -2 } ?? -1
        #expect(got == top, "\(shape) at \(p)")
        if top >= 0 { hits += 1 }
    }
    #expect(hits > 1000)
    // Subtree sizes add up: the windows' cover every entry.
    var k = 0
    var covered = 0
    while k < file.entries.count {
        covered += file.entries[k].subtreeSize
        k += file.entries[k].subtreeSize
    }
    #expect(covered == file.entries.count)
}

@Test("a scene with a transform or a hit rule is refused, naming the view")
func boxFileRefusesRules() {
    var scene = SceneShape.ui.scene(views: 200, seed: 1)
    scene.windows[0].subviews[0].transform = AffineTransform(scaleX: 2, y: 2)
    #expect(throws: BoxFile.Ineligible.self) { try BoxFile(scene: scene) }
    do {
        _ = try BoxFile(scene: scene)
    } catch {
        #expect("\(error)".contains("\"\(scene.windows[0].subviews[0].id)\" has a transform"))
    }
}
