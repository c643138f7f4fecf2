import HitTestGeometry
import HitTestReference
import HitTestScene
@testable import HitTestStore
import Testing

/// A canvas of `n` random plain views (some nested two deep, some passthrough, some
/// hidden) under one window, seeded; coordinates are multiples of 1/8 so that edges are
/// exact and points aimed at them land exactly on them.
private func canvas(views n: Int, seed: UInt64) -> Scene {
    var rng = TestRandom(seed: seed)
    func next() -> Double { rng.unit() }
    func eighth(_ x: Double) -> Double { TestRandom.eighth(x) }
    let side = 40 * Double(n).squareRoot() + 100
    var canvas = SceneView(id: "canvas", placement: .frame(Rect(x: 0, y: 0, width: side, height: side)))
    for i in 0..<n {
        let w = eighth(20 + 80 * next())
        let h = eighth(20 + 80 * next())
        var v = SceneView(
            id: "v\(i)",
            placement: .frame(Rect(x: eighth(next() * (side - w)), y: eighth(next() * (side - h)), width: w, height: h)))
        if next() < 0.2 {
            v.subviews = [
                SceneView(id: "v\(i).a", placement: .frame(Rect(x: 2, y: 2, width: w / 2, height: h / 2)))
            ]
        }
        if next() < 0.05 { v.hitRules.hitTestRule = .passthrough }
        if next() < 0.05 { v.isHidden = true }
        canvas.subviews.append(v)
    }
    var window = SceneView.window(id: "main", placement: .frame(Rect(x: 0, y: 0, width: side, height: side)))
    window.subviews = [canvas]
    return Scene(screen: Size(width: side, height: side), windows: [window])
}

@Test("the screen index answers as the reference on edges and one ulp off them", arguments: [1, 2, 3] as [UInt64])
func screenIndexParity(seed: UInt64) {
    let scene = canvas(views: 600, seed: seed)
    let store = ViewStore(scene: scene)
    #expect(store.screenIndexIsFresh, "seed \(seed)")
    #expect(store.storage.screenIndex.validate() == nil, "seed \(seed): \(store.storage.screenIndex.validate() ?? "")")
    expectParity(store, Screen(scene: scene), edgePoints(scene), "seed \(seed)")
}

@Test("moving plain leaf views refits the screen index in place and keeps answers exact")
func screenIndexRefit() {
    let scene = canvas(views: 400, seed: 9)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene)
    var moved = 0
    for (k, v) in screen.windows[0].subviews[0].subviews.enumerated() where k % 3 == 0 && v.subviews.isEmpty {
        let c = Point(x: v.center.x + 37.5, y: v.center.y - 12.25)
        v.center = c
        store.setCenter(store.view(withID: v.id)!, c)
        moved += 1
    }
    #expect(moved > 50)
    #expect(store.screenIndexIsFresh, "leaf moves must not make the index stale")
    // Hidden and passthrough leaves have no entry to refit.
    #expect(store.storage.screenIndex.refits > moved / 2 && store.storage.screenIndex.refits <= moved)
    #expect(store.storage.screenIndex.validate() == nil, "\(store.storage.screenIndex.validate() ?? "")")
    expectParity(store, screen, edgePoints(screen.scene()), "after refits")
}

@Test("moving the same views again and again re-encodes their leaves in grown frames and keeps answers exact")
func screenIndexRepeatedRefits() {
    let scene = canvas(views: 300, seed: 21)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene)
    var rng = TestRandom(seed: 21)
    let leaves = screen.windows[0].subviews[0].subviews.filter { $0.subviews.isEmpty }
    for round in 0..<30 {
        // A few views each round, far and near (on 1/8 steps: edges stay exact), so that
        // leaf frames grow and their lanes are written again many times over.
        for k in 0..<12 {
            let v = leaves[(round * 12 + k) % leaves.count]
            let reach = rng.unit() < 0.3 ? 400.0 : 20.0
            let c = Point(
                x: TestRandom.eighth(v.center.x + (rng.unit() - 0.5) * reach),
                y: TestRandom.eighth(v.center.y + (rng.unit() - 0.5) * reach))
            v.center = c
            store.setCenter(store.view(withID: v.id)!, c)
        }
        #expect(store.screenIndexIsFresh, "round \(round)")
        #expect(store.storage.screenIndex.validate() == nil, "round \(round): \(store.storage.screenIndex.validate() ?? "")")
        if round % 6 == 5 { expectParity(store, screen, edgePoints(screen.scene()), "round \(round)") }
    }
}

