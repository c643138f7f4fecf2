import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

@Test("the store answers the spec example and the articles' demo as the reference does")
func smokeParity() throws {
    let json = """
        {"format": "hittest-scene/1", "windows": [
          {"id": "main", "frame": [0, 0, 390, 844], "subviews": [
            {"id": "A", "frame": [20, 100, 300, 300], "subviews": [
              {"id": "B", "frame": [20, 20, 200, 200], "transform": [0, 1, -1, 0, 0, 0]},
              {"id": "C", "frame": [100, 100, 150, 150], "pointInside": "boundsOrSubviews", "subviews": [
                {"id": "F", "frame": [-50, -50, 60, 60]},
                {"id": "E", "frame": [100, 100, 100, 100], "hitShape": "ellipse"}
              ]}
            ]},
            {"id": "overlay", "frame": [0, 0, 390, 844], "hitTestRule": "passthrough", "subviews": [
              {"id": "badge", "frame": [300, 20, 40, 40], "hitInsets": [-10, -10, -10, -10]}
            ]}
          ]}
        ]}
        """
    let scene = try Scene.load(json: json)
    let screen = Screen(scene: scene)
    for threshold in [0, 1, 2] {
        let store = ViewStore(scene: scene, indexThreshold: threshold)
        let scratch = QueryScratch()
        var hits = 0
        // Every 2.5 points; every 5 under the sanitizers (`parityPointStride`).
        let step = parityPointStride == 1 ? 2.5 : 5
        for y in stride(from: -10.0, through: 860, by: step) {
            for x in stride(from: -10.0, through: 400, by: step) {
                let p = Point(x: x, y: y)
                let expected = screen.hitTest(p)
                for useIndexes in [false, true] {
                    let got = store.hitTest(p, useIndexes: useIndexes, scratch: scratch)
                    #expect(
                        got.map { store.id(of: $0.view) } == expected?.view.id,
                        "\(p) useIndexes \(useIndexes) t=\(threshold)")
                    #expect(got.map { store.id(of: $0.window) } == expected?.window.id)
                    if let g = got, let e = expected {
                        #expect(g.localPoint.isIdentical(to: e.localPoint), "\(p) useIndexes \(useIndexes)")
                    }
                }
                if expected != nil { hits += 1 }
            }
        }
        #expect(hits > 1000)
    }
}
