/// A bounding-volume index over the children of one big container: a packed tree
/// (`_PackedTree`) whose leaves are float nodes (`_PackedNode`), each lane a child's box
/// and the child, so that one node is tested against a point with a few vector compares.
///
/// Entries are the children's slots with a copy of their boxes. The index is built in
/// one pass (Hilbert-order packing, `HilbertOrder`, then `_PackedTree.packLevels`).
/// Afterwards a child whose box changes is refitted in place (its lane found through
/// `laneOfChild`, then the lanes above it widened: `_PackedTree.widen`), a removed child
/// leaves an empty lane, and a new child waits in `overflow`, checked one by one. The
/// store rebuilds the index when the overflow or the dead entries grow past a share of
/// it (`needsRebuild`).
///
/// A query asks for the children whose boxes hold a point topmost first (highest order
/// label first: UIKit tries a view's subviews from the last down), and usually needs only
/// the first: so each node keeps the highest order label below it (`nodeMax`). The first
/// child comes from a depth-first walk that opens a node only when its highest label beats
/// the best child found (`topChild`); the others, when asked for, from a best-first walk
/// (`startBestFirst`, `nextBestFirst`) that hands out a child as soon as no node left can
/// hold a higher one.
///
/// The index is a plain struct of `_Column`s kept in the store's `indexes` table, so all
/// its memory comes from the allocator hooks; the store frees it (`deallocate`).
@usableFromInline
struct ChildIndex {
    /// The lane value of a child view.
    @inlinable static func lane(ofView slot: Int32) -> Int32 { _BelowNone.encode(slot) }
    /// The view slot of a lane value `<= -2`.
    @inlinable static func view(ofLane lane: Int32) -> Int32 { _BelowNone.decode(lane) }

    /// The tree: its leaves' lanes hold children (`lane(ofView:)`) or nothing.
    @usableFromInline var tree = _PackedTree<_PackedNode>()
    /// By node number (leaves and inner nodes, the root last): the highest order label
    /// among the children below the node, 0 when it holds none (a child's label is above
    /// 0). Exact after a build, and kept so by every change: a refit moves a box and
    /// changes no label, a child leaving its lane or taking a new label recomputes the
    /// values above its leaf (`_PackedTree.refreshMaxima`), siblings relabelled together
    /// recompute them all (`relabel(order:)`). 4 bytes a node: half a byte a child.
    @usableFromInline var nodeMax = _Column<UInt32>()
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

    init() {}

    /// Frees the index's memory.
    mutating func deallocate() {
        tree.deallocate()
        nodeMax.deallocate()
        overflow.deallocate()
        laneOfChild.deallocate()
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
        var u = tree.root >= 0 ? rootNode.bounds : .empty
        for c in overflow { u = u.union(boxes[Int(c)]) }
        return u
    }

    /// The root node (a leaf or an inner node); the tree must not be empty.
    var rootNode: _PackedNode {
        let r = Int(tree.root)
        return r < Int(tree.leafCount) ? tree.leaves[r] : tree.nodes[r - Int(tree.leafCount)]
    }

    /// Bytes held.
    var byteCount: Int {
        tree.byteCount + nodeMax.byteCount + overflow.byteCount + laneOfChild.byteCount
    }
}
