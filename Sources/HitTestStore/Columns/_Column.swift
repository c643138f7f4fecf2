import CHitTestShim

/// A growable buffer of trivial values: one column of the store, one of its tables, or a
/// query's scratch stack.
///
/// Unlike an array it does no bounds check in release builds (an `assert` in debug
/// builds) and no copy on write: one owner (the store, an index, a scratch) frees it with
/// `deallocate()`; copies share the storage, so a query's snapshot of the columns costs
/// nothing. Elements must be trivial (no references), which every column's are. All memory
/// goes through `_ColumnAllocator`, that is through the host's allocator hooks
/// (`htSetAllocator`), so that a host sees and counts every byte.
@usableFromInline
struct _Column<Element> {
    @usableFromInline var base: UnsafeMutablePointer<Element>?
    @usableFromInline var count: Int = 0
    @usableFromInline var capacity: Int = 0

    @usableFromInline init() {}

    /// An empty column with room for `n` elements.
    init(capacity n: Int) { reserveCapacity(n) }

    /// `n` copies of `x`.
    init(repeating x: Element, count n: Int) {
        reserveCapacity(n)
        if n > 0 { base.unsafelyUnwrapped.initialize(repeating: x, count: n) }
        count = n
    }

    @inlinable
    subscript(i: Int) -> Element {
        @inline(__always) get {
            assert(i >= 0 && i < count, "column index \(i) out of 0..<\(count)")
            return start[i]
        }
        @inline(__always) nonmutating set {
            assert(i >= 0 && i < count, "column index \(i) out of 0..<\(count)")
            start[i] = newValue
        }
    }

    /// The first element's address (the column must have been allocated). A debug build
    /// unwraps with `!`: unoptimised, `unsafelyUnwrapped` is a generic call that looks up
    /// the metadata of `Optional<UnsafeMutablePointer<Element>>` at run time on every
    /// element read, the largest single cost of the test suites and of any debug build of
    /// a host. A release build inlines either to the same load.
    @inlinable
    var start: UnsafeMutablePointer<Element> {
        @inline(__always) get {
            #if DEBUG
                return base!
            #else
                return base.unsafelyUnwrapped
            #endif
        }
    }

