import HitTestGeometry
import HitTestReference
import HitTestScene
import HitTestStore

/// The scene loader under arbitrary bytes.
public enum SceneLoaderTarget {
    /// Any bytes either load or fail with issues (never a crash). A scene that loads must
    /// write and load back to an equal scene with the same JSON; the store built from it
    /// must hold its invariants, export the same scene, and answer a few points exactly as
    /// the reference does, with both engines.
    public static func check(_ bytes: [UInt8]) -> FuzzReport {
        var report = FuzzReport()
        checkStreamingReader(bytes, &report)
        let scene: Scene
        do {
            scene = try Scene.load(json: bytes)
        } catch {
            report.check(!error.issues.isEmpty, "a refusal without any issue")
            return report
        }
        let json = scene.json()
        do {
            let again = try Scene.load(json: Array(json.utf8))
            report.check(again == scene, "write then load changed the scene")
            report.check(again.json() == json, "write, load, write changed the JSON")
        } catch {
            report.fail("the writer's output does not load: \(error.issues.first.map { "\($0)" } ?? "")")
        }
        for threshold in [0, 4] {
            let store = ViewStore(scene: scene, indexThreshold: threshold)
            let violations = store.invariantViolations()
            report.check(violations.isEmpty, "store invariants: \(violations.prefix(3))")
            report.check(
                store.scene() == SceneLoaderTarget.asStored(scene),
                "the store exports a different scene")
            let screen = Screen(scene: scene)
            let frame = scene.windows.first?.geometry.frame
            let area =
                frame.map { ($0.minX - 10, $0.minY - 10, $0.width + 20, $0.height + 20) }
                ?? (0, 0, scene.screen.width, scene.screen.height)
            let finite = [area.0, area.1, area.2, area.3].allSatisfy(\.isFinite)
            let points = fuzzPoints(bytes, in: finite ? area : (0, 0, 100, 100))
            let reference = ReferenceEngine(screen: screen)
            let engines = [false, true].map { StoreEngine(store: store, useIndexes: $0) }
            for (x, y) in points {
                let p = Point(x: x, y: y)
                let r = reference.hitTest(p)
                for engine in engines {
                    let h = engine.hitTest(p)
                    report.check(
                        h == r,
                        "\(engine.engine) at (\(x), \(y)): \(SceneHit.describe(h)) "
                            + "vs the reference's \(SceneHit.describe(r))")
                }
            }
        }
        return report
    }

    /// The scene as a store keeps it: every placement as center and size (of the resolved
    /// geometry) and alpha rounded to a 32-bit float, as UIKit stores it. Everything else
    /// is kept as it is.
    static func asStored(_ scene: Scene) -> Scene {
        var out = scene
        func normalize(_ v: inout SceneView) {
            let g = v.geometry
            v.placement = .centerSize(g.center, g.bounds.size)
            v.alpha = Double(Float(v.alpha))
            for i in v.subviews.indices { normalize(&v.subviews[i]) }
        }
        for w in out.windows.indices { normalize(&out.windows[w]) }
        return out
    }
}
