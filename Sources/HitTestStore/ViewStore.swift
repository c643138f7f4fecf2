import HitTestGeometry
import HitTestScene

/// A flattened, data-oriented store of views that answers hit-tests exactly as the
/// reference algorithm does, much faster on large trees.
///
/// Views live in slots, one column per field (struct of arrays), linked to their parent
/// and siblings by 32-bit slot numbers; handles carry a generation so that a stale handle
/// is detected. Slots are laid out in hit-test walk order when the store is built, so
/// that a walk reads memory front to back. Each view keeps a conservative screen-space
/// box of where its subtree can be hit (`box`), which lets a query skip whole subtrees
/// without changing any answer; big containers optionally keep a wide bounding-volume
/// index over their children (`ChildIndex`). Rare data (transforms, scroll offsets,
/// anchor points, insets, redirects, names of classes and view controllers, custom code)
/// sits in a side table, so that a plain view costs under 100 bytes.
///
/// Queries read the store and allocate nothing once their scratch has grown; any number
/// of threads may query a store that nobody changes, each with its own `QueryScratch`.
/// Changes are incremental: a change to one view recomputes its subtree's boxes and
/// those of its ancestors that depend on them, never the whole store.
public final class ViewStore {
    /// Every column, table and tree of the store, and the counters that queries and
    /// builds read most (`_Storage`: the one owner of the store's memory).
    @usableFromInline let storage: _Storage

    /// The per-slot columns, for reading and writing elements (a column's subscript
    /// writes through its pointer); a change of their shape goes through
    /// `storage.update { }`.
    ///
    /// - `flags`: `_Flags` bits; the upper 15 bits are the class name's index in
    ///   `classNames` (`_Flags.classShift`). 4 bytes.
    /// - `parent`: the parent slot, `_Slot.none` for windows and free slots. 4 bytes.
    /// - `lastChild`, `prevSibling`, `nextSibling`: the last (top) child; the previous
    ///   (below) and next (above) siblings; `_Slot.none` for none. 12 bytes. The first
    ///   (bottom) child has no column: the top child's `nextSibling` holds it below none
    ///   (`_Slot.closingLink(first:)`), so a loop that follows `nextSibling` while it is
    ///   not negative still stops after the top child.
    /// - `centerSize`: the anchor point's position in the superview (`center`) and the
    ///   bounds size, as 32-bit floats. Exact for a view with no side record; a view with
    ///   one keeps its exact values there (`_CenterSize`), and its entry here holds the
    ///   record's index instead (`sideRecordIndex`). Read them with `center(_:)` and
    ///   `size(_:)`, write them with `setCenterSize`. 16 bytes.
    /// - `box`: where the subtree can return a hit, in screen coordinates. 16 bytes.
    /// - `order`: sibling order labels, increasing from bottom to top among siblings.
    ///   4 bytes, kept only once the store has made a child index (`keepOrderLabels`):
    ///   only the child indexes read them (each node's highest label, and the walk
    ///   that takes an indexed container's candidates from the top down), and a store
    ///   answered by its screen index alone (every bulk build defers its child indexes)
    ///   goes without the column.
    /// - `generation`: 1 to `UInt16.max`; bumped when a slot is freed. A slot whose
    ///   generation is spent is retired (never reused), so an old handle can never name a
    ///   new view, as with 32 bits, in half the bytes. 2 bytes.
    /// - `nameStart`: where each view's id starts in `storage.nameBytes` (a LEB128 length, then
    ///   UTF-8). 4 bytes.
    @inlinable var columns: _Columns {
        @inline(__always) get { storage.columns }
    }

    // Cold data. Every buffer is a `_Column` (or made of them) owned by `storage`: its
    // memory comes from the allocator hooks (`htSetAllocator`). Only the side values of
    // views with custom code or event settings (`sideValues`, `slotOfCustomCode`) and the
    // two application names are Swift values (see "Memory, as a C host sees it" in
    // Internals.md); the three that dispatch reads on every touch live in `storage`, with
    // its fields, so that they go without the run-time exclusivity check. Cold per-view data
    // has one name: a view's *side record* (`storage.sideRecords`, trivial), and its *side
    // values* (`sideValues`, Swift values) for the few views that need them.