@Test("a structural change makes the index stale, updateIndexes rebuilds it, and answers stay exact")
func screenIndexStaleAndRebuilt() {
    let scene = canvas(views: 300, seed: 4)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene)
    let canvasView = screen.windows[0].subviews[0]
    let top = View(id: "top", frame: Rect(x: 10, y: 10, width: 500, height: 500))
    canvasView.addSubview(top)
    store.addView(ViewDefinition(id: "top", frame: Rect(x: 10, y: 10, width: 500, height: 500)), to: store.view(withID: "canvas")!)
    #expect(!store.screenIndexIsFresh)
    expectParity(store, screen, edgePoints(screen.scene()), "stale")
    store.updateIndexes()
    #expect(store.screenIndexIsFresh)
    expectParity(store, screen, edgePoints(screen.scene()), "rebuilt")
}

@Test("work per query through the screen index is bounded by the tree's height")
func screenIndexVisitCounts() {
    // A grid of 64 x 64 cells that do not overlap: a point in a cell's middle is held by
    // the cell and by no other entry but the window's and the canvas's (large ones).
    var canvas = SceneView(id: "canvas", placement: .frame(Rect(x: 0, y: 0, width: 6400, height: 6400)))
    for i in 0..<4096 {
        canvas.subviews.append(
            SceneView(
                id: "c\(i)",
                placement: .frame(Rect(x: Double(i % 64) * 100, y: Double(i / 64) * 100, width: 90, height: 90))))
    }
    var window = SceneView.window(id: "main", placement: .frame(Rect(x: 0, y: 0, width: 6400, height: 6400)))
    window.subviews = [canvas]
    let store = ViewStore(scene: Scene(screen: Size(width: 6400, height: 6400), windows: [window]))
    let scratch = QueryScratch()
    for i in stride(from: 0, to: 4096, by: 97) {
        scratch.stats = QueryStats()
        let p = Point(x: Double(i % 64) * 100 + 45, y: Double(i / 64) * 100 + 45)
        let hit = store.hitTest(p, scratch: scratch)
        #expect(hit.map { store.id(of: $0.view) } == "c\(i)")
        // 4096 cells: 512 leaves, 64, 8, 1 above them: a lone cell is reached through one
        // node a level; the large tree (window, canvas) is one node.
        #expect(scratch.stats.indexNodesVisited <= 4 + 1, "cell \(i): \(scratch.stats)")
        // The exact check: window, canvas, cell.
        #expect(scratch.stats.viewsVisited == 3, "cell \(i): \(scratch.stats)")
    }
}

@Test("Hilbert keys visit every cell of a small grid once, neighbours one step apart")
func hilbertCurve() {
    // On the 65536 grid, the 16 x 16 block at the origin is the curve's first 256 steps.
    var seen = Set<UInt32>()
    var where_: [UInt32: (UInt32, UInt32)] = [:]
    for x in 0..<UInt32(16) {
        for y in 0..<UInt32(16) {
            let d = HilbertOrder.index(x, y)
            seen.insert(d)
            where_[d] = (x, y)
        }
    }
    #expect(seen == Set(0..<256))
    for d in 1..<UInt32(256) {
        let (ax, ay) = where_[d - 1]!
        let (bx, by) = where_[d]!
        #expect(abs(Int(ax) - Int(bx)) + abs(Int(ay) - Int(by)) == 1, "step \(d)")
    }
}

