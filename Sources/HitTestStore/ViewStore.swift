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
    /// Every column, in one stored property: a query copies it out with one access.
    /// Queries read it without the dynamic exclusivity check (a noticeable share of a
    /// query): the store's own code never holds an access to it across a call that reads
    /// it again. The same holds for `sideRecords` and `screenIndex`, and for the fields that
    /// every added view writes (`count`, `freeSlots`, `nameBytes`, `classNames`,
    /// `recentClasses` and the two validity flags), whose checks are a noticeable share of
    /// a build.
    @exclusivity(unchecked) @usableFromInline var columns = _Columns()

    // MARK: Hot columns, one entry per slot (bytes per entry in comments).
    /// `_Flags` bits; the upper 16 bits are the class name's index in `classNames`.
    /// 4 bytes.
    @inlinable var flags: _Column<UInt32> {
        get { columns.flags }
        set { columns.flags = newValue }
    }
    /// Parent slot, -1 for windows and free slots. 4 bytes.
    @inlinable var parent: _Column<Int32> {
        get { columns.parent }
        set { columns.parent = newValue }
    }
    /// Children: the last (top) one; siblings: previous (below) and next (above). -1 for
    /// none. 12 bytes. The first (bottom) child has no column: the top child's
    /// `nextSibling` holds it below none (`_Slot.closingLink(first:)`), so a loop that
    /// follows `nextSibling` while it is not negative still stops after the top child.
    @inlinable var lastChild: _Column<Int32> {
        get { columns.lastChild }
        set { columns.lastChild = newValue }
    }
    @inlinable var prevSibling: _Column<Int32> {
        get { columns.prevSibling }
        set { columns.prevSibling = newValue }
    }
    @inlinable var nextSibling: _Column<Int32> {
        get { columns.nextSibling }
        set { columns.nextSibling = newValue }
    }
    /// The index of slot `i`'s side record (see `_Columns.sideRecordIndex`).
    @inlinable func sideRecordIndex(_ i: Int) -> Int { columns.sideRecordIndex(i) }
    /// The first (bottom) subview of slot `p`, or -1 (see `lastChild`).
    @inlinable func firstChild(of p: Int32) -> Int32 { columns.firstChild(of: p) }
    /// The anchor point's position in the superview (`center`) and the bounds size, as
    /// 32-bit floats. Exact for a view with no side record; a view with one keeps its
    /// exact values there (`_CenterSize`), and its entry here holds the record's index
    /// instead (`sideRecordIndex`). Read them with `center(_:)` and `size(_:)`, write
    /// them with `setCenterSize`. 16 bytes.
    @inlinable var centerSize: _Column<_CenterSize> {
        get { columns.centerSize }
        set { columns.centerSize = newValue }
    }
    /// Where the subtree can return a hit, in screen coordinates. 16 bytes.
    @inlinable var box: _Column<Box> {
        get { columns.box }
        set { columns.box = newValue }
    }
    /// Sibling order labels: increasing from bottom to top among siblings. 4 bytes, kept
    /// only once the store has made a child index (`keepOrderLabels`): only an indexed
    /// container's walk reads them, to try the candidates its index finds from the top
    /// down, and a store answered by its screen index alone (every bulk build defers its
    /// child indexes) goes without the column.
    @inlinable var order: _Column<UInt32> {
        get { columns.order }
        set { columns.order = newValue }
    }
    /// Slot generations, 1 to `UInt16.max`; bumped when a slot is freed. A slot whose
    /// generation is spent is retired (never reused), so an old handle can never name a
    /// new view, as with 32 bits, in half the bytes. 2 bytes.
    @inlinable var generation: _Column<UInt16> {
        get { columns.generation }
        set { columns.generation = newValue }
    }
    /// Where each view's id starts in `nameBytes` (a LEB128 length, then UTF-8). 4 bytes.
    @inlinable var nameStart: _Column<UInt32> {
        get { columns.nameStart }
        set { columns.nameStart = newValue }
    }

    // MARK: Cold data
    // Every buffer below is a `_Column` (or made of them): its memory comes from the
    // allocator hooks (`htSetAllocator`). Only the side values of views with custom code or
    // event settings (`sideValues`, `slotOfCustomCode`) and the two application names are
    // Swift values (see "Memory, as a C host sees it" in Internals.md). Cold per-view data
    // has one name: a view's *side record* (`sideRecords`, trivial), and its *side values*
    // (`sideValues`, Swift values) for the few views that need them.

    /// View ids: a LEB128 length, then UTF-8, at `nameStart[slot]`.
    @exclusivity(unchecked) @usableFromInline var nameBytes = _Column<UInt8>()
    /// Interned class names; 0 is `UIView`, 1 is `UIWindow`.
    @exclusivity(unchecked) var classNames = _StringTable()
    /// The class interned last in each of 64 buckets of a cheap hash (`internClass`;
    /// -1: none), tried before the table's own hash.
    @exclusivity(unchecked) var recentClasses = [Int32](repeating: _Slot.none, count: 64)
    /// The class name value interned last in each of 64 buckets of its bits, with its
    /// class (`internClass`; -1: none). Holding the value keeps its storage alive, so
    /// equal bits mean the same bytes.
    @exclusivity(unchecked) var recentClassValues = [(name: String, bits: _StringBits?, id: Int32)](
        repeating: ("", nil, _Slot.none), count: 64)
    /// Side records of views that need them (`sideRecordIndex(slot)`), and the free ones.
    @exclusivity(unchecked) @usableFromInline var sideRecords = _Column<_SideRecord>()
    var freeSideRecords = _Column<Int32>()
    /// Child indexes of big containers (`sideRecords[e].childIndex`), and the free ones.
    @usableFromInline var indexes = _Column<ChildIndex>()
    /// Big containers whose child index a bulk build left unbuilt because the screen index
    /// answers for them (see `ViewStore+ScreenIndex.swift`); built as soon as the screen
    /// index goes stale.
    var deferredChildIndexes = _Column<Int32>()
    /// True while a bulk build computes boxes: `updateIndex` defers instead of building.
    var deferringChildIndexes = false
    var freeIndexes = _Column<Int32>()
    /// Interned view controller names (`sideRecords[e].viewController`, `.presentedBy`).
    var controllerNames = _StringTable()
    /// Free slots, reused last in first out.
    @exclusivity(unchecked) var freeSlots = _Column<Int32>()
    /// Window slots in order of addition.
    var windowSlotColumn = _Column<Int32>()
    /// Window slots in hit-test order (level descending, then last added first).
    @usableFromInline var windowOrder = _Column<Int32>()
    /// Views with a redirect: while there are any, box changes propagate to the root.
    var redirectCount = 0
    /// The screen size in points, kept for scenes; it does not limit hit-testing.
    public var screenSize: Size
    /// The application's class name, the next-to-last link of every responder chain.
    public var applicationClassName: String
    /// The application delegate's class name, the last link; nil ends chains at the
    /// application.
    public var applicationDelegateName: String?
    /// The Swift values of side records (`sideRecords[e].values`): the objects that answer
    /// custom code and event settings other than the default. Empty (and unallocated) in
    /// stores built through the C API or from scenes without event settings.
    var sideValues: [_SideValues] = []
    var freeSideValues: [Int32] = []
    /// The slot of every view of a tree built with custom code, by the identity of the
    /// object that stands for it, for mapping custom code's answers to slots.
    var slotOfCustomCode: [ObjectIdentifier: Int32] = [:]
    /// Lazily built id -> slot map (valid when `nameMapValid`).
    var nameMap = _ByteKeyMap()
    @exclusivity(unchecked) var nameMapValid = false
    /// Lazily built view controller name id -> root view slot (-1 for none), valid when
    /// `controllerRootsValid`.
    var controllerRootColumn = _Column<Int32>()
    @exclusivity(unchecked) var controllerRootsValid = false
    /// The packed index over the whole screen (`ScreenIndex`), used by the `bvh` engine
    /// while fresh; absent when `indexThreshold` is 0.
    @exclusivity(unchecked) @usableFromInline var screenIndex = ScreenIndex()
    @exclusivity(unchecked) var screenIndexState = _ScreenIndexState.none
    /// Changes that made the screen index stale since it was built.
    var changesSinceScreenIndexBuild = 0
    /// The ancestor path a batch of moves last composed (`worldFrame(_:reusing:)`), kept
    /// with its capacity between batches so that a batch allocates nothing.
    var batchPath: [(slot: Int32, frame: _WorldFrame)] = []
    /// Build a `ChildIndex` for containers with at least this many children (0: never).
    /// Read without the dynamic exclusivity check, like the fields above: `updateIndex`
    /// reads it once for every container a build adds.
    @exclusivity(unchecked) public internal(set) var indexThreshold: Int

    /// Window slots in order of addition (a copy).
    public var windowSlots: [Int32] { windowSlotColumn.array }

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
        self.applicationClassName = applicationClassName
        self.applicationDelegateName = applicationDelegateName
        self.indexThreshold = indexThreshold
        self.screenIndexState = indexThreshold > 0 ? .stale : .none
        _ = classNames.intern("UIView")
        _ = classNames.intern("UIWindow")
    }

    /// Containers with at least this many children get a child index (`bvh`).
    public static let defaultIndexThreshold = 32

    deinit {
        for k in 0..<indexes.count { indexes[k].deallocate() }
        screenIndex.deallocate()
        columns.deallocateAll()
        nameBytes.deallocate()
        classNames.deallocate()
        sideRecords.deallocate()
        freeSideRecords.deallocate()
        indexes.deallocate()
        deferredChildIndexes.deallocate()
        freeIndexes.deallocate()
        controllerNames.deallocate()
        freeSlots.deallocate()
        windowSlotColumn.deallocate()
        windowOrder.deallocate()
        nameMap.deallocate()
        controllerRootColumn.deallocate()
    }

    /// The number of live views, windows included.
    /// The corresponding C function is `htWorld_GetViewCount`.
    @exclusivity(unchecked) public internal(set) var count = 0

    /// The number of slots, live or free.
    public var capacity: Int { flags.count }
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

    @usableFromInline static let ineligible: UInt32 = hidden | interactionDisabled | faint
    @usableFromInline static let pointInsideModes: UInt32 =
        pointInsideSubviews | pointInsideBoundsOrSubviews
    /// The bits that hold the class name's index.
    @usableFromInline static let classMask: UInt32 = 0xFFFF_0000
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
    /// The view's `ChildIndex` in `indexes`, -1 for none.
    @usableFromInline var childIndex: Int32 = _Slot.none
    /// The view's side values in `ViewStore.sideValues`, -1 for none.
    @usableFromInline var values: Int32 = _Slot.none
    /// Ids in `controllerNames`, -1 for none.
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