    /// True while a bulk build computes boxes: `updateIndex` defers instead of building.
    var deferringChildIndexes = false
    /// The screen size in points, kept for scenes; it does not limit hit-testing.
    public var screenSize: Size
    /// The application's class name, the next-to-last link of every responder chain.
    public var applicationClassName: String {
        get { storage.applicationClassName }
        set { storage.applicationClassName = newValue }
    }
    /// The application delegate's class name, the last link; nil ends chains at the
    /// application.
    public var applicationDelegateName: String? {
        get { storage.applicationDelegateName }
        set { storage.applicationDelegateName = newValue }
    }
    /// The Swift values of side records (`sideRecords[e].values`): the objects that answer
    /// custom code and event settings other than the default. Empty (and unallocated) in
    /// stores built through the C API or from scenes without event settings.
    /// Free entries are in `storage.free` (`.sideValues`).
    var sideValues: [_SideValues] {
        _read { yield storage.sideValues }
        _modify { yield &storage.sideValues }
    }
    /// The slot of every view of a tree built with custom code, by the identity of the
    /// object that stands for it, for mapping custom code's answers to slots.
    var slotOfCustomCode: [ObjectIdentifier: Int32] = [:]
    /// Changes that made the screen index stale since it was built.
    var changesSinceScreenIndexBuild = 0
    /// The ancestor path a batch of moves last composed (`subviewFrame(of:reusing:)`), kept
    /// with its capacity between batches so that a batch allocates nothing.
    var batchPath: [(slot: Int32, frame: _WorldFrame)] = []
    /// The walk stack of the last subtree whose boxes were recomputed (`recomputeSubtree`),
    /// kept with its capacity so that moving a container on each frame allocates nothing.
    var subtreeStack: [(slot: Int32, frame: _WorldFrame, next: Int32)] = []
    /// Build a `ChildIndex` for containers with at least this many children (0: never).
    public internal(set) var indexThreshold: Int {
        @inlinable @inline(__always) get { storage.indexThreshold }
        set { storage.indexThreshold = newValue }
    }

    /// Window slots in order of addition (a copy).
    public var windowSlots: [Int32] { storage.windowSlots.array }

    /// An empty store. `indexThreshold`: containers with at least this many children get
    /// a bounding-volume index over them (pass 0 for none, the `flat` engine's layout).
    /// The corresponding C function is `htCreateWorld` (with `htDefaultWorldDef`);
    /// `htDestroyWorld` frees the store.
    public init(
        screenSize: Size = Scene.defaultScreen, applicationClassName: String = "UIApplication",
        applicationDelegateName: String? = "AppDelegate",
        indexThreshold: Int = ViewStore.defaultIndexThreshold
    ) {
        self.screenSize = screenSize
        self.storage = _Storage(
            indexThreshold: indexThreshold, applicationClassName: applicationClassName,
            applicationDelegateName: applicationDelegateName)
        storage.screenIndexState = indexThreshold > 0 ? .stale : .none
        _ = storage.classNames.intern("UIView")
        _ = storage.classNames.intern("UIWindow")
        // The scroll view classes next, so that a class number says whether its views are
        // scroll views (`isScrollViewClass`) without looking at the name.
        for name in ViewStore.scrollViewClasses { _ = storage.classNames.intern(name) }
    }

    /// `init(screenSize:applicationClassName:applicationDelegateName:indexThreshold:)` with
    /// its first blocks reserved fallibly (`tryReserve`): nil, with the bytes the host's
    /// allocator refused in `refused`, instead of a trap; nothing is then left allocated.
    /// The C API's `htCreateWorld`.
    package init?(
        screenSize: Size, applicationClassName: String, applicationDelegateName: String?,
        indexThreshold: Int, refused: inout Int
    ) {
        self.screenSize = screenSize
        self.storage = _Storage(
            indexThreshold: indexThreshold, applicationClassName: applicationClassName,
            applicationDelegateName: applicationDelegateName)
        storage.screenIndexState = indexThreshold > 0 ? .stale : .none
        for name in ["UIView", "UIWindow"] + ViewStore.scrollViewClasses {
            if let r = storage.classNames.tryReserve(forNew: name) {
                refused = r
                return nil
            }
            _ = storage.classNames.intern(name)
        }
    }

    /// The classes whose views are scroll views whatever their settings
    /// (`SceneScrollView.classes`), interned right after `UIView` and `UIWindow`: class
    /// numbers 2 to 5.
    static let scrollViewClasses = [
        "UIScrollView", "UITableView", "UICollectionView", "UITextView",
    ]

    /// True when views of class number `k` are scroll views by their class.
    @inline(__always)
    static func isScrollViewClass(_ k: UInt32) -> Bool { k &- 2 < 4 }

    /// The flag bits of a view of class number `k`: the number in place, and
    /// `_Flags.scrollView` for a scroll view class.
    @inline(__always)
    static func classBits(_ k: UInt16) -> UInt32 {
        UInt32(k) << _Flags.classShift | (isScrollViewClass(UInt32(k)) ? _Flags.scrollView : 0)
    }

    /// Containers with at least this many children get a child index (`bvh`).
    public static let defaultIndexThreshold = 32

