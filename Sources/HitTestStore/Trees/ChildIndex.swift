/// A bounding-volume index over the children of one big container: 8-wide nodes whose
/// children's boxes sit side by side (struct of arrays inside the node), so that one node
/// is tested against a point with a few vector compares.
///
/// Entries are the children's slots with a copy of their boxes. The index is built in
/// one pass (Hilbert-order packing, `HilbertOrder`): leaves first, then each level of
/// nodes after the one below, 8 at a time, so that a node's parent lane is arithmetic
/// (`parentLane(of:levelStart:levelCount:)`) and the tree needs no links upwards.
/// Afterwards a child whose box changes is refitted in place (its lane found through
/// `laneOfChild`, then the lanes above it widened level by level), a removed child leaves
/// an empty lane, and a new child waits in `overflow`, checked one by one. The store
/// rebuilds the index when the overflow or the dead entries grow past a share of it
/// (`needsRebuild`). Boxes above a leaf only ever grow on refit, so the index stays
/// conservative: it may list a child that misses, never miss a child that hits.
///
/// The index is a plain struct of `_Column`s kept in the store's `indexes` table, so all
/// its memory comes from the allocator hooks; the store frees it (`deallocate`).
@usableFromInline
struct ChildIndex {
    /// One node: up to 8 entries, 160 bytes. A lane holds a node index (>= 0), a child
    /// view (`lane(ofView:)`, <= -2), or nothing (`_Lane.empty`, with an empty box).
    @usableFromInline
    struct Node: Sendable {
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

        static let emptyLanes = Node(
            minX: SIMD8(repeating: .infinity), minY: SIMD8(repeating: .infinity),
            maxX: SIMD8(repeating: -.infinity), maxY: SIMD8(repeating: -.infinity),
            child: SIMD8(repeating: _Lane.empty))
    }

    /// The lane value of a child view.
    @inlinable static func lane(ofView slot: Int32) -> Int32 { _BelowNone.encode(slot) }
    /// The view slot of a lane value `<= -2`.
    @inlinable static func view(ofLane lane: Int32) -> Int32 { _BelowNone.decode(lane) }

    /// The nodes, leaves first (`0..<leafCount`, their lanes children), then each level of
    /// inner nodes after the one below (their lanes node numbers); the root is the last.
    @usableFromInline var nodes = _Column<Node>()
    /// The root node, or `_Slot.none` when the tree is empty.
    @usableFromInline var root: Int32 = _Slot.none
    /// Children added since the last build, tested one by one.
    @usableFromInline var overflow = _Column<Int32>()
    /// Entries in the tree, live or dead: the leaves hold them 8 to a leaf, in order.
    var entries = 0
    /// Entries whose child was removed.
    var dead = 0
    /// Where each child in the tree sits, `slot << 32 | (leaf * 8 + lane)`, sorted by slot.
    /// Only refits and removals read it, so it is made by the first of them after a build
    /// (`position(of:)`) and emptied by the next build: an index that is only queried goes
    /// without it. An entry whose lane no longer holds its child (removed) is stale and
    /// ignored.
    var laneOfChild = _Column<UInt64>()

    /// The deepest stack a query can need: at most 7 siblings wait per level and 8 at the
    /// last, and a tree of 8-wide nodes over 2^31 entries has 11 levels (85).
    @usableFromInline static let stackCapacity = 96

    init() {}

    /// Nodes `0..<leafCount` are leaves.
    var leafCount: Int { (entries + 7) / 8 }

    /// Frees the index's memory.
    mutating func deallocate() {
        nodes.deallocate()
        overflow.deallocate()
        laneOfChild.deallocate()
        root = _Slot.none
        entries = 0
        dead = 0
    }

    /// True when the index should be built again: too many children wait in the overflow
    /// list or too many entries are dead.
    var needsRebuild: Bool {
        overflow.count > max(16, entries / 16) || dead > max(16, entries / 4)
    }

    /// The union of everything the index holds (its root's lanes and the overflow).
    func bounds(boxes: _Column<Box>) -> Box {
        var u = Box.empty
        if root >= 0 {
            let n = nodes[Int(root)]
            for l in 0..<8 where n.child[l] != _Lane.empty {
                u = u.union(Box(minX: n.minX[l], minY: n.minY[l], maxX: n.maxX[l], maxY: n.maxY[l]))
            }
        }
        for c in overflow { u = u.union(boxes[Int(c)]) }
        return u
    }

    /// Bytes held.
    var byteCount: Int {
        nodes.byteCount + overflow.byteCount + laneOfChild.byteCount
    }

    /// The levels from the leaves to the root (0 when empty): every leaf is on level 0.
    var height: Int {
        guard root >= 0 else { return 0 }
        var (h, m) = (1, leafCount)
        while m > 1 {
            m = (m + 7) / 8
            h += 1
        }
        return h
    }

    /// The node and lane that point at `node`, which is on the level made of the nodes
    /// `levelStart ..< levelStart + levelCount`, or nil for the root (a level of one node).
    @inline(__always)
    static func parentLane(of node: Int, levelStart: Int, levelCount: Int) -> (node: Int, lane: Int)? {
        guard levelCount > 1 else { return nil }
        let offset = node - levelStart
        return (levelStart + levelCount + offset / 8, offset % 8)
    }
}

extension ChildIndex.Node {
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

    /// Writes lane `l`'s box into the node at `node` in place (the layout the shim reads:
    /// four arrays of 8 floats, pinned by `nodeLayoutForTheLaneTest`).
    @inline(__always)
    static func storeLane(_ node: UnsafeMutableRawPointer, _ l: Int, _ b: Box) {
        node.storeBytes(of: b.minX, toByteOffset: 4 * l, as: Float.self)
        node.storeBytes(of: b.minY, toByteOffset: 32 + 4 * l, as: Float.self)
        node.storeBytes(of: b.maxX, toByteOffset: 64 + 4 * l, as: Float.self)
        node.storeBytes(of: b.maxY, toByteOffset: 96 + 4 * l, as: Float.self)
    }

    /// The union of the lanes' boxes (empty lanes hold the empty box).
    var bounds: Box {
        Box(minX: minX.min(), minY: minY.min(), maxX: maxX.max(), maxY: maxY.max())
    }
}