    @inlinable
    mutating func append(_ x: Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: x)
        count += 1
    }

    mutating func append(contentsOf u: UnsafeBufferPointer<Element>) {
        guard let src = u.baseAddress, u.count > 0 else { return }
        if count + u.count > capacity { reserveCapacity(Swift.max(count + u.count, capacity * 2)) }
        (base.unsafelyUnwrapped + count).initialize(from: src, count: u.count)
        count += u.count
    }

    /// Adds `n` elements left for the caller to write (trivial elements: no
    /// initialization needed) and returns where the first of them goes: one capacity check
    /// for a batch, where `append` checks once an element.
    /// An empty column that was never allocated gets room for one element, so that the
    /// pointer exists even for `n == 0`.
    @inline(__always)
    mutating func extend(by n: Int) -> UnsafeMutablePointer<Element> {
        if count + n > capacity || base == nil { grow(to: Swift.max(count + n, 1)) }
        let start = base.unsafelyUnwrapped + count
        count += n
        return start
    }

    @inline(never)
    mutating func grow(to n: Int) {
        reserveCapacity(Swift.max(n, capacity * 2))
    }

    /// The capacity a full column grows to: double, at least 16.
    @usableFromInline var grownCapacity: Int { Swift.max(16, capacity * 2) }

    @inline(never) @usableFromInline
    mutating func grow() {
        reserveCapacity(grownCapacity)
    }

    /// `grow()` asked fallibly: true when the host's allocator refused (the column as it
    /// was).
    @inline(never) @usableFromInline
    mutating func tryGrow() -> Bool {
        tryReserveCapacity(grownCapacity) != nil
    }

    /// Makes room for `n` elements in all (never shrinks).
    @usableFromInline
    mutating func reserveCapacity(_ n: Int) {
        guard n > capacity else { return }
        base = _ColumnAllocator.reallocate(base, from: capacity, to: n)
        capacity = n
    }

    /// Makes room for `n` elements in all as `reserveCapacity` does, but asks the hooks
    /// fallibly: when the host's allocator refuses, the column is left as it was and the
    /// bytes asked for come back (nil when the room is there). The C API reserves so
    /// before a call changes anything (see `ViewStore.tryReserve`).
    mutating func tryReserveCapacity(_ n: Int) -> Int? {
        guard n > capacity else { return nil }
        guard let grown = _ColumnAllocator.tryReallocate(base, from: capacity, to: n) else {
            return n * MemoryLayout<Element>.stride
        }
        base = grown
        capacity = n
        return nil
    }

    /// `tryReserveCapacity(n)` that throws the refusal: for code that reserves every
    /// buffer it will write before it writes any (index builds), so that a refusal leaves
    /// nothing half-made.
    mutating func reserve(_ n: Int) throws(AllocationRefused) {
        if let bytes = tryReserveCapacity(n) { throw AllocationRefused(bytes: bytes) }
    }

    /// Room for one more element, asked fallibly, growing as `append` does (doubling):
    /// for code that must not meet a refusal inside the append that follows.
    @inline(__always)
    mutating func reserveForAppend() throws(AllocationRefused) {
        if count == capacity { try reserve(grownCapacity) }
    }

    /// An empty column with room for `n` elements, or the host allocator's refusal.
    init(reserving n: Int) throws(AllocationRefused) { try reserve(n) }

    /// Frees the storage. The column is empty afterwards.
    mutating func deallocate() {
        if let base { _ColumnAllocator.deallocate(base, count: capacity) }
        base = nil
        count = 0
        capacity = 0
    }

    var byteCount: Int { capacity * MemoryLayout<Element>.stride }

    // MARK: Stack and list operations (trivial elements: nothing to deinitialize)

    @inlinable var isEmpty: Bool { count == 0 }

    /// Empties the column, keeping its storage.
    @inlinable mutating func removeAll() { count = 0 }

    /// Makes the column `n` copies of `x`, keeping its storage when it is big enough (one
    /// fill, where appending one at a time checks the capacity each time).
    mutating func reset(repeating x: Element, count n: Int) {
        count = 0
        if n > capacity { reserveCapacity(n) }
        if n > 0 { base.unsafelyUnwrapped.initialize(repeating: x, count: n) }
        count = n
    }

    @inlinable @discardableResult
    mutating func removeLast() -> Element {
        assert(count > 0, "removeLast on an empty column")
        count -= 1
        return base.unsafelyUnwrapped[count]
    }

    @inlinable
    mutating func popLast() -> Element? { count == 0 ? nil : removeLast() }

    /// Keeps the first `n` elements.
    @inlinable
    mutating func truncate(to n: Int) {
        assert(n >= 0 && n <= count, "truncate to \(n) of \(count)")
        count = n
    }

    /// Removes the element at `i`, shifting the ones after it down.
    mutating func remove(at i: Int) {
        assert(i >= 0 && i < count)
        let p = base.unsafelyUnwrapped
        (p + i).update(from: p + i + 1, count: count - i - 1)
        count -= 1
    }

    /// The elements as an array (allocates: for tools and tests, not for queries).
    var array: [Element] { Array(self) }
}

extension _Column: RandomAccessCollection, MutableCollection {
    @usableFromInline typealias Index = Int
    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { count }

    @inlinable
    func withContiguousStorageIfAvailable<R>(
        _ body: (UnsafeBufferPointer<Element>) throws -> R
    ) rethrows -> R? {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}

extension _Column {
    /// Sorts `self[start...]` in place by `key`, highest first, with heapsort: no
    /// allocation (the standard sort may allocate a buffer), for query code.
    @inlinable
    func heapSortDescending<K: Comparable>(from start: Int, by key: (Element) -> K) {
        let n = count - start
        if n < 2 { return }
        let a = base.unsafelyUnwrapped + start
        // A min-heap by key, popped to the back, leaves the keys in descending order.
        @inline(__always) func siftDown(_ root: Int, _ end: Int) {
            var r = root
            while true {
                var child = 2 * r + 1
                if child >= end { return }
                if child + 1 < end && key(a[child + 1]) < key(a[child]) { child += 1 }
                if key(a[r]) <= key(a[child]) { return }
                a.swapAt(r, child)
                r = child
            }
        }
        var i = n / 2 - 1
        while i >= 0 {
            siftDown(i, n)
            i -= 1
        }
        var end = n - 1
        while end > 0 {
            a.swapAt(0, end)
            siftDown(0, end)
            end -= 1
        }
    }
}

extension _Column where Element: Comparable {
    // A binary max-heap in the column's elements from `start` on (the whole column by
    // default; a walk that nests inside another keeps its heap after the outer one's),
    // for query code: no allocation once the column has grown.