    /// The number of live views, windows included.
    /// The corresponding C function is `htWorld_GetViewCount`.
    public internal(set) var count: Int {
        @inlinable @inline(__always) get { storage.count }
        set { storage.count = newValue }
    }

    /// The number of slots, live or free.
    public var capacity: Int { columns.flags.count }
}

/// Flag bits of a view.
@usableFromInline
enum _Flags {
    @usableFromInline static let alive: UInt32 = 1 << 0
    @usableFromInline static let hidden: UInt32 = 1 << 1
    @usableFromInline static let interactionDisabled: UInt32 = 1 << 2
    /// Stored alpha below 0.01.
    @usableFromInline static let faint: UInt32 = 1 << 3
    @usableFromInline static let ellipse: UInt32 = 1 << 4
    @usableFromInline static let pointInsideSubviews: UInt32 = 1 << 5
    @usableFromInline static let pointInsideBoundsOrSubviews: UInt32 = 1 << 6
    @usableFromInline static let passthrough: UInt32 = 1 << 7
    @usableFromInline static let boxOnly: UInt32 = 1 << 8
    /// hitTest and pointInside are answered by custom code (`CustomHitTestCode`).
    @usableFromInline static let custom: UInt32 = 1 << 9
    @usableFromInline static let redirect: UInt32 = 1 << 10
    @usableFromInline static let window: UInt32 = 1 << 11
    /// The view has a `_SideRecord` record.
    @usableFromInline static let hasSideRecord: UInt32 = 1 << 12
    /// The view has a `ChildIndex`.
    @usableFromInline static let indexed: UInt32 = 1 << 13
    /// Inside the subtree of a custom view: owned by that custom code, never walked.
    @usableFromInline static let insideCustom: UInt32 = 1 << 14
    /// Some view's `redirectTo` names this view: its pointInside box must be kept.
    @usableFromInline static let redirectTarget: UInt32 = 1 << 15
    /// A scroll view (scroll view settings, or a scroll view class): its subviews' boxes
    /// are kept in its bounds (content) coordinates, so that its content offset moves no
    /// box; a query converts the point into those coordinates as it descends (see "A
    /// scroll view's content space" in Internals.md).
    @usableFromInline static let scrollView: UInt32 = 1 << 16

    @usableFromInline static let ineligible: UInt32 = hidden | interactionDisabled | faint
    @usableFromInline static let pointInsideModes: UInt32 =
        pointInsideSubviews | pointInsideBoundsOrSubviews
    /// The bits that hold the class name's index, and where they start.
    @usableFromInline static let classMask: UInt32 = 0xFFFE_0000
    @usableFromInline static let classShift: UInt32 = 17
}

/// What a plain view does not need: kept in a side table, a `_Column` (so trivial: no
/// references). The few Swift values some views need sit in `_SideValues`.
@usableFromInline
struct _SideRecord {
    @usableFromInline var boundsOrigin: Point = .zero
    @usableFromInline var transform: AffineTransform = .identity
    @usableFromInline var anchorPoint: Point = ViewGeometry.defaultAnchorPoint
    @usableFromInline var hitInsets: EdgeInsets = .zero
    @usableFromInline var alpha: Float = 1
    @usableFromInline var redirect: ViewHandle = .null
    /// The exact center and bounds size (the column holds them rounded to floats).
    @usableFromInline var center: Point = .zero
    @usableFromInline var size: Size = .zero
    /// Where `pointInside` can be true, when it differs from `box`.
    @usableFromInline var pointInsideBox: Box?
    var level: Double = 0
    /// The view's `ChildIndex` in `indexes`, `_Slot.none` for none.
    @usableFromInline var childIndex: Int32 = _Slot.none
    /// A scroll view's `ContentIndex` in `contentIndexes`, `_Slot.none` for none.
    @usableFromInline var contentIndex: Int32 = _Slot.none
    /// The view's side values in `ViewStore.sideValues`, `_Slot.none` for none.
    @usableFromInline var values: Int32 = _Slot.none
    /// Ids in `controllerNames`, `_Slot.none` for none.
    var viewController: Int32 = _Slot.none
    var presentedBy: Int32 = _Slot.none
    var clipsToBounds = false

    @usableFromInline init() {}
}

/// The Swift values of a view that has custom code or event settings.
@usableFromInline
struct _SideValues {
    /// The code that answers (custom views and the views inside them only).
    @usableFromInline var customCode: (any CustomHitTestCode)?
    var events: ViewEventSettings = .default

    init() {}
}

