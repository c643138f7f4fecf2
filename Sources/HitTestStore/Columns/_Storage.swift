/// The one owner of a store's memory: every column and table a `ViewStore` keeps, the
/// trees, the free lists and the few counters that every query or added view reads.
///
/// One list, `forEachBuffer`, names every buffer: freeing (`deinit`) and `byteCount` are
/// driven by it, so a new buffer added there is freed and counted. The hot columns grow
/// together (`_Columns.reserveCapacity`, `.appendUnlinked`).
///
/// Its fields are read and written without the dynamic exclusivity check, which on a
/// class's stored properties costs a noticeable share of a query and of a build. That is
/// sound because the store's own code never holds an access to a field across a call that
/// accesses the same field again: element reads and writes go through a column's
/// pointer (`_Column`'s subscript does not mutate the column), and a change of a column's
/// shape (growth, appending, truncating) happens inside `update { }`, whose closure
/// touches only the columns it is given. In the store, the only other fields read so are
/// the query scratch's buffers (`QueryScratch`).
@usableFromInline
final class _Storage {
    /// The per-slot columns (see `_Columns`).
    @exclusivity(unchecked) @usableFromInline var columns = _Columns()

    /// View ids: a LEB128 length, then UTF-8, at `columns.nameStart[slot]`.
    @exclusivity(unchecked) @usableFromInline var nameBytes = _Column<UInt8>()
    /// Interned class names; 0 is `UIView`, 1 is `UIWindow`.
    @exclusivity(unchecked) var classNames = _StringTable()
    /// The class interned last in each of 64 buckets of a cheap hash
    /// (`ViewStore.internClass`; `_Slot.none`: none), tried before the table's own hash.
    @exclusivity(unchecked) var recentClasses = [Int32](repeating: _Slot.none, count: 64)
    /// The class name value interned last in each of 64 buckets of its bits, with its
    /// class (`ViewStore.internClass`; `_Slot.none`: none). Holding the value keeps its
    /// storage alive, so equal bits mean the same bytes.
    @exclusivity(unchecked) var recentClassValues = [(name: String, bits: _StringBits?, id: Int32)](
        repeating: ("", nil, _Slot.none), count: 64)

    /// Cold per-view data: the side records of views that need them
    /// (`columns.sideRecordIndex(slot)`).
    @exclusivity(unchecked) @usableFromInline var sideRecords = _Column<_SideRecord>()
    /// Child indexes of big containers (`sideRecords[e].childIndex`).
    @exclusivity(unchecked) @usableFromInline var indexes = _Column<ChildIndex>()
    /// Big containers whose child index a bulk build left unbuilt because the screen index
    /// answers for them (see `ViewStore+ScreenIndex.swift`); built as soon as the screen
    /// index goes stale.
    @exclusivity(unchecked) var deferredChildIndexes = _Column<Int32>()
    /// True when the host's allocator refused a child index's memory since the last
    /// `updateIndexes()`: some big container may have no index (its subviews are tested
    /// one by one, as exactly), until a change of its subviews or `updateIndexes()`
    /// builds it.
    @exclusivity(unchecked) var childIndexesIncomplete = false
    /// A bulk add's working counts (`labelAndIndexNewSubviews`: two words a new view),
    /// kept, so that the C API can reserve them with the new views.
    @exclusivity(unchecked) var bulkCounts = _Column<UInt32>()
    /// The numbers free for reuse in the slot columns, the side records, the child indexes
    /// and the side values (`ViewStore.sideValues`).
    @exclusivity(unchecked) var free = _SlotPool()

    /// Interned view controller names (`sideRecords[e].viewController`, `.presentedBy`).
    @exclusivity(unchecked) var controllerNames = _StringTable()
    /// Window slots in order of addition.
    @exclusivity(unchecked) var windowSlots = _Column<Int32>()
    /// Window slots in hit-test order (level descending, then last added first).
    @exclusivity(unchecked) @usableFromInline var windowOrder = _Column<Int32>()
    /// Lazily built id -> slot map (valid when `nameMapValid`).
    @exclusivity(unchecked) var nameMap = _ByteKeyMap()
    @exclusivity(unchecked) var nameMapValid = false
    /// Counts changes of a live view's id (`update`): what a reader that keeps ids by
    /// handle compares to know its copies are still right (a new view has a new handle).
    @exclusivity(unchecked) var idChanges = 0
    /// Lazily built view controller name id -> root view slot (`_Slot.none` for none),
    /// valid when `controllerRootsValid`.
    @exclusivity(unchecked) var controllerRoots = _Column<Int32>()
    @exclusivity(unchecked) var controllerRootsValid = false

