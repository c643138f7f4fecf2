/// The store tests' seeded numbers (xorshift): `next()` 64 bits, `unit()` in [0, 1) on a
/// grid of 1/1,000,000, and `eighth(x)` rounding to a multiple of 1/8, so that edges are
/// exact and points aimed at them land exactly on them.
struct TestRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    /// The next 64 bits (xorshift64).
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }

    static func eighth(_ x: Double) -> Double { (x * 8).rounded() / 8 }
}
