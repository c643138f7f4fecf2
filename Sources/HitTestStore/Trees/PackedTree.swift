import CHitTestShim

/// A packed bounding-volume tree: the one tree type under both the screen index
/// (`ScreenIndex`) and the children's indexes (`ChildIndex`).
///
/// Layout: 8-wide nodes, numbered leaves first, each level after the one below. Node
/// `n < leafCount` is `leaves[n]`, any other is `nodes[n - leafCount]`; the root is the
/// last node (`_Slot.none` when the tree is empty). A level holds the nodes of the one
/// below 8 at a time, in order (`packLevels`), so where each level starts follows from
/// `leafCount` alone (`_PackedLevel`) and a node's parent lane is arithmetic: the tree
/// keeps no link upwards and no table of levels.
///
/// What a leaf holds is the user's (`Leaf`): the screen index packs 16-bit cells of the
/// leaf's frame, the child index float boxes (`_PackedNode`). An inner node's lane holds
/// the box of the node it points at, so a query tests a node's 8 children at once
/// (`_PackedNode.laneBits`) and walks with a fixed stack (`_PackedStack`). Boxes above a
/// leaf only ever grow on refit (`widen`), so a tree stays conservative: a query may
/// visit a node that misses, never skip one that hits.
@usableFromInline
struct _PackedTree<Leaf> {
    /// The leaves, in packing order.
    @usableFromInline var leaves = _Column<Leaf>()
    /// The inner nodes (`_PackedNode`, 160 bytes), each level after the one below.
    @usableFromInline var nodes = _Column<_PackedNode>()
    /// The root node, or `_Slot.none` when the tree is empty.
    @usableFromInline var root: Int32 = _Slot.none
    /// Nodes `0..<leafCount` are leaves.
    @usableFromInline var leafCount: Int32 = 0

    init() {}

    /// Frees the tree's memory.
    mutating func deallocate() {
        leaves.deallocate()
        nodes.deallocate()
        root = _Slot.none
        leafCount = 0
    }

    /// Empties the tree, keeping its memory for the next pack.
    mutating func removeAll() {
        leaves.removeAll()
        nodes.removeAll()
        root = _Slot.none
        leafCount = 0
    }

    /// Bytes held.
    var byteCount: Int { leaves.byteCount + nodes.byteCount }

    /// The level of the leaves; each level above is `above` the one below.
    var leafLevel: _PackedLevel { _PackedLevel(start: 0, count: Int(leafCount)) }

    /// The levels from the leaves to the root (0 when empty).
    var height: Int {
        guard root >= 0 else { return 0 }
        var (h, level) = (1, leafLevel)
        while !level.isRoot {
            level = level.above
            h += 1
        }
        return h
    }

    /// The inner nodes above `leafCount` leaves.
    static func innerCount(leaves leafCount: Int) -> Int {
        var (inner, level) = (0, _PackedLevel(start: 0, count: leafCount))
        while !level.isRoot {
            level = level.above
            inner += level.count
        }
        return inner
    }

    /// The node and lane that point at leaf `n`, or nil when the leaf is the root.
    @inline(__always)
    func parentLane(ofLeaf n: Int) -> (node: Int, lane: Int)? {
        leafLevel.parentLane(of: n)
    }

    /// The box lane `lane` of inner node `node` holds.
    func laneBox(node: Int, lane: Int) -> Box { nodes[node - Int(leafCount)].lane(lane) }

    /// Packs the levels above the leaves (`leafCount` of them, already written): each
    /// level takes the one below 8 at a time, in order, up to one root; the first inner
    /// level's lanes hold `leafBox` of each leaf, the others the union of the node's lanes.
    /// The nodes are reserved first: a refusal throws with the tree as it was.
    mutating func packLevels(leafBox: (Int) -> Box) throws(AllocationRefused) {
        let leafCount = Int(self.leafCount)
        guard leafCount > 0 else {
            root = _Slot.none
            return
        }
        try nodes.reserve(Self.innerCount(leaves: leafCount))
        var level = leafLevel
        while !level.isRoot {
            var k = level.start
            let end = level.start + level.count
            while k < end {
                let last = Swift.min(k + 8, end)
                var node = _PackedNode.emptyLanes
                for l in 0..<(last - k) {
                    node.setLane(l, level.start == 0 ? leafBox(k + l) : nodes[k + l - leafCount].bounds)
                    node.child[l] = Int32(k + l)
                }
                nodes.append(node)
                k = last
            }
            level = level.above
        }
        root = Int32(leafCount + nodes.count - 1)
    }

    /// Widens the lanes above `node` (on `level`) to hold `b`, level by level, until one
    /// already holds it: a refit by position, O(height). Boxes never shrink here.
    mutating func widen(above node: Int, on level: _PackedLevel, toHold b: Box) {
        var (node, level) = (node, level)
        while let (up, lane) = level.parentLane(of: node) {
            let i = up - Int(leafCount)
            let old = nodes[i].lane(lane)
            let wider = old.union(b)
            if wider == old { return }
            nodes[i].setLane(lane, wider)
            (node, level) = (up, level.above)
        }
    }

