/// A growable stack that hands its top elements out as an exactly sized array by moving
/// them (no retain/release per element, one allocation per array).
///
/// The reader keeps the children of every open container on one such stack: a container's
/// children are the elements from its start index up, and closing it moves them out.
final class MoveStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// How many elements are on the stack.
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `element`. Amortized O(1).
    @inline(__always)
    func push(_ element: consuming Element) {
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes the elements at `start...` and returns them in order. O(count - start).
    func popArray(from start: Int) -> [Element] {
        let n = count - start
        let array = [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
            if n > 0 {
                buffer.baseAddress!.moveInitialize(from: base + start, count: n)
            }
            initialized = n
        }
        count = start
        return array
    }

    /// Calls `body` on the elements at `start...` (valid only during the call).
    func withElements<R>(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        body(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