@Test("Hilbert keys from the level table equal the level-by-level walk of the curve")
func hilbertTableEqualsTheWalk() {
    // The textbook walk, one level at a time: rank the quadrant, then turn the cell into
    // the quadrant's orientation.
    func walk(_ x0: UInt32, _ y0: UInt32) -> UInt32 {
        var (x, y, d) = (x0, y0, UInt32(0))
        var s: UInt32 = 1 << 15
        while s > 0 {
            let rx: UInt32 = x & s != 0 ? 1 : 0
            let ry: UInt32 = y & s != 0 ? 1 : 0
            d &+= s &* s &* ((3 &* rx) ^ ry)
            if ry == 0 {
                if rx == 1 { (x, y) = (65535 - x, 65535 - y) }
                swap(&x, &y)
            }
            s >>= 1
        }
        return d
    }
    var random = TestRandom(seed: 12345)
    for k in 0..<200_000 {
        let r = random.next()
        let x = k < 65536 ? UInt32(k) : UInt32(truncatingIfNeeded: r >> 48)
        let y = k < 65536 ? UInt32(65535 - k) : UInt32(truncatingIfNeeded: r >> 32) & 0xFFFF
        if HilbertOrder.index(x, y) != walk(x, y) {
            Issue.record("(\(x), \(y)): table \(HilbertOrder.index(x, y)), walk \(walk(x, y))")
            return
        }
    }
}

@Test("a coarser grid's Hilbert key is the leading part of the full grid's", arguments: [UInt32(4), 8, 12])
func hilbertCoarseGrid(bits: UInt32) {
    // The curve on a 2^bits grid visits its cells in the order the full curve visits the
    // blocks of 2^(16 - bits) cells they stand for.
    let shift = 16 - bits
    var random = TestRandom(seed: UInt64(bits))
    for k in 0..<20_000 {
        let r = random.next()
        let side = UInt32(1) << bits
        let x = k < Int(side) ? UInt32(k) : UInt32(truncatingIfNeeded: r >> 40) % side
        let y = k < Int(side) ? side - 1 - UInt32(k) : UInt32(truncatingIfNeeded: r >> 20) % side
        let coarse = HilbertOrder.levelTable.withUnsafeBufferPointer { HilbertOrder.index(x, y, bits: bits, table: $0) }
        let full = HilbertOrder.index(x << shift | (x & 1), y << shift) >> (2 * shift)
        if coarse != full {
            Issue.record("bits \(bits), cell (\(x), \(y)): \(coarse), full grid \(full)")
            return
        }
    }
}

@Test("regression: a geometry change below a hidden window that redirects (fuzz seed 7773225831120166311)")
func screenIndexRedirectingHiddenWindow() throws {
    let json = """
        {"format": "hittest-scene/1", "windows": [
          {"id": "w1", "frame": [382, 215, 191, 476], "subviews": [
            {"id": "v1", "frame": [113, -78, 70, 35]}]}]}
        """
    let scene = try Scene.load(json: json)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene, indexThreshold: 4)
    let w1 = screen.windows[0]
    let v1 = w1.subviews[0]
    let hw = store.view(withID: "w1")!
    let hv = store.view(withID: "v1")!
    var step = 0
    func check(_ what: String) {
        step += 1
        if step % 2 == 0 { store.updateIndexes() }
        expectParity(store, screen, [Point(x: 53.197567522609674, y: 455.8754237808987)] + edgePoints(screen.scene()), "after \(what)")
    }
    w1.redirectTarget = v1
    store.setRedirect(hw, to: hv)
    check("redirect")
    w1.anchorPoint = Point(x: 0.05510771659121794, y: -0.18375016415953227)
    store.update(hw) { $0.geometry.anchorPoint = w1.anchorPoint }
    check("anchor")
    w1.bounds = Rect(x: -57, y: 73, width: 69, height: 56)
    store.setBounds(hw, w1.bounds)
    check("bounds")
    v1.center = Point(x: 15, y: 53)
    store.setCenter(hv, v1.center)
    check("center")
    w1.isHidden = true
    store.setHidden(hw, true)
    check("hidden")
    v1.transform = AffineTransform(a: 0, b: 0, c: 0, d: 3, tx: 0, ty: 0)
    v1.bounds.origin = Point(x: -0.0, y: -0.0)
    v1.alpha = 0
    store.update(hv) {
        $0.geometry.transform = v1.transform
        $0.geometry.bounds.origin = v1.bounds.origin
        $0.alpha = 0
    }
    check("v1 several")
    w1.center = Point(x: -9.999999999999998, y: 468)
    store.setCenter(hw, w1.center)
    check("w1 center")
    w1.alpha = 1
    store.setAlpha(hw, 1)
    check("w1 alpha")
    v1.transform = AffineTransform(a: 9.313225746154785e-10, b: 0, c: 0, d: 9.313225746154785e-10, tx: -5, ty: -2.414585395736978)
    store.setTransform(hv, v1.transform)
    check("v1 transform")
}

