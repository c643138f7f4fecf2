@_spi(Tables) import HitTestStore

/// A timer of a recognizer: a tap's limits, a long press's duration, a scroll view's
/// content delay (on its pan).
struct _Timer {
    var due: Double
    /// Order of scheduling: of two timers due at the same time, the first scheduled fires
    /// first.
    var seq: Int
    var recognizer: RecognizerID
    var tag: Int
    /// The recognizer's `timerGeneration` when it was scheduled: a timer fires only while
    /// they are equal (the world may reset the recognizer between popping a timer and
    /// firing it).
    var generation: Int
}

/// The pending timers, a binary min-heap on (due, seq): the next one is read in O(1),
/// added and taken in O(log n). A recognizer's timers leave the queue when its
/// generation moves on (`removeAll(of:)`: its kind drops them, it resets, it is
/// retired), so every timer here is one that can still fire.
struct _TimerQueue: ~Copyable {
    private(set) var heap = HostList<_Timer>()
    private var nextSeq = 0

    var isEmpty: Bool { heap.isEmpty }

    /// The timer that fires next, if it is due at or before `limit`.
    func next(upTo limit: Double) -> _Timer? {
        guard let first = heap.first, first.due <= limit else { return nil }
        return first
    }

    /// Schedules a timer after every one scheduled before it at the same time.
    mutating func add(due: Double, recognizer: RecognizerID, tag: Int, generation: Int) {
        heap.append(
            _Timer(due: due, seq: nextSeq, recognizer: recognizer, tag: tag, generation: generation)
        )
        nextSeq += 1
        siftUp(heap.count - 1)
    }

    /// Takes the timer that fires next (the queue must not be empty).
    mutating func removeFirst() -> _Timer {
        assert(!heap.isEmpty, "no timer to take")
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        if !heap.isEmpty { siftDown(0) }
        return first
    }

    /// Drops every timer of the recognizer: O(n) when it has one, a scan otherwise.
    mutating func removeAll(of id: RecognizerID) {
        guard heap.contains(where: { $0.recognizer == id }) else { return }
        heap.removeAll(where: { $0.recognizer == id })
        var i = heap.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }

    /// Whether `a` fires before `b`.
    @inline(__always) private static func precedes(_ a: _Timer, _ b: _Timer) -> Bool {
        a.due < b.due || (a.due == b.due && a.seq < b.seq)
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.precedes(heap[i], heap[parent]) else { return }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let l = 2 * i + 1
            guard l < heap.count else { return }
            var m = l
            if l + 1 < heap.count && Self.precedes(heap[l + 1], heap[l]) { m = l + 1 }
            guard Self.precedes(heap[m], heap[i]) else { return }
            heap.swapAt(i, m)
            i = m
        }
    }

    /// What is wrong with the heap order (empty when nothing).
    func violations() -> [String] {
        var out: [String] = []
        for i in heap.indices.dropFirst() where Self.precedes(heap[i], heap[(i - 1) / 2]) {
            out.append("timer heap: entry \(i) fires before its parent \((i - 1) / 2)")
        }
        return out
    }
}
