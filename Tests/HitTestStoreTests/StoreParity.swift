import Foundation
import HitTestGeometry
import HitTestReference
import HitTestScene
@testable import HitTestStore
import Testing

// Parity checks of a store against the reference tree it was built from, shared by the
// screen index and order label tests.

/// Every view's four edges, exactly and one ulp either side, plus its centre.
func edgePoints(_ scene: Scene) -> [Point] {
    var out: [Point] = []
    let screen = Screen(scene: scene)
    for w in screen.windows {
        var stack: [View] = [w]
        while let v = stack.popLast() {
            let f = v.convert(v.bounds, to: nil)
            for x in [f.minX, f.maxX, f.midX] {
                for dx in [x.nextDown, x, x.nextUp] {
                    out.append(Point(x: dx, y: f.midY))
                    out.append(Point(x: f.midX, y: dx - x + f.minY))
                    out.append(Point(x: f.midX, y: dx - x + f.maxY))
                }
            }
            stack += v.subviews
        }
    }
    return out
}

/// Under the sanitizers (CI sets HITTEST_SANITIZER) `expectParity` asks every fourth
/// point: the reference's recursive walk, which the sanitizers have nothing to say about,
/// took most of these suites' time there, and every change a test makes to the store still
/// runs. The plain run asks every point.
let parityPointStride = ProcessInfo.processInfo.environment["HITTEST_SANITIZER"] == nil ? 1 : 4

/// The store's answers at `points` (through its indexes) against the reference's: the
/// same view and the same local point bit for bit; the first five that differ are named.
func expectParity(_ store: ViewStore, _ screen: Screen, _ points: [Point], _ context: String) {
    let scratch = QueryScratch()
    var mismatches = 0
    for i in stride(from: 0, to: points.count, by: parityPointStride) {
        let p = points[i]
        let e = screen.hitTest(p)
        let g = store.hitTest(p, useIndexes: true, scratch: scratch)
        let same =
            g.map { store.id(of: $0.view) } == e?.view.id
            && (g == nil || g!.localPoint.isIdentical(to: e!.localPoint))
        if !same && mismatches < 5 {
            Issue.record(
                "\(context): at \(p) the store says \(g.map { store.id(of: $0.view) } ?? "nil"), the reference \(e?.view.id ?? "nil")"
            )
        }
        if !same { mismatches += 1 }
    }
    #expect(mismatches == 0, "\(context): \(mismatches) mismatches of \(points.count)")
}
