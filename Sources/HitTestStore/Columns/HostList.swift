/// A growable list of any values whose elements live in memory from the host's allocator
/// hooks (`htSetAllocator`, counted by `htGetByteCount`): the dispatcher's tables (its
/// recognizers, touches, timers and log) and the C API's event buffer.
///
/// Noncopyable, so that one owner holds it and frees it when it goes away: no copy can
/// share or outlive its storage, and no copy on write is needed. The elements' own
/// references (a `String`'s text, an array's buffer) stay Swift's; a list of trivial
/// values keeps everything in the hooks. Growth doubles.
///
/// A list grows in the middle of a frame, which cannot stop half way: when the hooks
/// refuse the room, the list takes it from Swift's allocator instead (not counted by
/// `htGetByteCount`), and goes back to the hooks the next time it grows.
///
/// Public as the package's own SPI (`@_spi(Tables) import HitTestStore`), not as API: the
/// modules that use it must see its bodies to inline them (a `package` declaration's are
/// not inlined into another module).
@_spi(Tables) @frozen
public struct HostList<Element>: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<Element>?
    /// The count and the room in 32 bits each, so that a list takes two words (a
    /// dispatcher holds dozens): the room's top bit says that `base` came from Swift's
    /// allocator (the hooks refused it).
    @usableFromInline var _n: UInt32 = 0
    @usableFromInline var _room: UInt32 = 0

    @inlinable public init() {}

    deinit {
        if let base {
            base.deinitialize(count: _count)
            Self.free(base, capacity: capacity, inSwiftMemory: inSwiftMemory)
        }
    }

    @inlinable var _count: Int {
        @inline(__always) get { Int(_n) }
        @inline(__always) set { _n = UInt32(truncatingIfNeeded: newValue) }
    }
    @inlinable var inSwiftMemory: Bool { _room & 0x8000_0000 != 0 }

    /// The first element's address (nil before the first append): the C API hands events
    /// to hosts by it.
    public var baseAddress: UnsafeMutablePointer<Element>? { base }
    @inlinable public var capacity: Int { Int(_room & 0x7FFF_FFFF) }
    @inlinable public var count: Int { _count }
    @inlinable public var isEmpty: Bool { _count == 0 }
    @inlinable public var indices: Range<Int> { 0..<_count }
    @inlinable
    public subscript(i: Int) -> Element {
        @inline(__always) _read {
            precondition(i >= 0 && i < _count, "index out of range")
            yield base.unsafelyUnwrapped[i]
        }
        @inline(__always) _modify {
            precondition(i >= 0 && i < _count, "index out of range")
            yield &base.unsafelyUnwrapped[i]
        }
    }

    @inlinable public var first: Element? { _count == 0 ? nil : base.unsafelyUnwrapped[0] }
    @inlinable public var last: Element? { _count == 0 ? nil : base.unsafelyUnwrapped[_count - 1] }

    @inlinable
    public mutating func append(_ x: Element) {
        if _count == capacity { grow() }
        (base.unsafelyUnwrapped + _count).initialize(to: x)
        _count += 1
    }

    @inlinable
    public mutating func removeLast() -> Element {
        precondition(_count > 0, "removeLast of an empty list")
        _count -= 1
        return (base.unsafelyUnwrapped + _count).move()
    }

    @inlinable
    public mutating func popLast() -> Element? { _count == 0 ? nil : removeLast() }

    /// Removes the element at `i`, moving the later ones down.
    @inlinable
    public mutating func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < _count, "index out of range")
        let p = base.unsafelyUnwrapped
        let x = (p + i).move()
        (p + i).moveInitialize(from: p + i + 1, count: _count - i - 1)
        _count -= 1
        return x
    }

    /// Inserts `x` at `i`, moving the later ones up.
    @inlinable
    public mutating func insert(_ x: Element, at i: Int) {
        precondition(i >= 0 && i <= _count, "index out of range")
        if _count == capacity { grow() }
        let p = base.unsafelyUnwrapped
        (p + i + 1).moveInitialize(from: p + i, count: _count - i)
        (p + i).initialize(to: x)
        _count += 1
    }

    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
        precondition(i >= 0 && i < _count && j >= 0 && j < _count, "index out of range")
        if i != j { base.unsafelyUnwrapped.swapAt(i, j) }
    }

    /// Empties the list, keeping its storage.
    @inlinable
    public mutating func removeAll() {
        if _count > 0 { base.unsafelyUnwrapped.deinitialize(count: _count) }
        _count = 0
    }

    /// Removes the elements that satisfy `predicate`, keeping the others in order.
    @inlinable
    public mutating func removeAll(where predicate: (Element) -> Bool) {
        var kept = 0
        for i in 0..<_count where !predicate(self[i]) {
            if kept != i { swapAt(kept, i) }
            kept += 1
        }
        while _count > kept { _ = removeLast() }
    }

    @inlinable
    public func contains(where predicate: (Element) -> Bool) -> Bool {
        firstIndex(where: predicate) != nil
    }

    @inlinable
    public func firstIndex(where predicate: (Element) -> Bool) -> Int? {
        for i in 0..<_count where predicate(base.unsafelyUnwrapped[i]) { return i }
        return nil
    }

    /// Sorts the elements in place by insertion, stable and without allocating: for the
    /// short lists a frame sorts (the recognizers it involves, the touches it delays).
    /// O(n^2) comparisons in the worst case.
    @inlinable
    public mutating func insertionSort(by areInIncreasingOrder: (Element, Element) -> Bool) {
        guard _count > 1 else { return }
        let p = base.unsafelyUnwrapped
        for i in 1..<_count {
            var j = i
            while j > 0 && areInIncreasingOrder(p[j], p[j - 1]) {
                p.swapAt(j, j - 1)
                j -= 1
            }
        }
    }

    /// The elements, as a Swift array (allocates: for checks and reports).
    public var array: [Element] {
        (0..<_count).map { base.unsafelyUnwrapped[$0] }
    }

    /// Appends `n` elements copied from `source` (trivial elements).
    public mutating func append(copying source: UnsafePointer<Element>, count n: Int) {
        guard n > 0 else { return }
        if _count + n > capacity { grow(to: _count + n) }
        (base.unsafelyUnwrapped + _count).initialize(from: source, count: n)
        _count += n
    }

    @inline(never) @usableFromInline
    mutating func grow(to n: Int = 0) {
        let target = Swift.max(4, capacity * 2, n)
        precondition(target < 0x8000_0000, "a list of 2^31 elements or more")
        let fresh: UnsafeMutablePointer<Element>
        let swiftMemory: Bool
        if let hooks = _ColumnAllocator.tryReallocate(UnsafeMutablePointer<Element>?.none, from: 0, to: target) {
            (fresh, swiftMemory) = (hooks, false)
        } else {
            (fresh, swiftMemory) = (UnsafeMutablePointer<Element>.allocate(capacity: target), true)
        }
        if let old = base {
            fresh.moveInitialize(from: old, count: _count)
            Self.free(old, capacity: capacity, inSwiftMemory: inSwiftMemory)
        }
        base = fresh
        _room = UInt32(target) | (swiftMemory ? 0x8000_0000 : 0)
    }

    @usableFromInline
    static func free(_ p: UnsafeMutablePointer<Element>, capacity: Int, inSwiftMemory: Bool) {
        if inSwiftMemory {
            p.deallocate()
        } else {
            _ColumnAllocator.deallocate(p, count: capacity)
        }
    }
}

