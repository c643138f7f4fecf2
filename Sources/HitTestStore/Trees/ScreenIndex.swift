/// One packed bounding-volume tree over the whole screen: every view that a query can
/// settle without walking its ancestors' rules, flattened into one list of screen boxes.
///
/// UIKit's `hitTest` tries subviews from the top down and returns the first view that
/// takes the point; on plain views that is the view painted last among those whose hit
/// rect (and every ancestor's) holds the point. So each *entry* gets a **priority**, its
/// rank in paint order (a pre-order over the windows from the bottom one up, each
/// view's subviews from the bottom up), and a query only needs the highest-priority
/// entry whose box holds the point: then one exact check down its ancestor chain, with
/// the reference's own arithmetic, confirms it and gives the local point bit for bit.
/// Entries are of two kinds:
/// - a *plain* view (no custom code, redirect or `pointInside` mode, nor such an
///   ancestor), with its own box clipped by its ancestors' boxes; passthrough views have
///   no entry of their own, `boxOnly` views no entries below them;
/// - the root of a *walked* subtree (custom code, a redirect, a `pointInside` mode): its
///   box covers every hit its subtree can return, and a candidate of this kind is
///   answered by the store's walk from that view.
/// Ineligible views (hidden, alpha below 0.01, interaction off) and their subtrees have
/// no entries: they never take a touch. Candidates are tried in decreasing priority
/// until one is confirmed; a confirmed candidate is the reference's answer because every
/// view that UIKit would try before it has a higher priority (see
/// `ViewStore+ScreenIndex.swift`).
///
/// Layout: two packed trees (`_PackedTree`: 8-wide nodes, leaves first, each level after
/// the one below). A leaf (`Leaf`, 128 bytes) holds 8 entries' boxes as 16-bit cells of
/// its frame, each entry's priority (`Leaf.entry(priority:)`) and its slot value; an
/// inner node (`_PackedNode`, 160 bytes) holds float boxes and node numbers, and its
/// lane's box is the frame of the node it points at.
/// Leaves are packed in Hilbert order of the entries' centres, so that a node covers a
/// compact area and the leaves near a point sit near each other in memory. Entries much larger than the screen's typical
/// view (windows, sections, infinite boxes) go to a second, small tree, so that they do
/// not widen the nodes of the first.
///
/// Changes: `ViewStore` keeps the index while only plain leaf views move (their lanes
/// are refitted and the boxes above them widened, level by level: `_PackedTree.widen`); any
/// other change marks it stale, queries then walk the store, and the index is rebuilt when the
/// store is next queried after enough walks to pay for it.
@usableFromInline
struct ScreenIndex {
    /// One of the two trees: a packed tree of screen leaves (`_PackedTree`), and the
    /// frame of its root when the root is a leaf (a tree of at most 8 entries), which no
    /// lane holds, with its grid (made once, not a query).
    @usableFromInline
    struct Tree {
        @usableFromInline var packed = _PackedTree<Leaf>()
        var rootFrame = Box.empty {
            didSet { rootGrid = ScreenIndex.Grid(rootFrame) }
        }
        @usableFromInline private(set) var rootGrid = ScreenIndex.Grid(.empty)
        /// By node number (leaves and inner nodes, the root last): the highest priority
        /// among the entries below the node, which lets a query skip every node that
        /// cannot beat the best entry found so far. Exact after a build and kept so by
        /// refits, which move entries and never change a priority (an entry whose box
        /// becomes empty keeps its value: an upper bound is all a query needs). 4 bytes a
        /// leaf and an inner node: half a byte an entry.
        @usableFromInline var nodeMax = _Column<Int32>()
        /// How many leaves' frames hold a point of the tree's frame, on average (the leaves'
        /// areas over their union's): about 3 where views tile the screen, the depth of the
        /// stack where they are stacked. Set by a build and left by refits (a view moved far
        /// widens its leaf's frame, and enough such growths bring a rebuild, which sets it
        /// again): what a batch's walks are chosen by (`ScreenIndex.topEntries`), never what
        /// an answer depends on.
        var leafCover = 0.0

