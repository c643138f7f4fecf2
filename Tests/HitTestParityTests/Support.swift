import HitTestGeometry
import HitTestParity
import HitTestReference
import HitTestScene
import HitTestStore
import Testing

/// Checks parity at every point; on a mismatch, records the minimised report.
func expectParity(
    _ scene: Scene, custom: CustomPlan = CustomPlan(), at points: [Point],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let checker = ParityChecker(scene: scene, custom: custom)
    if let m = checker.check(points) {
        let r = ParityFuzzer.report(
            scene: scene, custom, m, kind: custom.isEmpty ? .scene : .customCode, seed: nil)
        Issue.record("\(r)", sourceLocation: sourceLocation)
    }
}

/// Checks parity of a changing world at every point.
func expectParity(
    _ world: ChangingWorld, at points: [Point], _ note: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if let m = world.checker.check(points) {
        Issue.record(
            "\(note)\n\(m)\ntree now:\n\(world.scene().json())", sourceLocation: sourceLocation)
    }
}

/// The reference's hit view id at a screen point.
func referenceHit(_ scene: Scene, _ p: Point) -> String? {
    Screen(scene: scene).hitTest(p)?.view.id
}

/// A point and its 8 neighbours one ulp away.
func around(_ x: Double, _ y: Double) -> [Point] { EdgePoints.nudged(Point(x: x, y: y)) }

/// A one-window scene (the window fills the screen) with the given subviews.
func oneWindow(_ subviews: [SceneView]) -> Scene {
    var w = SceneView.window(id: "w", placement: .frame(Rect(x: 0, y: 0, width: 390, height: 844)))
    w.subviews = subviews
    return Scene(windows: [w])
}

func view(_ id: String, frame: [Double], _ edit: (inout SceneView) -> Void = { _ in }) -> SceneView
{
    var v = SceneView(
        id: id, placement: .frame(Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]))
    )
    edit(&v)
    return v
}

func transform(_ m: [Double]) -> AffineTransform {
    AffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
}

/// Totals of a test, printed at its end (the suite's counts and times in the log).
func printSummary(_ name: String, _ stats: FuzzStats, since start: ContinuousClock.Instant) {
    let elapsed = ContinuousClock.now - start
    print(
        "parity[\(name)]: \(stats.scenes) scenes, \(stats.points) points, \(stats.queries) store queries, \(stats.changes) changes in \(elapsed)"
    )
}