/// The columns of a store (see the properties of the same names on `ViewStore`).
@usableFromInline
struct _Columns {
    @usableFromInline var flags = _Column<UInt32>()
    @usableFromInline var parent = _Column<Int32>()
    @usableFromInline var lastChild = _Column<Int32>()
    @usableFromInline var prevSibling = _Column<Int32>()
    @usableFromInline var nextSibling = _Column<Int32>()
    @usableFromInline var centerSize = _Column<_CenterSize>()
    @usableFromInline var box = _Column<Box>()
    /// Empty until `labelsKept`; then one label a slot (see `ViewStore.order`).
    @usableFromInline var order = _Column<UInt32>()
    @usableFromInline var generation = _Column<UInt16>()
    /// True once the store keeps order labels (`ViewStore.keepOrderLabels`): from then on
    /// every slot has one and every change of a sibling list keeps them increasing.
    @usableFromInline var labelsKept = false
    @usableFromInline var nameStart = _Column<UInt32>()

    @usableFromInline init() {}

    /// The first (bottom) subview of slot `p`, or -1: the top subview's `nextSibling`
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

    /// The index of slot `i`'s side record in `sideRecords`; only for a view with one
    /// (`_Flags.hasSideRecord`). There is no column for it: such a view keeps its exact center
    /// and size in the record (see `_CenterSize`), so its `centerSize` entry is free and
    /// holds the index in its first four bytes (4 bytes a view saved).
    @inlinable @inline(__always)
    func sideRecordIndex(_ i: Int) -> Int {
        Int(Int32(bitPattern: centerSize[i].x.bitPattern))
    }

    /// Makes `e` slot `i`'s side record index (see `sideRecordIndex`).
    mutating func setSideRecordIndex(_ i: Int, _ e: Int) {
        centerSize[i] = _CenterSize(
            x: Float(bitPattern: UInt32(bitPattern: Int32(e))), y: 0, width: 0, height: 0)
    }

    /// The sibling above `c` (the next one up), or -1 for the top one.
    @inlinable @inline(__always)
    func siblingAbove(_ c: Int32) -> Int32 {
        let n = nextSibling[Int(c)]
        return n < 0 ? _Slot.none : n
    }

    mutating func deallocateAll() {
        flags.deallocate()
        parent.deallocate()
        lastChild.deallocate()
        prevSibling.deallocate()
        nextSibling.deallocate()
        centerSize.deallocate()
        box.deallocate()
        order.deallocate()
        generation.deallocate()
        nameStart.deallocate()
    }

    /// Bytes the columns hold (their capacity).
    var byteCount: Int {
        flags.byteCount + parent.byteCount + lastChild.byteCount + prevSibling.byteCount
            + nextSibling.byteCount + centerSize.byteCount + box.byteCount + order.byteCount
            + generation.byteCount + nameStart.byteCount
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