        mutating func deallocate() {
            packed.deallocate()
            nodeMax.deallocate()
        }

        var byteCount: Int { packed.byteCount + nodeMax.byteCount }

        /// The highest priority in the tree (`_Slot.none` when empty).
        @inlinable var maxPriority: Int32 { packed.root >= 0 ? nodeMax[Int(packed.root)] : _Slot.none }

        /// The frame of leaf `n`: its parent lane's box, or `rootFrame` for a root leaf.
        func frame(ofLeaf n: Int) -> Box {
            guard let (p, l) = packed.parentLane(ofLeaf: n) else { return rootFrame }
            return packed.laneBox(node: p, lane: l)
        }
    }

    @usableFromInline var small = Tree()
    @usableFromInline var large = Tree()
    /// Where each slot's entry sits, by slot (`EntryLane`: a leaf lane in one of the two
    /// trees, or `EntryLane.none`). The one map beside the trees: a
    /// leaf lane holds its entry's priority and slot value, so queries need no other
    /// (maps from priorities to slots and back would cost 8 bytes a view). Only refits
    /// read it, so it is made by the first refit
    /// (`lane(ofSlot:slotCount:)`) and kept by every build after: an index that is only
    /// queried goes without it (4 bytes a view), and a build skips its random writes.
    var laneOfSlot = _Column<EntryLane>()
    /// True once a refit asked for `laneOfSlot`.
    var keepsLaneMap = false
    /// Entries, by priority `0..<count` (those with an empty box are in no tree).
    var count = 0
    /// Lane refits since the last build.
    var refits = 0
    /// Those of them that grew a leaf's frame, and so loosened the boxes above it: past
    /// `count`, rebuild (`needsRebuild`). A refit inside its leaf's frame changes one
    /// lane's cells and loosens nothing.
    var frameGrowths = 0

    /// Where an entry sits: `leaf * 8 + lane` in one of the two trees, the large one
    /// flagged by bit 30 (positions stay below 2^30: 8 lanes a leaf of 128 bytes), or
    /// `none`. What `laneOfSlot` holds for each slot, in 4 bytes.
    @usableFromInline
    struct EntryLane: Equatable {
        var rawValue: Int32

        /// No entry.
        static var none: EntryLane { EntryLane(rawValue: -1) }
        private static var largeBit: Int32 { 1 << 30 }

        init(rawValue: Int32) { self.rawValue = rawValue }
        /// Lane `position` (`leaf * 8 + lane`) of the small or the large tree.
        @inline(__always)
        init(position: Int32, inLarge: Bool) {
            rawValue = position | (inLarge ? EntryLane.largeBit : 0)
        }

        var isNone: Bool { rawValue < 0 }
        var inLarge: Bool { rawValue & EntryLane.largeBit != 0 }
        /// `leaf * 8 + lane` in its tree.
        var position: Int32 { rawValue & ~EntryLane.largeBit }
    }

    /// A leaf lane's slot value for a plain entry: the slot itself (>= 0).
    @inlinable @inline(__always) static func slotValue(plain s: Int32) -> Int32 { s }
    /// A leaf lane's slot value for the root of a walked subtree: `~slot` (negative).
    @inlinable @inline(__always) static func slotValue(walkedRoot s: Int32) -> Int32 { ~s }
    /// True when a slot value names a walked subtree's root.
    @inlinable @inline(__always) static func isWalkedRoot(_ v: Int32) -> Bool { v < 0 }
    init() {}

    mutating func deallocate() {
        small.deallocate()
        large.deallocate()
        laneOfSlot.deallocate()
        count = 0
        refits = 0
        frameGrowths = 0
    }

    var byteCount: Int { small.byteCount + large.byteCount + laneOfSlot.byteCount }
}
