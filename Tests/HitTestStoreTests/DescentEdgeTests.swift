import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

@testable import HitTestStore

// A query confirms its candidate by converting the point down the candidate's ancestors
// (`_Columns.descend`). For a plain view (no side record, a rectangle) it takes a short
// form of `toChild` and the bounds test together; these tests put that form against the
// reference where it is easiest to get wrong: sides that are zero, negative or infinite,
// centers far out, and points far out or not finite.

/// Frames whose center and size floats hold exactly (so the views have no side record and
/// take the short form), each with a child that covers it.
private let edgeFrames: [Rect] = [
    Rect(x: 10, y: 10, width: 0, height: 30),  // no width
    Rect(x: 20, y: 10, width: 30, height: 0),  // no height
    Rect(x: 60, y: 10, width: -20, height: 30),  // negative width
    Rect(x: 10, y: 60, width: 30, height: -0.0),  // -0 height
    Rect(x: 0, y: 100, width: .infinity, height: 20),  // infinite width: an infinite center
    Rect(x: -.infinity, y: 130, width: .infinity, height: 20),  // -inf origin: a NaN center
    Rect(x: 0x1p100, y: 0x1p100, width: 0x1p90, height: 0x1p90),  // far out
    Rect(x: 120, y: 120, width: 40, height: 40),  // plain
]

private func edgeStore() -> ViewStore {
    let store = ViewStore(screenSize: Size(width: 200, height: 200), indexThreshold: 2)
    let w = store.addWindow(ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 200, height: 200)))
    for (k, f) in edgeFrames.enumerated() {
        let v = store.addView(ViewDefinition(id: "v\(k)", frame: f), to: w)
        let size = Size(width: f.width.isFinite ? abs(f.width) + 10 : 50, height: f.height.isFinite ? abs(f.height) + 10 : 50)
        store.addView(ViewDefinition(id: "c\(k)", frame: Rect(origin: Point(x: -5, y: -5), size: size)), to: v)
    }
    return store
}

/// Points on and around every frame's edges, far out and not finite.
private func edgePoints() -> [Point] {
    var xs: [Double] = [-1, 0, 0.5, 199.5, 200, 0x1p100, 0x1p100 + 0x1p89, -0x1p1000, 0x1p1000, .infinity, -.infinity, .nan]
    var ys = xs
    for f in edgeFrames {
        for x in [f.minX, f.maxX, f.midX] where !x.isNaN { xs += [x.nextDown, x, x.nextUp] }
        for y in [f.minY, f.maxY, f.midY] where !y.isNaN { ys += [y.nextDown, y, y.nextUp] }
    }
    xs += stride(from: -5.0, through: 205, by: 5)
    ys += stride(from: -5.0, through: 205, by: 5)
    return xs.flatMap { x in ys.map { Point(x: x, y: $0) } }
}

@Test("the descent's short form answers as the reference on zero, negative and infinite sides and far or non-finite points")
func descentEdges() throws {
    let store = edgeStore()
    let screen = Screen(scene: store.scene())
    let points = edgePoints()
    let plain = (0..<edgeFrames.count).map { k in
        store.columns.flags[Int(store.view(withID: "v\(k)")!.slot)] & _Flags.hasSideRecord == 0
    }
    #expect(plain.allSatisfy { $0 }, "every edge view takes the short form wherever a descent passes it")
    let scratch = QueryScratch()
    let expected = points.map { screen.hitTest($0) }
    func check(_ got: StoreHit?, _ e: HitTestResult?, _ note: String) {
        #expect(got.map { store.id(of: $0.view) } == e?.view.id, "\(note)")
        if let g = got, let e {
            #expect(g.localPoint.x.bitPattern == e.localPoint.x.bitPattern, "\(note)")
            #expect(g.localPoint.y.bitPattern == e.localPoint.y.bitPattern, "\(note)")
        }
    }
    for (p, e) in zip(points, expected) {
        for useIndexes in [false, true] {
            check(store.hitTest(p, useIndexes: useIndexes, scratch: scratch), e, "\(p) useIndexes \(useIndexes)")
        }
    }
    // The batch paths: in order, level walks, interleaved walks, and packets along the
    // curve.
    let interleaved = BatchWalks.interleaved(cachedLevelBytes: BatchWalks().cachedLevelBytes)
    let paths: [(Bool, Bool, BatchWalks)] = [
        (false, false, BatchWalks()), (false, true, .levels), (false, true, interleaved),
        (false, true, .interleaved(cachedLevelBytes: 0)), (true, true, BatchWalks()),
    ]
    for (curveOrder, inFlight, walks) in paths {
        var batch = [StoreHit?](repeating: nil, count: points.count)
        points.withUnsafeBufferPointer { src in
            batch.withUnsafeMutableBufferPointer { out in
                store.hitTest(
                    src, into: out, scratch: scratch, curveOrder: curveOrder, inFlight: inFlight,
                    walks: walks)
            }
        }
        for (k, p) in points.enumerated() {
            check(batch[k], expected[k], "\(p) batch curve \(curveOrder) in flight \(inFlight) walks \(walks)")
        }
    }
    // Some points must land in the plain view's child, or the test says little.
    #expect(expected.contains { $0?.view.id == "c7" })
}