    /// The highest of the values `nodeMax` keeps for the nodes below inner node `n`
    /// (`none` when it points at none).
    @inline(__always)
    func innerMax<T: Comparable>(_ n: Int, _ nodeMax: _Column<T>, none: T) -> T {
        let node = nodes[n - Int(leafCount)]
        var m = none
        for l in 0..<8 where node.child[l] != _Lane.empty { m = Swift.max(m, nodeMax[Int(node.child[l])]) }
        return m
    }

    /// Fills the inner nodes' values of `nodeMax` (one a node, by node number; the
    /// leaves' already written): each the highest of the nodes below it, level by level
    /// (children come before their parents in node order). The per-node maximum a
    /// best-first query prunes by (`ScreenIndex.Tree.nodeMax`, `ChildIndex.nodeMax`).
    func fillInnerMaxima<T: Comparable>(_ nodeMax: inout _Column<T>, none: T) {
        let leafCount = Int(self.leafCount)
        for n in leafCount..<(leafCount + nodes.count) { nodeMax[n] = innerMax(n, nodeMax, none: none) }
    }

    /// After `nodeMax[leaf]` changed: the values above it made exact again, level by
    /// level, until one keeps its value. O(height).
    func refreshMaxima<T: Comparable>(aboveLeaf leaf: Int, _ nodeMax: inout _Column<T>, none: T) {
        var (node, level) = (leaf, leafLevel)
        while let (up, _) = level.parentLane(of: node) {
            let m = innerMax(up, nodeMax, none: none)
            if nodeMax[up] == m { return }
            nodeMax[up] = m
            (node, level) = (up, level.above)
        }
    }

    /// The first node whose value in `nodeMax` is not exactly the highest below it
    /// (`leafMax` of a leaf, the highest of its children's values for an inner node),
    /// with the value kept and the one expected; nil when every node's is.
    func checkMaxima<T: Comparable>(_ nodeMax: _Column<T>, none: T, leafMax: (Int) -> T)
        -> (node: Int, kept: T, expected: T)?
    {
        let leafCount = Int(self.leafCount)
        for n in 0..<(leafCount + nodes.count) {
            let m = n < leafCount ? leafMax(n) : innerMax(n, nodeMax, none: none)
            if nodeMax[n] != m { return (n, nodeMax[n], m) }
        }
        return nil
    }

    /// The tree's shape and boxes: the node counts `leafCount` gives, the root last, every
    /// inner lane pointing at the node of the level below that level arithmetic gives it
    /// (so `parentLane` is the lane that points at each node) and holding that node's box
    /// (`leafBox` for a leaf, nil when the leaf's box is its lane by construction), and
    /// every lane past the level's end empty. Returns the first violation.
    func validate(leafBox: (Int) -> Box?) -> String? {
        let leafCount = Int(self.leafCount)
        guard leaves.count == leafCount else {
            return "leaf count \(leafCount) is not the leaves' \(leaves.count)"
        }
        guard root >= 0 else {
            return leafCount == 0 && nodes.isEmpty
                ? nil : "no root, but \(leafCount) leaves and \(nodes.count) inner nodes"
        }
        guard leafCount > 0 else { return "a root but no leaves" }
        let inner = Self.innerCount(leaves: leafCount)
        guard nodes.count == inner else {
            return "\(nodes.count) inner nodes where \(leafCount) leaves make \(inner)"
        }
        guard Int(root) == leafCount + inner - 1 else { return "root \(root) is not the last node" }
        var level = leafLevel
        while !level.isRoot {
            let up = level.above
            for node in up.start..<(up.start + up.count) {
                let lanes = nodes[node - leafCount]
                for l in 0..<8 {
                    let below = level.start + (node - up.start) * 8 + l
                    let v = lanes.child[l]
                    guard below < level.start + level.count else {
                        guard v == _Lane.empty && lanes.lane(l) == .empty else {
                            return "node \(node) lane \(l) points past its level"
                        }
                        continue
                    }
                    guard v == Int32(below) else {
                        return "node \(node) lane \(l) holds \(v), not node \(below) of the level below"
                    }
                    let box = below < leafCount ? leafBox(below) : nodes[below - leafCount].bounds
                    if let box, !lanes.lane(l).contains(box) {
                        return "node \(node) lane \(l) does not hold node \(below)'s box"
                    }
                }
            }
            level = up
        }
        return nil
    }
}

/// One level of a packed tree: its nodes are `start ..< start + count`, and the level
/// above holds them 8 to a node, in order. Level starts follow from the leaf count alone.
@usableFromInline
struct _PackedLevel {
    @usableFromInline var start: Int
    @usableFromInline var count: Int