@Test("setCenters and setFrames give the answers of one change at a time, and keep the index fresh for leaves")
func batchMoves() {
    let scene = canvas(views: 500, seed: 21)
    let screen = Screen(scene: scene)
    let batched = ViewStore(scene: scene)
    let oneByOne = ViewStore(scene: scene)
    var handles: [ViewHandle] = []
    var singles: [ViewHandle] = []
    var centers: [Point] = []
    var frameHandles: [ViewHandle] = []
    var frameSingles: [ViewHandle] = []
    var frames: [Rect] = []
    for (k, v) in screen.windows[0].subviews[0].subviews.enumerated() {
        if k % 4 == 0 {
            let c = Point(x: v.center.x - 20.125, y: v.center.y + 3.5)
            v.center = c
            handles.append(batched.view(withID: v.id)!)
            singles.append(oneByOne.view(withID: v.id)!)
            centers.append(c)
        } else if k % 4 == 1 {
            let r = Rect(x: v.frame.minX + 11, y: v.frame.minY - 7.75, width: v.bounds.width * 1.5, height: 30)
            v.frame = r
            frameHandles.append(batched.view(withID: v.id)!)
            frameSingles.append(oneByOne.view(withID: v.id)!)
            frames.append(r)
        }
    }
    // The canvas moves too (a container: its subtree's entries move with it).
    batched.setCenters(handles, centers)
    batched.setFrames(frameHandles, frames)
    for (h, c) in zip(singles, centers) { oneByOne.setCenter(h, c) }
    for (h, r) in zip(frameSingles, frames) { oneByOne.setFrame(h, r) }
    #expect(batched.invariantViolations().isEmpty)
    #expect(batched.storage.screenIndex.validate() == nil)
    let points = edgePoints(screen.scene())
    expectParity(batched, screen, points, "batched")
    expectParity(oneByOne, screen, points, "one by one")
    // A container in the batch: exact too (the index goes stale or is rebuilt).
    let canvasView = screen.windows[0].subviews[0]
    canvasView.center = Point(x: canvasView.center.x + 5, y: canvasView.center.y)
    batched.setCenters([batched.view(withID: "canvas")!], [canvasView.center])
    expectParity(batched, screen, points, "after moving the container")
    batched.updateIndexes()
    #expect(batched.screenIndexIsFresh)
    expectParity(batched, screen, points, "rebuilt")
}

