import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

@testable import HitTestStore

// A view's center and size sit in 32-bit floats when floats hold them exactly, in its side
// record when not (`_CenterSize`). These tests pin the rule and check that answers stay
// the reference's across the border, on every path that writes geometry.

/// Values floats do not hold (a tenth, a subnormal, a double with a long mantissa, a
/// magnitude past `Float.greatestFiniteMagnitude`) beside values they do.
private let awkward: [Double] = [0.1, 1.0 / 3.0, 5e-324, 123_456.789_012_345, 1e39, 7.25, 40, -0.0]

private func hasSideRecord(_ store: ViewStore, _ h: ViewHandle) -> Bool {
    store.columns.flags[Int(h.slot)] & _Flags.hasSideRecord != 0
}

/// Every point of a grid and one ulp either side of each view's edges, answered by both
/// fast engines and by the reference over `store.scene()`.
private func expectReferenceAnswers(_ store: ViewStore, _ note: String) {
    let scene = store.scene()
    let screen = Screen(scene: scene)
    var xs: [Double] = []
    var ys: [Double] = []
    for s in 0..<store.columns.flags.count where store.columns.flags[s] & _Flags.alive != 0 {
        let f = store.geometry(Int32(s)).frame
        for x in [f.minX, f.maxX, f.midX] { xs += [x.nextDown, x, x.nextUp] }
        for y in [f.minY, f.maxY, f.midY] { ys += [y.nextDown, y, y.nextUp] }
    }
    xs += stride(from: -5.0, through: 205, by: 7.5)
    ys += stride(from: -5.0, through: 205, by: 7.5)
    let scratch = QueryScratch()
    for x in xs where x.isFinite && abs(x) < 1e6 {
        for y in ys where y.isFinite && abs(y) < 1e6 {
            let p = Point(x: x, y: y)
            let expected = screen.hitTest(p)
            for useIndexes in [false, true] {
                let got = store.hitTest(p, useIndexes: useIndexes, scratch: scratch)
                #expect(
                    got.map { store.id(of: $0.view) } == expected?.view.id, "\(note) \(p) useIndexes \(useIndexes)")
                if let g = got, let e = expected {
                    #expect(g.localPoint.isIdentical(to: e.localPoint), "\(note) \(p) useIndexes \(useIndexes)")
                }
            }
        }
    }
}

@Test("a view keeps its center and size in floats exactly when floats hold them")
func centerSizeRule() throws {
    let store = ViewStore(screenSize: Size(width: 200, height: 200))
    let w = store.addWindow(ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 200, height: 200)))
    for (k, v) in awkward.enumerated() {
        let frame = Rect(x: 10, y: 10 + Double(k), width: v, height: 20)
        let h = store.addView(ViewDefinition(id: "v\(k)", frame: frame), to: w)
        let g = store.geometry(of: h)
        let exact = ViewGeometry(layoutFrame: frame)
        #expect(g.center.isIdentical(to: exact.center), "v\(k) \(v)")
        #expect(g.bounds.size.width.bitPattern == exact.bounds.size.width.bitPattern, "v\(k) \(v)")
        let floatsHold = _CenterSize.holdsExactly(exact.center, exact.bounds.size)
        #expect(hasSideRecord(store, h) == !floatsHold, "v\(k) \(v)")
    }
    // Integers, halves and -0 need no record; a tenth, a third, a subnormal, 1e39 do.
    #expect((0..<awkward.count).map { hasSideRecord(store, store.view(withID: "v\($0)")!) }
        == [true, true, true, true, true, false, false, false])
}

@Test("moves across the float border keep the exact values and the reference's answers")
func centerSizeMoves() throws {
    let store = ViewStore(screenSize: Size(width: 200, height: 200), indexThreshold: 2)
    let w = store.addWindow(ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 200, height: 200)))
    let box = store.addView(ViewDefinition(id: "box", frame: Rect(x: 20, y: 20, width: 150, height: 150)), to: w)
    var views: [ViewHandle] = []
    for k in 0..<6 {
        views.append(
            store.addView(
                ViewDefinition(id: "v\(k)", frame: Rect(x: Double(10 * k), y: 5, width: 40, height: 30)),
                to: box))
    }
    expectReferenceAnswers(store, "start")
    // Exact to awkward: setCenters, then setFrames, then the one-view setters.
    store.setCenters(views, views.indices.map { Point(x: 30 + awkward[$0 % awkward.count], y: 40.1) })
    #expect(views.allSatisfy { hasSideRecord(store, $0) })
    #expect(store.geometry(of: views[0]).center.isIdentical(to: Point(x: 30.1, y: 40.1)))
    expectReferenceAnswers(store, "setCenters")
    store.setFrames(views, views.indices.map { Rect(x: 0.1 * Double($0), y: 7, width: 33.3, height: 1.0 / 3.0) })
    expectReferenceAnswers(store, "setFrames")
    // Back to values floats hold: the record keeps them (a record, once made, stays).
    store.setFrames(views, views.indices.map { Rect(x: Double(20 * $0), y: 50, width: 30, height: 30) })
    #expect(store.geometry(of: views[1]).frame == Rect(x: 20, y: 50, width: 30, height: 30))
    expectReferenceAnswers(store, "back")
    // A view that gets a record for another reason (a transform) after an exact center
    // keeps that center; and one whose center then turns awkward.
    let plain = store.addView(ViewDefinition(id: "plain", frame: Rect(x: 60, y: 60, width: 40, height: 40)), to: box)
    #expect(!hasSideRecord(store, plain))
    store.setTransform(plain, AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
    #expect(hasSideRecord(store, plain))
    #expect(store.geometry(of: plain).center == Point(x: 80, y: 80))
    expectReferenceAnswers(store, "transform")
    store.setCenter(plain, Point(x: 80.01, y: 79.99))
    expectReferenceAnswers(store, "setCenter")
}

@Test("bulk adds from flat arrays put awkward frames in side records, exactly")
func centerSizeBulk() throws {
    let store = ViewStore(screenSize: Size(width: 200, height: 200))
    let w = store.addWindow(ViewDefinition(id: "w", frame: Rect(x: 0, y: 0, width: 200, height: 200)))
    var a = ViewArrays(parents: [], frames: [])
    for k in 0..<32 {
        a.parents.append(k < 4 ? -1 : Int32(k % 4))
        a.frames.append(
            Rect(x: awkward[k % awkward.count].truncatingRemainder(dividingBy: 50), y: Double(k) * 1.1,
                 width: 30 + awkward[(k + 3) % awkward.count].truncatingRemainder(dividingBy: 40), height: 25))
        a.ids.append("b\(k)")
    }
    _ = try store.addViews(a, to: w)
    for k in 0..<32 {
        let h = store.view(withID: "b\(k)")!
        let g = store.geometry(of: h)
        let exact = ViewGeometry(layoutFrame: a.frames[k])
        #expect(g.center.isIdentical(to: exact.center), "b\(k)")
        #expect(g.bounds.size.width.bitPattern == exact.bounds.size.width.bitPattern, "b\(k)")
        #expect(hasSideRecord(store, h) == !_CenterSize.holdsExactly(exact.center, exact.bounds.size))
    }
    expectReferenceAnswers(store, "bulk")
}
