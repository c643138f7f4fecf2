import Testing

@testable import HitTestCAPI

/// The one table kind behind the C ids of worlds, dispatchers and gestures.
@Suite("C API: the id pool")
struct IDPoolTests {
    @Test("a freed slot's old id is stale, the lowest free slot is reused, the limit holds")
    func slotsAndGenerations() {
        var pool = _IDPool<UInt16, String>(limit: 3)
        let a = pool.insert { slot, generation in "a\(slot):\(generation)" }
        let b = pool.insert { slot, generation in "b\(slot):\(generation)" }
        #expect(a == 0 && b == 1)
        #expect(pool.value(at: 0, generation: 1) == "a0:1")
        pool.remove(at: 0)
        #expect(pool.value(at: 0, generation: 1) == nil, "the old id is stale")
        #expect(pool[0] == nil)
        let c = pool.insert { slot, generation in "c\(slot):\(generation)" }
        #expect(c == 0, "the lowest free slot")
        #expect(pool.value(at: 0, generation: 2) == "c0:2")
        #expect(pool.insert { _, _ in "d" } == 2)
        #expect(pool.insert { _, _ in "e" } == nil, "three slots at most")
        #expect(pool.value(at: 7, generation: 1) == nil && pool.value(at: -1, generation: 1) == nil)
        pool.removeAll()
        #expect((0..<3).allSatisfy { pool[$0] == nil })
        #expect(pool.generation(of: 0) == 3 && pool.generation(of: 1) == 2)
    }

    @Test("a generation that wraps skips 0, so no live id is all zero")
    func wrapSkipsZero() {
        var pool = _IDPool<UInt8, Int>()
        for _ in 0..<255 {
            _ = pool.insert { _, _ in 1 }
            pool.remove(at: 0)
        }
        #expect(pool.generation(of: 0) == 1, "255 removals: 1 ... 255, then 1 again")
        _ = pool.insert { _, g in Int(g) }
        #expect(pool[0] == 1)
    }
}