    /// The packed index over the whole screen (`ScreenIndex`), used by the `bvh` engine
    /// while fresh; absent when `indexThreshold` is 0.
    @exclusivity(unchecked) @usableFromInline var screenIndex = ScreenIndex()
    @exclusivity(unchecked) var screenIndexState = _ScreenIndexState.none
    /// The content indexes of big scroll views (`ContentIndex`, named by
    /// `sideRecords[e].contentIndex`), made with the screen index and asked while it is fresh.
    @exclusivity(unchecked) @usableFromInline var contentIndexes = _Column<ContentIndex>()
    /// Build a `ChildIndex` for containers with at least this many children (0: never).
    @exclusivity(unchecked) @usableFromInline var indexThreshold: Int
    /// The number of live views, windows included.
    @exclusivity(unchecked) @usableFromInline var count = 0
    /// Views with a redirect: while there are any, box changes propagate to the root.
    @exclusivity(unchecked) var redirectCount = 0
    /// Views whose code is custom (`_Flags.custom`): a batch asks it, so that it need not
    /// scan every view's flags.
    @exclusivity(unchecked) var customCodeCount = 0
    /// Views whose boxes were computed since the store was made (`computeBoxes`), counted
    /// so that tests can state what a change costs exactly (a move recomputes the moved
    /// subtree outside scroll views' content, whatever their size).
    @exclusivity(unchecked) var boxesComputed = 0

    /// The application's class name (`ViewStore.applicationClassName`).
    @exclusivity(unchecked) var applicationClassName: String
    /// The application delegate's class name (`ViewStore.applicationDelegateName`).
    @exclusivity(unchecked) var applicationDelegateName: String?
    /// The Swift values of side records (`ViewStore.sideValues`): Swift values, not a
    /// buffer from the hooks, so `forEachBuffer` does not name them.
    @exclusivity(unchecked) var sideValues: [_SideValues] = []

    init(indexThreshold: Int, applicationClassName: String, applicationDelegateName: String?) {
        self.indexThreshold = indexThreshold
        self.applicationClassName = applicationClassName
        self.applicationDelegateName = applicationDelegateName
    }

    /// Reads the columns for the span of `body`.
    @inlinable @inline(__always)
    func read<R>(_ body: (borrowing _Columns) throws -> R) rethrows -> R {
        try body(columns)
    }

    /// Changes the columns (their shape: growth, appending, the labels switch) for the
    /// span of `body`, which must not reach the store's columns any other way.
    @inlinable @inline(__always)
    func update<R>(_ body: (inout _Columns) throws -> R) rethrows -> R {
        try body(&columns)
    }

    /// Shows `visitor` every buffer this storage owns: the one list that freeing and
    /// `byteCount` go through. The child and content indexes own buffers of their own,
    /// freed with `indexes`' and `contentIndexes`' elements and counted as index memory
    /// (`ViewStore.stats`).
    func forEachBuffer<V: _BufferVisitor>(_ visitor: inout V) {
        columns.forEachColumn(&visitor)
        visitor.visit(&nameBytes)
        visitor.visit(&classNames)
        visitor.visit(&sideRecords)
        visitor.visit(&indexes)
        visitor.visit(&contentIndexes)
        visitor.visit(&deferredChildIndexes)
        visitor.visit(&bulkCounts)
        free.forEachList(&visitor)
        visitor.visit(&controllerNames)
        visitor.visit(&windowSlots)
        visitor.visit(&windowOrder)
        visitor.visit(&nameMap)
        visitor.visit(&controllerRoots)
    }

