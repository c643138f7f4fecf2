import Testing

@testable import HitTestStore

/// `ChildIndex` on its own, against a list of boxes and order labels: what a query hands
/// out is every child whose box holds the point (the tree may list more, never fewer),
/// highest label first, through builds, refits, removals, insertions and new labels, with
/// `validate(order:)` after each step; and `validate(order:)` catches a tree corrupted by
/// hand.
private struct Children {
    var boxes = _Column<Box>()
    /// Order labels by slot: distinct, above 0, in no relation to the slots.
    var order = _Column<UInt32>()
    var slots: [Int32] = []
    var rng: TestRandom

    init(count n: Int, seed: UInt64) {
        rng = TestRandom(seed: seed)
        for s in 0..<n {
            boxes.append(randomBox())
            order.append(Children.label(s))
            slots.append(Int32(s))
        }
    }

    /// A label of its own for each `k` (an odd multiplier is a bijection), never 0.
    static func label(_ k: Int) -> UInt32 { UInt32(truncatingIfNeeded: (k + 1) &* 2_654_435_761) | 1 }

    mutating func deallocate() {
        boxes.deallocate()
        order.deallocate()
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

/// Checks that `index` hands out every child of `live` whose box holds each of 200 points,
/// each once, highest label first, as a walk asks: the first (`topChild`), then the rest
/// (`nextBestFirst`). The best-first walk's heap starts after an item of an outer walk,
/// which it must leave alone.
private func expectConservative(
    _ index: ChildIndex, _ c: inout Children, live: Set<Int32>, _ what: String
) {
    var heap = _Column<UInt64>()
    defer { heap.deallocate() }
    for _ in 0..<200 {
        let (x, y) = c.point()
        heap.removeAll()
        heap.append(.max)
        var out: [Int32] = []
        var visited = 0
        let first = index.topChild(x: x, y: y, boxes: c.boxes, order: c.order, visited: &visited)
        if first >= 0 {
            out.append(first)
            let below = c.order[Int(first)]
            var refused = false
            index.startBestFirst(
                x: x, y: y, boxes: c.boxes, order: c.order, below: below, heap: &heap, refused: &refused)
            while let s = index.nextBestFirst(
                x: x, y: y, order: c.order, below: below, heap: &heap, from: 1, visited: &visited,
                refused: &refused)
            {
                out.append(s)
            }
            #expect(!refused, "\(what): the default allocator refused the heap")
        }
        #expect(heap.count == 1 && heap[0] == .max, "\(what): the walk touched the heap before its own")
        let labels = out.map { c.order[Int($0)] }
        #expect(zip(labels, labels.dropFirst()).allSatisfy { $0 > $1 }, "\(what): not highest label first")
        let found = Set(out)
        for s in live where c.boxes[Int(s)].contains(x: x, y: y) {
            #expect(
                found.contains(s), "\(what): child \(s) holds (\(x), \(y)) but the index misses it")
        }
    }
}

@Test(
    "a child index lists every child that holds a point, through refits, removals and insertions",
    arguments: [1, 9, 64, 65, 600, 5000] as [Int])
func childIndexStaysConservative(count n: Int) throws {
    var c = Children(count: n, seed: UInt64(n))
    defer { c.deallocate() }
    var index = ChildIndex()
    defer { index.deallocate() }
    try index.build(children: c.slots, boxes: c.boxes, order: c.order)
    #expect(index.validate(order: c.order) == nil, "\(index.validate(order: c.order) ?? "")")
    var live = Set(c.slots)
    expectConservative(index, &c, live: live, "after the build")
    for step in 0..<(2 * n) {
        let s = Int32(Double(n) * c.rng.unit())
        let r = c.rng.unit()
        if r < 0.1, live.contains(s) {
            try index.remove(s, box: c.boxes[Int(s)], order: c.order)
            live.remove(s)
        } else if r < 0.2, live.contains(s) {
            // Moved among its siblings: a new label, its box as it was.
            c.order[Int(s)] = Children.label(n + step)
            try index.relabel(s, order: c.order)
        } else if live.contains(s) {
            let old = c.boxes[Int(s)]
            c.boxes[Int(s)] = c.randomBox()
            try index.refit(s, from: old, to: c.boxes[Int(s)], boxes: c.boxes, order: c.order)
        } else {
            // Added: the store refits a new child from an empty box.
            try index.refit(s, from: .empty, to: c.boxes[Int(s)], boxes: c.boxes, order: c.order)
            live.insert(s)
        }
        if step % max(1, n / 4) == 0 {
            #expect(index.validate(order: c.order) == nil, "step \(step): \(index.validate(order: c.order) ?? "")")
        }
    }
    #expect(index.validate(order: c.order) == nil, "\(index.validate(order: c.order) ?? "")")
    expectConservative(index, &c, live: live, "after the changes")
    // Every label anew (siblings spread): the highest labels made again.
    for s in 0..<n { c.order[s] = Children.label(3 * n + s) }
    try index.relabel(order: c.order)
    #expect(index.validate(order: c.order) == nil, "\(index.validate(order: c.order) ?? "")")
    expectConservative(index, &c, live: live, "after new labels")
    try index.build(children: Array(live), boxes: c.boxes, order: c.order)
    #expect(index.validate(order: c.order) == nil, "\(index.validate(order: c.order) ?? "")")
    #expect(index.overflow.isEmpty && index.laneOfChild.isEmpty)
    expectConservative(index, &c, live: live, "after a rebuild")
}

@Test("a child index is balanced: every leaf on level 0, the height from its entries")
func childIndexHeight() throws {
    var c = Children(count: 40_000, seed: 7)
    defer { c.deallocate() }
    var index = ChildIndex()
    defer { index.deallocate() }
    try index.build(children: c.slots, boxes: c.boxes, order: c.order)
    // ceil(entries / 8) leaves, then levels of ceil(m / 8) up to one root.
    #expect(index.tree.height == 6)
    #expect(index.validate(order: c.order) == nil)
    // A refit reaches the root by level arithmetic alone: a box far away widens every
    // lane on the way up, so the root's bounds hold it.
    let s = c.slots.first { !c.boxes[Int($0)].isEmpty }!
    let far = Box(minX: 5000, minY: 5000, maxX: 5001, maxY: 5001)
    let old = c.boxes[Int(s)]
    c.boxes[Int(s)] = far
    try index.refit(s, from: old, to: far, boxes: c.boxes, order: c.order)
    #expect(index.bounds(boxes: c.boxes).contains(far))
    #expect(index.validate(order: c.order) == nil, "\(index.validate(order: c.order) ?? "")")
}

@Test("validate catches a corrupted child index")
func childIndexValidateCatchesCorruption() throws {
    var c = Children(count: 300, seed: 3)
    defer { c.deallocate() }
    var index = ChildIndex()
    defer { index.deallocate() }
    try index.build(children: c.slots.filter { !c.boxes[Int($0)].isEmpty }, boxes: c.boxes, order: c.order)
    #expect(index.validate(order: c.order) == nil)
    // The root is an inner node whose lanes point at inner nodes (300 children: 38
    // leaves, 5 nodes, the root), so every kind of lane can be corrupted.
    #expect(index.tree.height == 3)
    let root = Int(index.tree.root) - Int(index.tree.leafCount)
    let leaf = 0
    let corruptions: [(String, (inout ChildIndex) -> Void)] = [
        (
            "an inner lane shrunk below the node it points at",
            { $0.tree.nodes[root].setLane(0, Box(minX: 0, minY: 0, maxX: 0, maxY: 0)) }
        ),
        (
            "a leaf's parent lane shrunk below the leaf's box",
            { $0.tree.nodes[0].setLane(0, Box(minX: 0, minY: 0, maxX: 0, maxY: 0)) }
        ),
        ("a child in two lanes", { $0.tree.leaves[leaf].child[1] = $0.tree.leaves[leaf].child[0] }),
        ("an empty lane with a box", { $0.tree.leaves[leaf].child[2] = _Lane.empty }),
        (
            "an inner lane pointing at the wrong node",
            { $0.tree.nodes[root].child[0] = $0.tree.nodes[root].child[1] }
        ),
        ("a leaf lane holding a node", { $0.tree.leaves[leaf].child[3] = 5 }),
        ("a dead count that does not match", { $0.dead += 1 }),
        ("a root that is not the last node", { $0.tree.root -= 1 }),
        ("a leaf count that is not the leaves'", { $0.tree.leafCount -= 1 }),
        ("entries that do not fill the leaves", { $0.entries += 8 }),
        ("a leaf keeping a lower highest label", { $0.nodeMax[leaf] -= 1 }),
        ("the root keeping a higher highest label", { $0.nodeMax[Int($0.tree.root)] += 1 }),
        ("a node with no highest label", { $0.nodeMax.removeLast() }),
    ]
    for (what, corrupt) in corruptions {
        var copy = ChildIndex()
        copy.tree = copied(index.tree)
        copy.nodeMax = _Column(capacity: index.nodeMax.count)
        for m in index.nodeMax { copy.nodeMax.append(m) }
        (copy.entries, copy.dead) = (index.entries, index.dead)
        #expect(copy.validate(order: c.order) == nil, "the copy before \(what)")
        corrupt(&copy)
        #expect(copy.validate(order: c.order) != nil, "validate missed \(what)")
        copy.tree.deallocate()
        copy.nodeMax.deallocate()
    }
    // A lane map that puts a child at another's lane.
    _ = try index.position(of: ChildIndex.view(ofLane: index.tree.leaves[leaf].child[0]))
    #expect(!index.laneOfChild.isEmpty && index.validate(order: c.order) == nil)
    let pair = index.laneOfChild[0]
    index.laneOfChild[0] = pair & ~0xFFFF_FFFF | (pair & 0xFFFF_FFFF ^ 1)
    #expect(index.validate(order: c.order) != nil, "validate missed a lane map pointing at another child")
}

/// A copy of `tree` with storage of its own.
private func copied<Leaf>(_ tree: _PackedTree<Leaf>) -> _PackedTree<Leaf> {
    var copy = _PackedTree<Leaf>()
    copy.leaves = _Column(capacity: tree.leaves.count)
    for l in tree.leaves { copy.leaves.append(l) }
    copy.nodes = _Column(capacity: tree.nodes.count)
    for n in tree.nodes { copy.nodes.append(n) }
    (copy.root, copy.leafCount) = (tree.root, tree.leafCount)
    return copy
}

@Test(
    "a packed tree's levels: parent lanes by level arithmetic point back at each node",
    arguments: [1, 2, 8, 9, 64, 65, 512, 513, 4097] as [Int])
func packedTreeLevels(leaves count: Int) throws {
    var tree = _PackedTree<_PackedNode>()
    defer { tree.deallocate() }
    for k in 0..<count {
        var leaf = _PackedNode.emptyLanes
        let x = Float(k % 64) * 10
        let y = Float(k / 64) * 10
        leaf.setLane(0, Box(minX: x, minY: y, maxX: x + 5, maxY: y + 5))
        leaf.child[0] = ChildIndex.lane(ofView: Int32(k))
        tree.leaves.append(leaf)
    }
    tree.leafCount = Int32(count)
    let leaves = tree.leaves
    try tree.packLevels { leaves[$0].bounds }
    #expect(tree.validate { leaves[$0].bounds } == nil, "\(tree.validate { leaves[$0].bounds } ?? "")")
    #expect(tree.nodes.count == _PackedTree<_PackedNode>.innerCount(leaves: count))
    #expect(Int(tree.root) == count + tree.nodes.count - 1)
    // Every node's parent lane by arithmetic holds its number, level by level.
    var level = tree.leafLevel
    var levels = 1
    while !level.isRoot {
        for n in level.start..<(level.start + level.count) {
            let (up, lane) = level.parentLane(of: n)!
            #expect(tree.nodes[up - count].child[lane] == Int32(n))
        }
        level = level.above
        levels += 1
    }
    #expect(level.parentLane(of: Int(tree.root)) == nil)
    #expect(tree.height == levels)
    // Widening from the last leaf reaches the root's lanes.
    let far = Box(minX: 9000, minY: 9000, maxX: 9001, maxY: 9001)
    tree.leaves[count - 1].setLane(1, far)
    tree.leaves[count - 1].child[1] = ChildIndex.lane(ofView: Int32(count))
    tree.widen(above: count - 1, on: tree.leafLevel, toHold: far)
    #expect(tree.validate { leaves[$0].bounds } == nil, "\(tree.validate { leaves[$0].bounds } ?? "")")
    if count > 1 {
        let root = tree.nodes[Int(tree.root) - count]
        #expect(root.bounds.contains(far))
    }
}
