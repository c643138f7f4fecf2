/// A bounding-volume index over the children of one big container: 8-wide nodes whose
/// children's boxes sit side by side (struct of arrays inside the node), so that one node
/// is tested against a point with a few vector compares.
///
/// Entries are the children's slots with a copy of their boxes. The index is built in
/// one pass (Hilbert-order packing, `HilbertOrder`); afterwards a child whose box changes is
/// refitted in place (its leaf found by its old box, then the path to the root widened),
/// a removed child leaves an empty entry, and a new child waits in `overflow`, checked
/// one by one. The store rebuilds the index when the overflow or the dead entries grow
/// past a share of it (`needsRebuild`). Boxes only ever grow on refit, so the index stays
/// conservative: it may list a child that misses, never miss a child that hits.
///
/// The index is a plain struct of `_Column`s kept in the store's `indexes` table, so all
/// its memory comes from the allocator hooks; the store frees it (`deallocate`).
@usableFromInline
struct ChildIndex {
    /// One node: up to 8 entries, 160 bytes. A lane holds a node index (>= 0), a child
    /// view as `-2 - slot` (<= -2), or nothing (-1, with an empty box).
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
            child: SIMD8(repeating: -1))
    }

    /// The lane value of a child view.
    @inlinable static func lane(ofView slot: Int32) -> Int32 { -2 - slot }
    /// The view slot of a lane value `<= -2`.
    @inlinable static func view(ofLane lane: Int32) -> Int32 { -2 - lane }

    @usableFromInline var nodes = _Column<Node>()
    @usableFromInline var root: Int32 = -1
    /// Children added since the last build, tested one by one.
    @usableFromInline var overflow = _Column<Int32>()
    /// Entries in the tree, live or dead.
    var entries = 0
    /// Entries whose child was removed.
    var dead = 0

    init() {}

    /// Frees the index's memory.
    mutating func deallocate() {
        nodes.deallocate()
        overflow.deallocate()
        root = -1
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
            for l in 0..<8 where n.child[l] != -1 {
                u = u.union(Box(minX: n.minX[l], minY: n.minY[l], maxX: n.maxX[l], maxY: n.maxY[l]))
            }
        }
        for c in overflow { u = u.union(boxes[Int(c)]) }
        return u
    }

    /// Bytes held.
    var byteCount: Int {
        nodes.byteCount + overflow.byteCount
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