@Test("the node layouts the shim's lane test reads: four arrays of 8 floats at the start")
func nodeLayoutForTheLaneTest() {
    #expect(MemoryLayout<_PackedNode>.offset(of: \.minX) == 0)
    #expect(MemoryLayout<_PackedNode>.offset(of: \.minY) == 32)
    #expect(MemoryLayout<_PackedNode>.offset(of: \.maxX) == 64)
    #expect(MemoryLayout<_PackedNode>.offset(of: \.maxY) == 96)
    #expect(MemoryLayout<_PackedNode>.offset(of: \.child) == _PackedNode.childOffset)
    // Every lane of a node, against points on its edges and one ulp off them.
    var node = _PackedNode.emptyLanes
    for l in 0..<7 {
        let f = Float(l)
        node.setLane(l, Box(minX: f, minY: 2 * f, maxX: f + 1.5, maxY: 2 * f + 3))
    }
    for x in stride(from: Float(-1), through: 9, by: 0.25) {
        for y in [Float(0), 1.5, 3, 6, 14, 15, .nan] {
            for (px, py) in [(x, y), (x.nextDown, y), (x.nextUp, y.nextUp)] {
                let bits = withUnsafeMutablePointer(to: &node) { _PackedNode.laneBits($0, px, py) }
                var expected: UInt32 = 0
                for l in 0..<8 {
                    let b = node.lane(l)
                    let inX = b.minX <= px && px <= b.maxX
                    let inY = b.minY <= py && py <= b.maxY
                    if inX && inY { expected |= 1 << UInt32(l) }
                }
                #expect(bits == expected, "(\(px), \(py))")
            }
        }
    }
}

@Test("an index that is only queried has no lane map; the first refit makes it and later builds keep it")
func laneMapComesWithTheFirstRefit() {
    let scene = canvas(views: 300, seed: 5)
    let screen = Screen(scene: scene)
    let store = ViewStore(scene: scene)
    #expect(!store.storage.screenIndex.keepsLaneMap)
    #expect(store.storage.screenIndex.laneOfSlot.byteCount == 0, "a queried-only index pays no lane map")
    expectParity(store, screen, edgePoints(scene), "built")
    // The first leaf move maps every lane, then refits in place.
    let leaf = screen.windows[0].subviews[0].subviews.first { $0.subviews.isEmpty && !$0.isHidden }!
    let c = Point(x: leaf.center.x + 11.5, y: leaf.center.y + 3.25)
    leaf.center = c
    store.setCenter(store.view(withID: leaf.id)!, c)
    #expect(store.screenIndexIsFresh)
    #expect(store.storage.screenIndex.keepsLaneMap)
    #expect(store.storage.screenIndex.refits == 1)
    #expect(store.storage.screenIndex.validate() == nil, "\(store.storage.screenIndex.validate() ?? "")")
    expectParity(store, screen, edgePoints(screen.scene()), "after the first refit")
    // A rebuild fills the map as it packs: it still agrees with the leaves.
    let top = View(id: "top", frame: Rect(x: 10, y: 10, width: 200, height: 200))
    screen.windows[0].subviews[0].addSubview(top)
    store.addView(ViewDefinition(id: "top", frame: top.frame), to: store.view(withID: "canvas")!)
    store.updateIndexes()
    #expect(store.screenIndexIsFresh && store.storage.screenIndex.keepsLaneMap)
    #expect(store.storage.screenIndex.validate() == nil, "\(store.storage.screenIndex.validate() ?? "")")
    expectParity(store, screen, edgePoints(screen.scene()), "rebuilt with the map")
}

