import HitTestGeometry
import HitTestReference
import HitTestScene
import Testing

@testable import HitTestStore

/// Random flat arrays, seeded: `n` views whose superview is -1 or a random earlier view,
/// frames on multiples of 1/8 (some empty, some off their superview, some NaN), some
/// hidden, some with interaction disabled.
private func randomArrays(views n: Int, seed: UInt64) -> ViewArrays {
    var rng = TestRandom(seed: seed)
    func next() -> Double { rng.unit() }
    func eighth(_ x: Double) -> Double { TestRandom.eighth(x) }
    var a = ViewArrays(parents: [], frames: [])
    for i in 0..<n {
        a.parents.append(i == 0 || next() < 0.3 ? -1 : Int32(next() * Double(i)))
        var r = Rect(
            x: eighth(next() * 700 - 50), y: eighth(next() * 700 - 50),
            width: eighth(next() * 200), height: eighth(next() * 200))
        if next() < 0.02 { r.size.width = 0 }
        if next() < 0.01 { r.origin.x = .nan }
        a.frames.append(r)
        a.ids.append("v\(i)")
        a.hidden.append(next() < 0.05)
        a.userInteractionEnabled.append(next() >= 0.05)
    }
    return a
}

/// The same views as a scene: a window of `screen`'s size holding the arrays' roots.
private func scene(of a: ViewArrays, screen: Size) -> Scene {
    var views = a.frames.indices.map { i in
        var v = SceneView(id: a.ids[i], placement: .frame(a.frames[i]))
        v.isHidden = a.hidden[i]
        v.isUserInteractionEnabled = a.userInteractionEnabled[i]
        return v
    }
    // Children before parents, so each view is complete when its parent takes it.
    var window = SceneView.window(id: "main", placement: .frame(Rect(origin: .zero, size: screen)))
    var roots: [SceneView] = []
    for i in a.frames.indices.reversed() {
        views[i].subviews.reverse()
        if a.parents[i] < 0 {
            roots.append(views[i])
        } else {
            views[Int(a.parents[i])].subviews.append(views[i])
        }
    }
    window.subviews = roots.reversed()
    return Scene(screen: screen, windows: [window])
}

/// Random points over the screen and every view's edges, exactly and one ulp off.
private func probePoints(_ scene: Scene, count: Int, seed: UInt64) -> [Point] {
    var out: [Point] = []
    // A stream apart from the one `randomArrays` drew the views from with the same seed.
    var random = TestRandom(seed: seed &+ 1000)
    for _ in 0..<count {
        let x = Double(random.next() >> 40) / Double(1 << 24) * scene.screen.width
        let y = Double(random.next() >> 40) / Double(1 << 24) * scene.screen.height
        out.append(Point(x: x, y: y))
    }
    let screen = Screen(scene: scene)
    var stack: [View] = screen.windows
    while let v = stack.popLast() {
        let f = v.convert(v.bounds, to: nil)
        if f.minX.isFinite && f.minY.isFinite {
            for x in [f.minX, f.maxX] {
                for dx in [x.nextDown, x, x.nextUp] { out.append(Point(x: dx, y: f.midY)) }
            }
            for y in [f.minY, f.maxY] {
                for dy in [y.nextDown, y, y.nextUp] { out.append(Point(x: f.midX, y: dy)) }
            }
        }
        stack += v.subviews
    }
    return out
}

private func expectSameAnswers(
    _ store: ViewStore, _ scene: Scene, _ points: [Point], _ context: String
) {
    let screen = Screen(scene: scene)
    let scratch = QueryScratch()
    var mismatches = 0
    for useIndexes in [true, false] {
        for p in points {
            let e = screen.hitTest(p)
            let g = store.hitTest(p, useIndexes: useIndexes, scratch: scratch)
            let same =
                g.map { store.id(of: $0.view) } == e?.view.id
                && (g == nil || g!.localPoint.isIdentical(to: e!.localPoint))
            if !same {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record(
                        "\(context), useIndexes \(useIndexes): at \(p) the store says \(g.map { store.id(of: $0.view) } ?? "nil"), the reference \(e?.view.id ?? "nil")"
                    )
                }
            }
        }
    }
    #expect(mismatches == 0, "\(context): \(mismatches) mismatches; the scene: \(scene)")
}

@Test(
    "views added from flat arrays answer as the reference on the same tree",
    arguments: [1, 2, 3, 4, 5] as [UInt64])
