import Testing

@testable import HitTestStore

/// `ChildIndex` on its own, against a list of boxes: what a query returns is every child
/// whose box holds the point (the tree may list more, never fewer), through builds,
/// refits, removals and insertions, with `validate()` after each step; and `validate()`
/// catches a tree corrupted by hand.
private struct Children {
    var boxes = _Column<Box>()
    var slots: [Int32] = []
    var rng: TestRandom

    init(count n: Int, seed: UInt64) {
        rng = TestRandom(seed: seed)
        for s in 0..<n {
            boxes.append(randomBox())
            slots.append(Int32(s))
        }
    }

    mutating func randomBox() -> Box {
        if rng.unit() < 0.05 { return .empty }
        let (x, y) = (Float(rng.unit() * 1000), Float(rng.unit() * 1000))
        return Box(
            minX: x, minY: y, maxX: x + Float(1 + rng.unit() * 60),
            maxY: y + Float(1 + rng.unit() * 60))
    }

    mutating func point() -> (Float, Float) { (Float(rng.unit() * 1060), Float(rng.unit() * 1060)) }
}

/// Checks that `index` lists every child of `live` whose box holds each of 200 points.
private func expectConservative(
    _ index: ChildIndex, _ c: inout Children, live: Set<Int32>, _ what: String
) {
    var out = _Column<Int32>()
    defer { out.deallocate() }
    for _ in 0..<200 {
        let (x, y) = c.point()
        out.removeAll()
        _ = index.query(x: x, y: y, boxes: c.boxes, out: &out)
        let found = Set(out.array)
        for s in live where c.boxes[Int(s)].contains(x: x, y: y) {
            #expect(
                found.contains(s), "\(what): child \(s) holds (\(x), \(y)) but the index misses it")
        }
    }
}

@Test(
    "a child index lists every child that holds a point, through refits, removals and insertions",
    arguments: [1, 9, 64, 65, 600, 5000] as [Int])
func childIndexStaysConservative(count n: Int) {
    var c = Children(count: n, seed: UInt64(n))
    defer { c.boxes.deallocate() }
    var index = ChildIndex()
    defer { index.deallocate() }
    index.build(children: c.slots, boxes: c.boxes)
    #expect(index.validate() == nil, "\(index.validate() ?? "")")
    var live = Set(c.slots)
    expectConservative(index, &c, live: live, "after the build")
    for step in 0..<(2 * n) {
        let s = Int32(Double(n) * c.rng.unit())
        if c.rng.unit() < 0.1, live.contains(s) {
            index.remove(s, box: c.boxes[Int(s)])
            live.remove(s)
        } else if live.contains(s) {
            let old = c.boxes[Int(s)]
            c.boxes[Int(s)] = c.randomBox()
            index.refit(s, from: old, to: c.boxes[Int(s)], boxes: c.boxes)
        } else {
            index.insert(s)
            live.insert(s)
        }
        if step % max(1, n / 4) == 0 {
            #expect(index.validate() == nil, "step \(step): \(index.validate() ?? "")")
        }
    }
    #expect(index.validate() == nil, "\(index.validate() ?? "")")
    expectConservative(index, &c, live: live, "after the changes")
    index.build(children: Array(live), boxes: c.boxes)
    #expect(index.validate() == nil, "\(index.validate() ?? "")")
    #expect(index.overflow.isEmpty && index.laneOfChild.isEmpty)
    expectConservative(index, &c, live: live, "after a rebuild")
}

@Test("a child index is balanced: every leaf on level 0, the height from its entries")
func childIndexHeight() {
    var c = Children(count: 40_000, seed: 7)
    defer { c.boxes.deallocate() }
    var index = ChildIndex()
    defer { index.deallocate() }
    index.build(children: c.slots, boxes: c.boxes)
    // ceil(entries / 8) leaves, then levels of ceil(m / 8) up to one root.
    #expect(index.height == 6)
    #expect(index.validate() == nil)
    // A refit reaches the root by level arithmetic alone: a box far away widens every
    // lane on the way up, so the root's bounds hold it.
    let s = c.slots.first { !c.boxes[Int($0)].isEmpty }!
    let far = Box(minX: 5000, minY: 5000, maxX: 5001, maxY: 5001)
    let old = c.boxes[Int(s)]
    c.boxes[Int(s)] = far
    index.refit(s, from: old, to: far, boxes: c.boxes)
    #expect(index.bounds(boxes: c.boxes).contains(far))
    #expect(index.validate() == nil, "\(index.validate() ?? "")")
}

@Test("validate catches a corrupted child index")
func childIndexValidateCatchesCorruption() {
    var c = Children(count: 300, seed: 3)
    defer { c.boxes.deallocate() }
    var index = ChildIndex()
    defer { index.deallocate() }
    index.build(children: c.slots.filter { !c.boxes[Int($0)].isEmpty }, boxes: c.boxes)
    #expect(index.validate() == nil)
    let root = Int(index.root)
    let leaf = 0
    let corruptions: [(String, (inout ChildIndex) -> Void)] = [
        (
            "an inner lane shrunk below the node it points at",
            { $0.nodes[root].setLane(0, Box(minX: 0, minY: 0, maxX: 0, maxY: 0)) }
        ),
        ("a child in two lanes", { $0.nodes[leaf].child[1] = $0.nodes[leaf].child[0] }),
        ("an empty lane with a box", { $0.nodes[leaf].child[2] = -1 }),
        (
            "an inner lane pointing at the wrong node",
            { $0.nodes[root].child[0] = $0.nodes[root].child[1] }
        ),
        ("a leaf lane holding a node", { $0.nodes[leaf].child[3] = 5 }),
        ("a dead count that does not match", { $0.dead += 1 }),
        ("a root that is not the last node", { $0.root -= 1 }),
    ]
    for (what, corrupt) in corruptions {
        var copy = ChildIndex()
        copy.nodes = _Column(capacity: index.nodes.count)
        for n in index.nodes { copy.nodes.append(n) }
        (copy.root, copy.entries, copy.dead) = (index.root, index.entries, index.dead)
        corrupt(&copy)
        #expect(copy.validate() != nil, "validate missed \(what)")
        copy.nodes.deallocate()
    }
    // A lane map that puts a child at another's lane.
    _ = index.position(of: ChildIndex.view(ofLane: index.nodes[leaf].child[0]))
    #expect(!index.laneOfChild.isEmpty && index.validate() == nil)
    let pair = index.laneOfChild[0]
    index.laneOfChild[0] = pair & ~0xFFFF_FFFF | (pair & 0xFFFF_FFFF ^ 1)
    #expect(index.validate() != nil, "validate missed a lane map pointing at another child")
}
