import HitTestBench
import HitTestGenerators
import HitTestGeometry
import HitTestScene
import HitTestStore
import Testing

/// The box file's answer by brute force: the highest index whose half-open box holds `p`,
/// -1 for none.
private func highestBox(holding p: Point, in file: BoxFile) -> Int {
    var top = -1
    for (k, e) in file.entries.enumerated() where e.minX <= p.x && p.x < e.maxX && e.minY <= p.y && p.y < e.maxY {
        top = k
    }
    return top
}

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
        let top = highestBox(holding: p, in: file)
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

/// The way back: a box file read from its text, added to a store from flat arrays under a
/// passthrough host window, answers every point with the highest box holding it.
@Test("a box file read back and added from flat arrays answers as the boxes say", arguments: ["ui", "wide"])
func boxFileThroughFlatArrays(shape: String) throws {
    let scene = SceneShape(rawValue: shape)!.scene(views: 3000, seed: 6)
    let file = try BoxFile(text: try BoxFile(scene: scene).text)
    #expect(file.entries == (try BoxFile(scene: scene)).entries)
    let (arrays, host) = try file.viewArrays()
    let store = ViewStore(screenSize: scene.screen)
    var def = ViewDefinition(id: "host", frame: host)
    def.hitRules.hitTestRule = .passthrough
    let window = store.addWindow(def)
    let handles = try store.addViews(arrays, to: window)
    let slotOfBox = Dictionary(uniqueKeysWithValues: handles.enumerated().map { ($1, $0) })
    let scratch = QueryScratch()
    var hits = 0
    for p in TouchPoints.random(in: scene, count: 2000, seed: 12) {
        let top = highestBox(holding: p, in: file)
        let got = store.hitTest(p, scratch: scratch).map { slotOfBox[$0.view] ?? -2 } ?? -1
        #expect(got == top, "\(shape) at \(p)")
        if top >= 0 { hits += 1 }
    }
    #expect(hits > 1000)
}

@Test("a malformed box file is refused, naming the line")
func boxFileRefusesBadText() {
    #expect(throws: BoxFile.Ineligible.self) { try BoxFile(text: "2\n0 0 1 1 1\n") }
    do {
        _ = try BoxFile(text: "# boxes\n1\n0 0 x 1 1\n")
        Issue.record("accepted a bad number")
    } catch {
        #expect("\(error)" == "line 3: expected minX minY maxX maxY subtreeSize")
    }
}
