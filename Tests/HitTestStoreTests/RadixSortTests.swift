import Testing

@testable import HitTestStore

@Test(
    "the radix sort orders by the upper 32 bits and keeps ties in their order, on both sides of the switch to 11-bit digits",
    arguments: [0, 1, 2, 31, 4095, 4096, 4097, 70_000])
func radixSortMatchesAStableSort(count: Int) throws {
    var random = TestRandom(seed: 0x9E37_79B9_7F4A_7C15 ^ UInt64(count))
    // High halves from a few narrow ranges and the extremes, so that ties are common and
    // every digit varies.
    let highs: [UInt32] = (0..<count).map { _ in
        switch random.next() % 4 {
        case 0: return UInt32(truncatingIfNeeded: random.next() >> 40) & 0xFF
        case 1: return UInt32.max - UInt32(truncatingIfNeeded: random.next() >> 60)
        case 2: return UInt32(truncatingIfNeeded: random.next() >> 32)
        default: return 1 << 22 | UInt32(truncatingIfNeeded: random.next() >> 53)
        }
    }
    try expectStableSort(highs) { (column: inout _Column<UInt64>) throws(AllocationRefused) in
        try HilbertOrder.radixSortHigh32(&column)
    }
}

@Test(
    "the two-digit radix sort orders keys below 2^22 in the upper half and keeps ties in their order",
    arguments: [0, 1, 2, 2048, 70_000])
func radixSortHigh22MatchesAStableSort(count: Int) throws {
    var random = TestRandom(seed: 0xD1B5_4A32_D192_ED03 ^ UInt64(count))
    // Both digits vary, and narrow ranges and the extremes make ties common.
    let highs: [UInt32] = (0..<count).map { _ in
        switch random.next() % 3 {
        case 0: return UInt32(truncatingIfNeeded: random.next() >> 56) & 0x3F
        case 1: return (1 << 22) - 1 - UInt32(truncatingIfNeeded: random.next() >> 61)
        default: return UInt32(truncatingIfNeeded: random.next() >> 42)
        }
    }
    var spare = _Column<UInt64>()
    var counts = _Column<Int32>()
    defer {
        spare.deallocate()
        counts.deallocate()
    }
    try expectStableSort(highs) { (column: inout _Column<UInt64>) throws(AllocationRefused) in
        HilbertOrder.radixSortHigh22(&column, spare: &spare, counts: &counts)
    }
}

/// Sorts keys whose upper halves are `highs` and lower halves their positions with `sort`,
/// and expects what a stable sort by the upper half gives.
private func expectStableSort(
    _ highs: [UInt32], sort: (inout _Column<UInt64>) throws(AllocationRefused) -> Void
) throws {
    var column = _Column<UInt64>(capacity: highs.count)
    defer { column.deallocate() }
    for (k, h) in highs.enumerated() { column.append(UInt64(h) << 32 | UInt64(k)) }
    try sort(&column)
    let expected = highs.enumerated().sorted { a, b in
        a.element != b.element ? a.element < b.element : a.offset < b.offset
    }.map { UInt64($0.element) << 32 | UInt64($0.offset) }
    #expect(column.count == highs.count)
    #expect(Array(column) == expected, "\(highs.count) keys")
}