func bulkAddParity(seed: UInt64) throws {
    let n = [40, 300, 900, 64, 2000][Int(seed - 1)]
    let arrays = randomArrays(views: n, seed: seed)
    let size = Size(width: 800, height: 800)
    let s = scene(of: arrays, screen: size)
    let store = ViewStore(screenSize: size)
    let window = store.addWindow(ViewDefinition(id: "main", frame: Rect(origin: .zero, size: size)))
    let handles = try store.addViews(arrays, to: window)
    #expect(handles.count == n)
    #expect(store.count == n + 1)
    #expect(
        store.invariantViolations().isEmpty,
        "seed \(seed): \(store.invariantViolations().prefix(3))")
    #expect(store.storage.screenIndex.validate() == nil, "seed \(seed)")
    for (i, h) in handles.enumerated() where i % 7 == 0 {
        #expect(store.id(of: h) == "v\(i)")
        #expect(
            store.superview(of: h).map { store.id(of: $0) }
                == (arrays.parents[i] < 0 ? "main" : "v\(arrays.parents[i])"))
    }
    expectSameAnswers(store, s, probePoints(s, count: 2000, seed: seed), "seed \(seed), \(n) views")
}

@Test("a batch added above existing subviews, without ids, lands on top in order")
func bulkAddOnTopOfExistingSubviews() throws {
    let size = Size(width: 400, height: 400)
    let store = ViewStore(screenSize: size, indexThreshold: 4)
    let window = store.addWindow(ViewDefinition(id: "main", frame: Rect(origin: .zero, size: size)))
    let below = store.addView(
        ViewDefinition(id: "below", frame: Rect(x: 0, y: 0, width: 400, height: 400)), to: window)
    let frames = (0..<10).map { Rect(x: Double($0) * 10, y: 0, width: 15, height: 15) }
    let handles = try store.addViews(
        ViewArrays(parents: Array(repeating: -1, count: 10), frames: frames), to: window)
    #expect(store.subviews(of: window) == [below] + handles)
    #expect(handles.allSatisfy { store.id(of: $0) == "" })
    #expect(store.geometry(of: handles[3]).frame == frames[3])
    // Overlapping siblings: the later one is on top.
    #expect(store.hitTest(Point(x: 12, y: 5))?.view == handles[1])
    #expect(store.hitTest(Point(x: 200, y: 200))?.view == below)
    #expect(store.invariantViolations().isEmpty)
}

@Test("bad arrays are refused with the array and index named, and nothing is added")
func bulkAddRefusals() {
    let size = Size(width: 100, height: 100)
    let store = ViewStore(screenSize: size)
    let window = store.addWindow(ViewDefinition(id: "main", frame: Rect(origin: .zero, size: size)))
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    let cases: [(ViewArrays, ViewArraysError)] = [
        (
            ViewArrays(parents: [-1, 1], frames: [r, r]),
            ViewArraysError(
                field: "parents", index: 1,
                message: "is 1; must be -1 (the superview) or the index of an earlier view (0..<1)")
        ),
        (
            ViewArrays(parents: [-2], frames: [r]),
            ViewArraysError(
                field: "parents", index: 0,
                message: "is -2; must be -1 (the superview) or the index of an earlier view (0..<0)"
            )
        ),
        (
            ViewArrays(parents: [-1, 0], frames: [r]),
            ViewArraysError(
                field: "frames", index: nil, message: "has 1 elements, not 2 (one per view)")
        ),
        (
            ViewArrays(parents: [-1], frames: [r], ids: ["a", "b"]),
            ViewArraysError(
                field: "ids", index: nil, message: "has 2 elements, not 1 (one per view, or none)")
        ),
    ]
    for (arrays, expected) in cases {
        #expect(throws: expected) { try store.addViews(arrays, to: window) }
        #expect(store.count == 1)
        #expect(store.subviews(of: window).isEmpty)
    }
    #expect(store.invariantViolations().isEmpty)
}