@_spi(Tables)
extension HostList where Element: Equatable {
    @inlinable
    public func contains(_ x: Element) -> Bool { contains(where: { $0 == x }) }
}

/// A map of a few entries in the host's allocator hooks, found by a scan: the dispatcher's
/// drags, content delays and tracked touches, of which a frame has a handful (a scan of a
/// few keys beats hashing one). Entries have no order; removing one moves the last into
/// its place.
@_spi(Tables) @frozen
public struct HostMap<Key: Equatable, Value>: ~Copyable {
    @usableFromInline var entries = HostList<(key: Key, value: Value)>()

    @inlinable public init() {}

    @inlinable public var count: Int { entries.count }
    @inlinable public var isEmpty: Bool { entries.isEmpty }
    /// The places of the entries, for `key(at:)` and `value(at:)`.
    @inlinable public var indices: Range<Int> { entries.indices }
    @inlinable public func key(at i: Int) -> Key { entries[i].key }
    @inlinable public func value(at i: Int) -> Value { entries[i].value }

    @inlinable
    public func index(of key: Key) -> Int? {
        for i in entries.indices where entries[i].key == key { return i }
        return nil
    }

    @inlinable
    public subscript(key: Key) -> Value? {
        get { index(of: key).map { entries[$0].value } }
        set {
            if let i = index(of: key) {
                if let newValue {
                    entries[i].value = newValue
                } else {
                    removeEntry(at: i)
                }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    @inlinable @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let i = index(of: key) else { return nil }
        let v = entries[i].value
        removeEntry(at: i)
        return v
    }

    @inlinable
    mutating func removeEntry(at i: Int) {
        entries.swapAt(i, entries.count - 1)
        _ = entries.removeLast()
    }
}
