import Testing

@testable import HitTestStore

/// The fallible paths of index builds, refused for real: a block too large for any
/// allocator (2^59 bytes) is refused by the default hooks as by a host's, with no
/// allocator set (which would be the whole test process's). The C fault-injection test,
/// CTests/c/test_out_of_memory.c, refuses every allocation of a scripted host in turn.
@Suite("store: an allocator that refuses (OutOfMemory)")
struct AllocationRefusalTests {
    static let tooMany = 1 << 56

    @Test("a refused reservation throws the bytes and leaves the column as it was")
    func columnReserve() {
        var column = _Column<UInt64>()
        defer { column.deallocate() }
        for k in 0..<10 { column.append(UInt64(k)) }
        let (base, capacity) = (column.base, column.capacity)
        #expect(throws: AllocationRefused(bytes: AllocationRefusalTests.tooMany * 8)) {
            try column.reserve(AllocationRefusalTests.tooMany)
        }
        #expect(column.base == base && column.capacity == capacity)
        #expect(Array(column) == (0..<10).map { UInt64($0) })
    }

    @Test("a screen index build whose lane map is refused throws before it writes an entry")
    func screenIndexBuild() {
        var boxes = _Column<Box>()
        var slots = _Column<Int32>()
        defer {
            boxes.deallocate()
            slots.deallocate()
        }
        for k in 0..<100 {
            let (x, y) = (Float(k % 10) * 10, Float(k / 10) * 10)
            boxes.append(Box(minX: x, minY: y, maxX: x + 8, maxY: y + 8))
            slots.append(Int32(k))
        }
        var index = ScreenIndex()
        defer { index.deallocate() }
        index.keepsLaneMap = true
        #expect(throws: AllocationRefused.self) {
            try index.build(boxes: boxes, slots: slots, slotCount: AllocationRefusalTests.tooMany)
        }
        #expect(index.small.packed.leafCount == 0 && index.large.packed.leafCount == 0)
        // Built with room, the same index answers.
        #expect(throws: Never.self) { try index.build(boxes: boxes, slots: slots, slotCount: 100) }
        #expect(index.count == 100)
    }

    @Test("a refit's lane map that is refused throws with the index as it was")
    func laneMap() throws {
        var boxes = _Column<Box>()
        var slots = _Column<Int32>()
        defer {
            boxes.deallocate()
            slots.deallocate()
        }
        for k in 0..<20 {
            boxes.append(Box(minX: Float(k), minY: 0, maxX: Float(k) + 1, maxY: 1))
            slots.append(Int32(k))
        }
        var index = ScreenIndex()
        defer { index.deallocate() }
        try index.build(boxes: boxes, slots: slots, slotCount: 20)
        #expect(throws: AllocationRefused.self) {
            _ = try index.lane(ofSlot: 3, slotCount: AllocationRefusalTests.tooMany)
        }
        #expect(!index.keepsLaneMap && index.laneOfSlot.count == 0)
        #expect(try !index.lane(ofSlot: 3, slotCount: 20).isNone)
        #expect(index.keepsLaneMap)
    }
}