    /// Adds `x` to the heap, growing the column through the host's allocator fallibly:
    /// false, with the heap unchanged, when it refuses. O(log n).
    @inlinable @inline(__always)
    mutating func tryHeapPush(_ x: Element, from start: Int = 0) -> Bool {
        if count == capacity, tryGrow() { return false }
        heapPush(x, from: start)
        return true
    }

    /// Adds `x` to the heap. O(log n).
    @inlinable
    mutating func heapPush(_ x: Element, from start: Int = 0) {
        append(x)
        let a = base.unsafelyUnwrapped + start
        var i = count - start - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if a[parent] >= x { break }
            a[i] = a[parent]
            i = parent
        }
        a[i] = x
    }

    /// Takes the largest element off the heap, or nil when it is empty. O(log n).
    @inlinable
    mutating func heapPopMax(from start: Int = 0) -> Element? {
        guard count > start else { return nil }
        let a = base.unsafelyUnwrapped + start
        let top = a[0]
        let last = removeLast()
        let n = count - start
        if n == 0 { return top }
        var i = 0
        while true {
            var child = 2 * i + 1
            if child >= n { break }
            if child + 1 < n && a[child + 1] > a[child] { child += 1 }
            if a[child] <= last { break }
            a[i] = a[child]
            i = child
        }
        a[i] = last
        return top
    }
}

extension UnsafeMutablePointer {
    @inlinable @inline(__always)
    func swapAt(_ i: Int, _ j: Int) {
        let t = self[i]
        self[i] = self[j]
        self[j] = t
    }
}

/// Where columns get their memory: the allocator hooks of the C shim (`htShim_Allocate`,
/// `htShim_Reallocate`, `htShim_Free`), 64-byte aligned, which count live bytes and blocks
/// (`htGetByteCount`, `htGetAllocationCount`) and call the host's allocator when one is
/// set (`htSetAllocator`).
@usableFromInline
enum _ColumnAllocator {
    static let alignment = 64

    /// Bytes live through the hooks, in the whole process (every store).
    static var liveBytes: Int { Int(htGetByteCount()) }

    @usableFromInline
    static func allocate<T>(_: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let bytes = count * MemoryLayout<T>.stride
        let raw = htShim_Allocate(bytes, max(alignment, MemoryLayout<T>.alignment))!
        return raw.bindMemory(to: T.self, capacity: count)
    }

    /// Grows (or makes) a block of trivial values, keeping its contents.
    @usableFromInline
    static func reallocate<T>(_ p: UnsafeMutablePointer<T>?, from old: Int, to new: Int)
        -> UnsafeMutablePointer<T>
    {
        guard let p else { return allocate(T.self, count: new) }
        let stride = MemoryLayout<T>.stride
        let raw = htShim_Reallocate(
            UnsafeMutableRawPointer(p), old * stride, new * stride,
            max(alignment, MemoryLayout<T>.alignment))!
        return raw.bindMemory(to: T.self, capacity: new)
    }

    /// `reallocate` that returns nil (the block untouched) when the host's allocator
    /// refuses.
    static func tryReallocate<T>(_ p: UnsafeMutablePointer<T>?, from old: Int, to new: Int)
        -> UnsafeMutablePointer<T>?
    {
        let stride = MemoryLayout<T>.stride
        let align = max(alignment, MemoryLayout<T>.alignment)
        let raw =
            p == nil
            ? htShim_TryAllocate(new * stride, align)
            : htShim_TryReallocate(UnsafeMutableRawPointer(p), old * stride, new * stride, align)
        return raw?.bindMemory(to: T.self, capacity: new)
    }

    @usableFromInline
    static func deallocate<T>(_ p: UnsafeMutablePointer<T>, count: Int) {
        htShim_Free(UnsafeMutableRawPointer(p), count * MemoryLayout<T>.stride)
    }
}

/// The host's allocator refused a block of `bytes` bytes: what the fallible paths (index
/// builds, the C API's reservations) throw, so that the call that asked can undo nothing
/// and say so.
package struct AllocationRefused: Error, Equatable {
    /// The size of the block refused.
    package let bytes: Int

    package init(bytes: Int) { self.bytes = bytes }

    /// Ends the process as an allocation that cannot fail does (`htShim_OutOfMemory`):
    /// for the callers that have no way back.
    package func trap() -> Never { htShim_OutOfMemory(bytes) }
}