@Test("validate catches a corrupted screen index")
func screenIndexValidateCatchesCorruption() {
    let store = ViewStore(scene: canvas(views: 400, seed: 5))
    #expect(store.screenIndexIsFresh)
    // The index's columns are shared with this copy: each corruption is undone after.
    var index = store.storage.screenIndex
    #expect(index.validate() == nil, "\(index.validate() ?? "")")
    // Enough entries that the small tree's root points at inner nodes.
    #expect(index.small.packed.height >= 3)
    let leafCount = Int(index.small.packed.leafCount)
    let root = Int(index.small.packed.root) - leafCount
    let corruptions: [(String, (inout ScreenIndex) -> Void)] = [
        (
            "an inner lane shrunk below the node it points at",
            { $0.small.packed.nodes[root].setLane(0, Box(minX: 0, minY: 0, maxX: 0, maxY: 0)) }
        ),
        (
            "an inner lane pointing at the wrong node",
            { $0.small.packed.nodes[root].child[0] = $0.small.packed.nodes[root].child[1] }
        ),
        (
            "an entry in two lanes",
            { $0.small.packed.leaves[0].entry[1] = $0.small.packed.leaves[0].entry[0] }
        ),
        ("an empty lane with cells", { $0.small.packed.leaves[0].entry[2] = _Lane.empty }),
        ("a root that is not the last node", { $0.small.packed.root -= 1 }),
        ("a leaf count that is not the leaves'", { $0.small.packed.leafCount -= 1 }),
    ]
    for (what, corrupt) in corruptions {
        let (leaf, node, rootNumber, count) = (
            index.small.packed.leaves[0], index.small.packed.nodes[root], index.small.packed.root,
            index.small.packed.leafCount
        )
        corrupt(&index)
        #expect(index.validate() != nil, "validate missed \(what)")
        index.small.packed.leaves[0] = leaf
        index.small.packed.nodes[root] = node
        (index.small.packed.root, index.small.packed.leafCount) = (rootNumber, count)
        #expect(index.validate() == nil, "undoing \(what): \(index.validate() ?? "")")
    }
    #expect(store.invariantViolations().isEmpty)
}

/// An update that changes nothing a hit test reads (a recognizer attached, an id, a
/// controller link) leaves every box and index as it was, so the screen index stays fresh;
/// one that changes a hit rule does not. Answers stay the reference's either way.
@Test("an update of event settings alone keeps the screen index fresh")
func eventOnlyUpdateKeepsTheIndex() {
    let scene = canvas(views: 300, seed: 4)
    let store = ViewStore(scene: scene)
    #expect(store.screenIndexIsFresh)
    let v = store.view(withID: "v7")!
    store.update(v) {
        $0.events.gestures.append(SceneGesture(id: "tap", kind: .tap()))
        $0.id = "renamed"
        $0.viewController = "controller"
    }
    #expect(store.screenIndexIsFresh, "an event-only update made the index stale")
    #expect(store.invariantViolations().isEmpty, "\(store.invariantViolations())")
    store.update(v) { $0.hitRules.hitTestRule = .passthrough }
    #expect(!store.screenIndexIsFresh, "a hit rule changed and the index was kept")
    var changed = scene
    changed.windows[0].subviews[0].subviews[7].hitRules.hitTestRule = .passthrough
    let reference = Screen(scene: changed)
    var rng = TestRandom(seed: 9)
    let side = scene.screen.width
    for _ in 0..<500 {
        let p = Point(x: rng.unit() * side, y: rng.unit() * side)
        let want = reference.hitTest(p).map { $0.view.id }
        let got = store.hitTest(p, scratch: QueryScratch()).map { store.id(of: $0.view) }
        #expect(got == want || (got == "renamed" && want == "v7"), "at \(p)")
    }
}

@Test("a batch's cached levels: the levels from the root down that fit in the bytes given")
func firstCachedNodeByLevel() {
    // 513 leaves: levels of 513 leaves (from node 0), 65 nodes (from 513), 9 (578), 2 (587)
    // and the root (589); a leaf takes 128 + 4 bytes, an inner node 160 + 4.
    var tree = ScreenIndex.Tree()
    tree.packed.leafCount = 513
    tree.packed.root = 589
    let expected: [(bytes: Int, first: Int32)] = [
        (0, 590), (163, 590), (164, 589), (491, 589), (492, 587), (1_967, 587), (1_968, 578),
        (12_627, 578), (12_628, 513), (80_343, 513), (80_344, 0), (Int.max, 0),
    ]
    for (bytes, first) in expected {
        #expect(tree.firstCachedNode(within: bytes) == first, "\(bytes) bytes")
    }
    // A tree whose root is its one leaf.
    tree.packed.leafCount = 1
    tree.packed.root = 0
    #expect(tree.firstCachedNode(within: 131) == 1)
    #expect(tree.firstCachedNode(within: 132) == 0)
}