    @inlinable @inline(__always)
    init(start: Int, count: Int) {
        self.start = start
        self.count = count
    }

    /// True for the root's level (one node, or none).
    @inlinable var isRoot: Bool { count <= 1 }

    /// The level above this one.
    @inlinable var above: _PackedLevel { _PackedLevel(start: start + count, count: (count + 7) / 8) }

    /// The node and lane that point at `node` (on this level), or nil for the root.
    @inlinable @inline(__always)
    func parentLane(of node: Int) -> (node: Int, lane: Int)? {
        guard count > 1 else { return nil }
        let offset = node - start
        return (start + count + offset / 8, offset % 8)
    }
}

/// One inner node of a packed tree (and a leaf of the child index): 8 lanes, each a
/// float box and a value, 160 bytes. An inner lane's value is the node it points at; a
/// child index leaf lane's is a child view (`ChildIndex.lane(ofView:)`); an empty lane
/// holds `_Lane.empty` and the empty box.
@usableFromInline
struct _PackedNode: Sendable {
    @usableFromInline var minX: SIMD8<Float>  // 32 bytes
    @usableFromInline var minY: SIMD8<Float>  // 32 bytes
    @usableFromInline var maxX: SIMD8<Float>  // 32 bytes
    @usableFromInline var maxY: SIMD8<Float>  // 32 bytes
    /// See above. 32 bytes.
    @usableFromInline var child: SIMD8<Int32>

    /// Where `child` starts (pinned by `nodeLayoutForTheLaneTest`): queries read
    /// single lanes in place, since indexing a copied `SIMD8` by a variable lane
    /// spills the whole vector first.
    @usableFromInline static let childOffset = 128

    static let emptyLanes = _PackedNode(
        minX: SIMD8(repeating: .infinity), minY: SIMD8(repeating: .infinity),
        maxX: SIMD8(repeating: -.infinity), maxY: SIMD8(repeating: -.infinity),
        child: SIMD8(repeating: _Lane.empty))

    /// The box of lane `l`.
    func lane(_ l: Int) -> Box {
        Box(minX: minX[l], minY: minY[l], maxX: maxX[l], maxY: maxY[l])
    }

    mutating func setLane(_ l: Int, _ b: Box) {
        minX[l] = b.minX
        minY[l] = b.minY
        maxX[l] = b.maxX
        maxY[l] = b.maxY
    }

    /// The union of the lanes' boxes (empty lanes hold the empty box).
    var bounds: Box {
        Box(minX: minX.min(), minY: minY.min(), maxX: maxX.max(), maxY: maxY.max())
    }

    /// The lanes of `node` whose boxes hold `(x, y)`, as the low 8 bits of an integer:
    /// SSE2 compares and a movemask in the shim (`htShim_NodeLanes`).
    @inlinable @inline(__always)
    static func laneBits(_ node: UnsafeMutablePointer<_PackedNode>, _ x: Float, _ y: Float) -> UInt32 {
        UnsafeRawPointer(node).withMemoryRebound(to: Float.self, capacity: 32) {
            htShim_NodeLanes($0, x, y)
        }
    }
}

/// The stack of a query of a packed tree: a fixed buffer on the call stack, so a query
/// allocates nothing. At most 7 siblings wait per level and 8 at the last, and a tree of
/// 8-wide nodes over 2^31 entries has 11 levels (85 entries), so `capacity` bounds every
/// tree the store can hold; `push` asserts it. A stack of 8-byte entries with a few
/// words of scratch after it stays within the 1,024 bytes `withUnsafeTemporaryAllocation`
/// puts on the call stack: past that it allocates (`hittest bench-allocations` counts it).
@usableFromInline
struct _PackedStack<Element> {
    @inlinable static var capacity: Int { 96 }

    @usableFromInline let base: UnsafeMutablePointer<Element>
    /// Entries on the stack.
    @usableFromInline var count = 0

    @inlinable @inline(__always)
    init(base: UnsafeMutablePointer<Element>) { self.base = base }

    @inlinable @inline(__always)
    var isEmpty: Bool { count == 0 }

    @inlinable @inline(__always)
    mutating func push(_ e: Element) {
        assert(count < Self.capacity, "packed tree deeper than its stack's bound")
        base[count] = e
        count &+= 1
    }

    /// The top entry, taken off; the stack must not be empty.
    @inlinable @inline(__always)
    mutating func pop() -> Element {
        count &-= 1
        return base[count]
    }

    /// Runs `body` with an empty stack.
    @inlinable @inline(__always)
    static func with<R>(_ body: (inout _PackedStack) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { buffer in
            var stack = _PackedStack(base: buffer.baseAddress.unsafelyUnwrapped)
            return body(&stack)
        }
    }
}
