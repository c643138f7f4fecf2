import Testing

@testable import HitTestStore

@Test(
    "the radix sort orders by the upper 32 bits and keeps ties in their order, on both sides of the switch to 11-bit digits",
    arguments: [0, 1, 2, 31, 4095, 4096, 4097, 70_000])
func radixSortMatchesAStableSort(count: Int) throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
    func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
    // High halves from a few narrow ranges and the extremes, so that ties are common and
    // every digit varies; low halves are the original positions.
    let highs: [UInt32] = (0..<count).map { _ in
        switch next() % 4 {
        case 0: return UInt32(truncatingIfNeeded: next() >> 40) & 0xFF
        case 1: return UInt32.max - UInt32(truncatingIfNeeded: next() >> 60)
        case 2: return UInt32(truncatingIfNeeded: next() >> 32)
        default: return 1 << 22 | UInt32(truncatingIfNeeded: next() >> 53)
        }
    }
    var column = _Column<UInt64>(capacity: count)
    defer { column.deallocate() }
    for (k, h) in highs.enumerated() { column.append(UInt64(h) << 32 | UInt64(k)) }
    try HilbertOrder.radixSortHigh32(&column)
    let expected = highs.enumerated().sorted { a, b in
        a.element != b.element ? a.element < b.element : a.offset < b.offset
    }.map { UInt64($0.element) << 32 | UInt64($0.offset) }
    #expect(column.count == count)
    #expect(Array(column) == expected, "\(count) keys")
}

@Test(
    "the two-digit radix sort orders keys below 2^22 in the upper half and keeps ties in their order",
    arguments: [0, 1, 2, 2048, 70_000])
func radixSortHigh22MatchesAStableSort(count: Int) {
    var state: UInt64 = 0xD1B5_4A32_D192_ED03 ^ UInt64(count)
    func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
    // Both digits vary, and narrow ranges and the extremes make ties common.
    let highs: [UInt32] = (0..<count).map { _ in
        switch next() % 3 {
        case 0: return UInt32(truncatingIfNeeded: next() >> 56) & 0x3F
        case 1: return (1 << 22) - 1 - UInt32(truncatingIfNeeded: next() >> 61)
        default: return UInt32(truncatingIfNeeded: next() >> 42)
        }
    }
    var column = _Column<UInt64>(capacity: count)
    var spare = _Column<UInt64>()
    var counts = _Column<Int32>()
    defer {
        column.deallocate()
        spare.deallocate()
        counts.deallocate()
    }
    for (k, h) in highs.enumerated() { column.append(UInt64(h) << 32 | UInt64(k)) }
    HilbertOrder.radixSortHigh22(&column, spare: &spare, counts: &counts)
    let expected = highs.enumerated().sorted { a, b in
        a.element != b.element ? a.element < b.element : a.offset < b.offset
    }.map { UInt64($0.element) << 32 | UInt64($0.offset) }
    #expect(Array(column) == expected, "\(count) keys")
}
