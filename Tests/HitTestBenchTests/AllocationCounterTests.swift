import CHitTestAllocationCounter
import Testing

/// The C counter `hittest bench` installs: it must see Swift's allocations and frees.
@Suite struct AllocationCounterTests {
    @Test(.enabled(if: ht_allocation_counter_available() != 0, "sanitizer build: no counter"))
    func countsAllocationsAndHeldBytes() {
        let count0 = ht_allocation_count()
        let bytes0 = ht_allocated_bytes()
        var held: [[UInt8]] = []
        held.reserveCapacity(100)
        let count1 = ht_allocation_count()
        for i in 0..<100 { held.append([UInt8](repeating: UInt8(i), count: 10_000)) }
        let count2 = ht_allocation_count()
        let bytes2 = ht_allocated_bytes()
        // Other tests run on other threads, so only lower bounds hold exactly.
        #expect(count1 >= count0 + 1)
        #expect(count2 >= count1 + 100)
        #expect(bytes2 - bytes0 >= 1_000_000 - 1_000_000 / 2)  // Others may free meanwhile.
        #expect(held.map { Int($0[9_999]) }.reduce(0, +) == 4950)
    }

    @Test(.enabled(if: ht_allocation_counter_available() != 0, "sanitizer build: no counter"))
    func aBigBlockIsHeldUntilFreed() {
        // A single 64 MiB block dwarfs anything the other tests do at the same time.
        let size = 64 << 20
        let before = ht_allocated_bytes()
        let p = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        let during = ht_allocated_bytes()
        p.deallocate()
        let after = ht_allocated_bytes()
        #expect(during - before >= Int64(size) - (8 << 20))
        #expect(during - after >= Int64(size) - (8 << 20))
    }
}
