/// A growable buffer of trivial values: one column of the store.
///
/// Unlike an array it does no bounds check in release builds (an `assert` in debug
/// builds) and no copy on write: the store owns each column and frees it in its deinit.
/// Elements must be trivial (no references), which every column's are. All memory goes
/// through `_ColumnAllocator`, so that it can be counted and, later, routed to a host's
/// allocator.
@usableFromInline
struct _Column<Element> {
    @usableFromInline var base: UnsafeMutablePointer<Element>?
    @usableFromInline var count: Int = 0
    @usableFromInline var capacity: Int = 0

    @usableFromInline init() {}

    @inlinable
    subscript(i: Int) -> Element {
        @inline(__always) get {
            assert(i >= 0 && i < count, "column index \(i) out of 0..<\(count)")
            return base.unsafelyUnwrapped[i]
        }
        @inline(__always) nonmutating set {
            assert(i >= 0 && i < count, "column index \(i) out of 0..<\(count)")
            base.unsafelyUnwrapped[i] = newValue
        }
    }

    @inlinable
    mutating func append(_ x: Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: x)
        count += 1
    }

    @inline(never) @usableFromInline
    mutating func grow() {
        reserveCapacity(Swift.max(16, capacity * 2))
    }

    /// Makes room for `n` elements in all (never shrinks).
    mutating func reserveCapacity(_ n: Int) {
        guard n > capacity else { return }
        let newCapacity = n
        let newBase = _ColumnAllocator.allocate(Element.self, count: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            _ColumnAllocator.deallocate(base, count: capacity)
        }
        base = newBase
        capacity = newCapacity
    }

    /// Frees the storage. The column is empty afterwards.
    mutating func deallocate() {
        if let base { _ColumnAllocator.deallocate(base, count: capacity) }
        base = nil
        count = 0
        capacity = 0
    }

    var byteCount: Int { capacity * MemoryLayout<Element>.stride }
}

/// Where columns get their memory; counts live bytes so that tests can see every byte
/// come back.
@usableFromInline
enum _ColumnAllocator {
    nonisolated(unsafe) static var liveBytes = 0
    static let alignment = 64

    @usableFromInline
    static func allocate<T>(_: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let bytes = count * MemoryLayout<T>.stride
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: bytes, alignment: max(alignment, MemoryLayout<T>.alignment))
        liveBytes += bytes
        return raw.bindMemory(to: T.self, capacity: count)
    }

    @usableFromInline
    static func deallocate<T>(_ p: UnsafeMutablePointer<T>, count: Int) {
        liveBytes -= count * MemoryLayout<T>.stride
        UnsafeMutableRawPointer(p).deallocate()
    }
}