    /// Bytes the buffers hold (their capacity), the child and screen indexes' own
    /// excepted.
    var byteCount: Int {
        var measure = _Measure()
        forEachBuffer(&measure)
        return measure.bytes
    }

    deinit {
        for k in 0..<indexes.count { indexes[k].deallocate() }
        for k in 0..<contentIndexes.count { contentIndexes[k].deallocate() }
        screenIndex.deallocate()
        var freeing = _Free()
        forEachBuffer(&freeing)
    }
}

/// A buffer of the store's: freed with `deallocate()`, measured by `byteCount`.
protocol _OwnedBuffer {
    mutating func deallocate()
    var byteCount: Int { get }
}

extension _Column: _OwnedBuffer {}
extension _StringTable: _OwnedBuffer {}
extension _ByteKeyMap: _OwnedBuffer {}

/// What is done to each buffer of a `_Storage` (`forEachBuffer`).
protocol _BufferVisitor {
    mutating func visit<B: _OwnedBuffer>(_ buffer: inout B)
}

/// Frees each buffer.
private struct _Free: _BufferVisitor {
    mutating func visit<B: _OwnedBuffer>(_ buffer: inout B) { buffer.deallocate() }
}

/// Adds up the bytes of each buffer.
private struct _Measure: _BufferVisitor {
    var bytes = 0
    mutating func visit<B: _OwnedBuffer>(_ buffer: inout B) { bytes += buffer.byteCount }
}

/// The numbers free for reuse in the store's four numbered tables, each reused last in,
/// first out: one pool, one list a table.
struct _SlotPool {
    /// The tables whose numbers the pool keeps.
    enum Table: Int, CaseIterable {
        /// Slots of the columns.
        case slots
        /// Side records (`_Storage.sideRecords`).
        case sideRecords
        /// Child indexes (`_Storage.indexes`).
        case indexes
        /// Side values (`ViewStore.sideValues`).
        case sideValues
    }

    private var lists = (_Column<Int32>(), _Column<Int32>(), _Column<Int32>(), _Column<Int32>())

    /// The list of `table`, for the span of `body`.
    @inline(__always)
    private mutating func withList<R>(_ table: Table, _ body: (inout _Column<Int32>) -> R) -> R {
        switch table {
        case .slots: return body(&lists.0)
        case .sideRecords: return body(&lists.1)
        case .indexes: return body(&lists.2)
        case .sideValues: return body(&lists.3)
        }
    }

    /// A number freed earlier in `table` (the last one freed), or nil.
    @inline(__always)
    mutating func take(_ table: Table) -> Int32? { withList(table) { $0.popLast() } }

    /// Makes `n` free for reuse in `table`.
    @inline(__always)
    mutating func give(_ n: Int32, to table: Table) { withList(table) { $0.append(n) } }

    /// Room for `n` more numbers in every list, fallibly: nil when it is there, else
    /// the bytes refused.
    mutating func tryReserve(_ n: Int) -> Int? {
        if let r = lists.0.tryReserveCapacity(lists.0.count + n) { return r }
        if let r = lists.1.tryReserveCapacity(lists.1.count + n) { return r }
        if let r = lists.2.tryReserveCapacity(lists.2.count + n) { return r }
        if let r = lists.3.tryReserveCapacity(lists.3.count + n) { return r }
        return nil
    }

    /// Room for `total` numbers in `table`'s list, fallibly: nil when it is there, else
    /// the bytes refused.
    mutating func tryReserve(_ table: Table, room total: Int) -> Int? {
        withList(table) { $0.tryReserveCapacity(total) }
    }

    /// True when `table` has no free number.
    func isEmpty(_ table: Table) -> Bool {
        switch table {
        case .slots: lists.0.isEmpty
        case .sideRecords: lists.1.isEmpty
        case .indexes: lists.2.isEmpty
        case .sideValues: lists.3.isEmpty
        }
    }

    /// Shows `visitor` each list (see `_Storage.forEachBuffer`).
    mutating func forEachList<V: _BufferVisitor>(_ visitor: inout V) {
        visitor.visit(&lists.0)
        visitor.visit(&lists.1)
        visitor.visit(&lists.2)
        visitor.visit(&lists.3)
    }
}