/// The per-slot columns of a store (described at `ViewStore.columns`), owned by its
/// `_Storage`. A copy is a handle onto the same memory: it reads and writes elements, and
/// its columns' shape changes only through `_Storage.update`.
@usableFromInline
struct _Columns {
    @usableFromInline var flags = _Column<UInt32>()
    @usableFromInline var parent = _Column<Int32>()
    @usableFromInline var lastChild = _Column<Int32>()
    @usableFromInline var prevSibling = _Column<Int32>()
    @usableFromInline var nextSibling = _Column<Int32>()
    @usableFromInline var centerSize = _Column<_CenterSize>()
    @usableFromInline var box = _Column<Box>()
    /// Empty until `labelsKept`; then one label a slot (see `order` at `ViewStore.columns`).
    @usableFromInline var order = _Column<UInt32>()
    @usableFromInline var generation = _Column<UInt16>()
    /// True once the store keeps order labels (`ViewStore.keepOrderLabels`): from then on
    /// every slot has one and every change of a sibling list keeps them increasing.
    @usableFromInline var labelsKept = false
    @usableFromInline var nameStart = _Column<UInt32>()

    @usableFromInline init() {}

    /// The first (bottom) subview of slot `p`, or `_Slot.none`: the top subview's `nextSibling`
    /// closes the sibling list back to the first (`_Slot.closingLink(first:)`, below
    /// `_Slot.none`), which saves the column a
    /// first-child link would take (4 bytes a view) and keeps the first child O(1) for
    /// forward walks and insertions at the bottom. Queries go from the top down and never
    /// ask for it.
    @inlinable @inline(__always)
    func firstChild(of p: Int32) -> Int32 {
        let top = lastChild[Int(p)]
        return top < 0 ? _Slot.none : _Slot.first(closingLink: nextSibling[Int(top)])
    }

    /// The index of slot `i`'s side record in `_Storage.sideRecords`; only for a view with one
    /// (`_Flags.hasSideRecord`). There is no column for it: such a view keeps its exact center
    /// and size in the record (see `_CenterSize`), so its `centerSize` entry is free and
    /// holds the index in its first four bytes (4 bytes a view saved).
    @inlinable @inline(__always)
    func sideRecordIndex(_ i: Int) -> Int {
        Int(Int32(bitPattern: centerSize[i].x.bitPattern))
    }

    /// Makes `e` slot `i`'s side record index (see `sideRecordIndex`).
    func setSideRecordIndex(_ i: Int, _ e: Int) {
        centerSize[i] = _CenterSize(
            x: Float(bitPattern: UInt32(bitPattern: Int32(e))), y: 0, width: 0, height: 0)
    }

    /// The sibling above `c` (the next one up), or `_Slot.none` for the top one.
    @inlinable @inline(__always)
    func siblingAbove(_ c: Int32) -> Int32 {
        let n = nextSibling[Int(c)]
        return n < 0 ? _Slot.none : n
    }

    /// Shows `visitor` every column (see `_Storage.forEachBuffer`).
    mutating func forEachColumn<V: _BufferVisitor>(_ visitor: inout V) {
        visitor.visit(&flags)
        visitor.visit(&parent)
        visitor.visit(&lastChild)
        visitor.visit(&prevSibling)
        visitor.visit(&nextSibling)
        visitor.visit(&centerSize)
        visitor.visit(&box)
        visitor.visit(&order)
        visitor.visit(&generation)
        visitor.visit(&nameStart)
    }

    /// Makes room for `total` slots in every column.
    mutating func reserveCapacity(_ total: Int) {
        flags.reserveCapacity(total)
        parent.reserveCapacity(total)
        lastChild.reserveCapacity(total)
        prevSibling.reserveCapacity(total)
        nextSibling.reserveCapacity(total)
        centerSize.reserveCapacity(total)
        box.reserveCapacity(total)
        if labelsKept { order.reserveCapacity(total) }
        generation.reserveCapacity(total)
        nameStart.reserveCapacity(total)
    }

    /// Appends `n` slots, each unlinked, dead, with no box, side record, name or size, and
    /// generation 1 (one fill a column); returns the first one's index.
    @inline(__always)
    mutating func appendUnlinked(_ n: Int) -> Int {
        let first = flags.count
        flags.extend(by: n).initialize(repeating: 0, count: n)
        parent.extend(by: n).initialize(repeating: _Slot.none, count: n)
        lastChild.extend(by: n).initialize(repeating: _Slot.none, count: n)
        prevSibling.extend(by: n).initialize(repeating: _Slot.none, count: n)
        nextSibling.extend(by: n).initialize(repeating: _Slot.none, count: n)
        centerSize.extend(by: n).initialize(repeating: .zero, count: n)
        box.extend(by: n).initialize(repeating: .empty, count: n)
        if labelsKept { order.extend(by: n).initialize(repeating: 0, count: n) }
        generation.extend(by: n).initialize(repeating: 1, count: n)
        nameStart.extend(by: n).initialize(repeating: 0, count: n)
        return first
    }
}