/// An index over `boxes` (slot `k` for box `k`, priorities in that order).
private func index(over boxes: [Box]) throws -> ScreenIndex {
    var column = _Column<Box>()
    var slots = _Column<Int32>()
    defer {
        column.deallocate()
        slots.deallocate()
    }
    for (k, b) in boxes.enumerated() {
        column.append(b)
        slots.append(Int32(k))
    }
    var index = ScreenIndex()
    try index.build(boxes: column, slots: slots, slotCount: boxes.count)
    return index
}

@Test("a level walk gives each point topEntry's answer, and gives up on a deep stack untouched")
func levelWalkMatchesTopEntry() throws {
    let count = ScreenIndex.walksInFlight
    let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: ScreenIndex.levelWords)
    defer { scratch.deallocate() }
    let xs = UnsafeMutablePointer<Float>.allocate(capacity: count)
    let ys = UnsafeMutablePointer<Float>.allocate(capacity: count)
    let tops = UnsafeMutablePointer<Int32>.allocate(capacity: count)
    let slots = UnsafeMutablePointer<Int32>.allocate(capacity: count)
    defer {
        xs.deallocate()
        ys.deallocate()
        tops.deallocate()
        slots.deallocate()
    }
    for seed: UInt64 in 1...8 {
        // Views side by side, some overlapping their neighbours: a few leaves a point.
        var rng = TestRandom(seed: seed)
        let tiles = (0..<3_000).map { _ -> Box in
            let (x, y) = (Float(rng.unit() * 1_000), Float(rng.unit() * 1_000))
            let (w, h) = (Float(1 + rng.unit() * 30), Float(1 + rng.unit() * 30))
            return Box(minX: x, minY: y, maxX: x + w, maxY: y + h)
        }
        var tiled = try index(over: tiles)
        defer { tiled.deallocate() }
        #expect(tiled.small.leafCover > 0 && tiled.small.leafCover <= BatchWalks().maximumLevelCover)
        for round in 0..<20 {
            // A top to beat for some points, as the other tree leaves it.
            for k in 0..<count {
                xs[k] = Float(rng.unit() * 1_040 - 20)
                ys[k] = Float(rng.unit() * 1_040 - 20)
                tops[k] = k % 3 == 0 ? Int32(rng.next() % 3_000) : _Slot.none
                slots[k] = 7
            }
            let start = (0..<count).map { (tops[$0], slots[$0]) }
            let visited = tiled.small.levelWalk(
                count: count, xs: xs, ys: ys, tops: tops, slots: slots, queue: scratch, newTop: { _ in })
            #expect(visited != nil, "seed \(seed) round \(round)")
            for k in 0..<count {
                var (top, slot) = start[k]
                var nodes = 0
                tiled.small.topEntry(x: xs[k], y: ys[k], top: &top, slot: &slot, visited: &nodes)
                #expect(
                    tops[k] == top && slots[k] == slot,
                    "seed \(seed) round \(round) point (\(xs[k]), \(ys[k])): level walk \(tops[k]) \(slots[k]), topEntry \(top) \(slot)")
            }
        }
    }
    // A deep stack: every point lies in every leaf, past the pairs a level may hold.
    let stacked = Array(repeating: Box(minX: 0, minY: 0, maxX: 100, maxY: 100), count: 8 * ScreenIndex.levelPairs)
    var deep = try index(over: stacked)
    defer { deep.deallocate() }
    #expect(deep.small.leafCover > BatchWalks().maximumLevelCover)
    for k in 0..<count {
        xs[k] = Float(k) * 5
        ys[k] = 50
        tops[k] = _Slot.none
        slots[k] = -3
    }
    let visited = deep.small.levelWalk(
        count: count, xs: xs, ys: ys, tops: tops, slots: slots, queue: scratch, newTop: { _ in })
    #expect(visited == nil)
    #expect((0..<count).allSatisfy { tops[$0] == _Slot.none && slots[$0] == -3 })
}