@Test(
    "a bulk build defers a big container's child index while the screen index is fresh, and builds it when the index goes stale"
)
func deferredChildIndexes() throws {
    let size = Size(width: 2000, height: 2000)
    var grid = SceneView(id: "grid", placement: .frame(Rect(origin: .zero, size: size)))
    grid.subviews = (0..<1600).map { i in
        SceneView(
            id: "cell\(i)",
            placement: .frame(
                Rect(x: Double(i % 40) * 50, y: Double(i / 40) * 50, width: 50, height: 50)))
    }
    // Cells under a view whose pointInside asks its subviews: the screen index walks that
    // subtree, so its child index is built at once.
    var walked = SceneView(id: "walked", placement: .frame(Rect(origin: .zero, size: size)))
    walked.hitRules.pointInside = .subviews
    walked.subviews = (0..<64).map { i in
        SceneView(
            id: "w\(i)", placement: .frame(Rect(x: Double(i) * 30, y: 1900, width: 30, height: 30)))
    }
    var window = SceneView.window(id: "main", placement: .frame(Rect(origin: .zero, size: size)))
    window.subviews = [grid, walked]
    let store = ViewStore(scene: Scene(screen: size, windows: [window]))
    let g = store.view(withID: "grid")!.slot
    #expect(store.screenIndexIsFresh)
    #expect(store.columns.flags[Int(g)] & _Flags.indexed == 0, "deferred while the screen index answers")
    #expect(
        store.columns.flags[Int(store.view(withID: "walked")!.slot)] & _Flags.indexed != 0,
        "walked: built at once")
    #expect(store.hitTest(Point(x: 75, y: 75)).map { store.id(of: $0.view) } == "cell41")
    // A structural change elsewhere makes the screen index stale: the deferred index is
    // built before the change returns, from the boxes of the moment.
    store.moveView(store.view(withID: "w0")!, to: store.view(withID: "main")!, at: nil)
    #expect(!store.screenIndexIsFresh)
    #expect(store.columns.flags[Int(g)] & _Flags.indexed != 0)
    #expect(store.childIndex(of: g).entries == 1600)
    #expect(store.invariantViolations().isEmpty)
    let scratch = QueryScratch()
    #expect(
        store.hitTest(Point(x: 75, y: 75), scratch: scratch).map { store.id(of: $0.view) }
            == "cell41")
    #expect(
        scratch.stats.viewsVisited < 40, "the stale walk uses the child index: \(scratch.stats)")
}

/// Frames that stress the flat path's boxes: values floats do not hold (side records),
/// negative, zero and -0 sizes, subnormal and huge coordinates (past the magnitude at
/// which boxes turn infinite), infinities and NaN, and chains deep enough to grow the pad.
private func hostileArrays(views n: Int, seed: UInt64) -> ViewArrays {
    var rng = TestRandom(seed: seed)
    func next() -> Double { rng.unit() }
    let odd: [Double] = [
        1.0 / 3, -0.0, -7.5, 0x1p-1060, 1e15, 3e15, -2e16, .infinity, -.infinity, .nan, 1e300,
        0.1, 16_777_217,
    ]
    func value(_ plain: Double) -> Double { next() < 0.15 ? odd[Int(next() * Double(odd.count))] : plain }
    var a = ViewArrays(parents: [], frames: [])
    // Odd seeds: superviews anywhere earlier. Even seeds: depth-first order (each
    // superview on the path of views still open), the order whose build keeps only that
    // path's frames.
    var path: [Int32] = []
    for i in 0..<n {
        // Mostly chains (the previous view), so that some run deep.
        if seed % 2 == 0 {
            path.removeLast(Int(next() * next() * Double(path.count + 1)) % (path.count + 1))
            a.parents.append(path.last ?? -1)
            path.append(Int32(i))
        } else {
            a.parents.append(
                i == 0 || next() < 0.1 ? -1 : (next() < 0.7 ? Int32(i - 1) : Int32(next() * Double(i))))
        }
        a.frames.append(
            Rect(
                x: value(TestRandom.eighth(next() * 60 - 10)), y: value(TestRandom.eighth(next() * 60 - 10)),
                width: value(TestRandom.eighth(next() * 300)), height: value(TestRandom.eighth(next() * 300))))
        a.ids.append("h\(i)")
        a.hidden.append(next() < 0.05)
        a.userInteractionEnabled.append(next() >= 0.05)
    }
    return a
}

@Test(
    "flat arrays with hostile geometry get the boxes a full recomputation gives, under plain, transformed and pointInside-asking superviews",
    arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
func bulkAddHostileGeometry(seed: UInt64) throws {
    let arrays = hostileArrays(views: 600, seed: seed)
    let size = Size(width: 800, height: 800)
    let store = ViewStore(screenSize: size, indexThreshold: 4)
    var def = ViewDefinition(id: "main", frame: Rect(origin: .zero, size: size))
    switch seed % 3 {
    case 1:
        // A rotated window: the superview's frame is not a translation, so every new
        // subtree is walked instead.
        def.geometry.transform = AffineTransform(rotationAngle: 0.3)
    case 2:
        // A superview that answers pointInside from its bounds or subviews keeps its
        // subviews' pointInside boxes apart.
        def.hitRules.pointInside = .boundsOrSubviews
    default:
        break
    }
    let window = store.addWindow(def)
    let host = store.addView(ViewDefinition(id: "host", frame: Rect(x: 3, y: 5, width: 700, height: 700)), to: window)
    let depthFirst = arrays.parents.withUnsafeBufferPointer { ViewStore.isDepthFirst($0) }
    #expect(depthFirst == (seed % 2 == 0), "seed \(seed): both orders are exercised")
    let handles = try store.addViews(arrays, to: host)
    #expect(handles.count == arrays.parents.count)
    let violations = store.invariantViolations()
    #expect(violations.isEmpty, "seed \(seed): \(violations.prefix(3))")
    #expect(store.storage.screenIndex.validate() == nil, "seed \(seed)")
}
