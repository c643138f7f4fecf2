/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny seeded generator whose stream depends
/// only on the seed, on every platform and Swift version. Every random choice of the
/// generators, the parity fuzzer and the tools goes through the helpers below (never
/// through the standard library's `random(in:using:)`, whose algorithm is not part of any
/// contract), so a seed reproduces the same scenes, points and changes forever.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// The SplitMix64 finaliser: a bijective scramble of 64 bits.
    public static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A seed for an independent sub-stream, derived from a seed and a label.
    public static func derive(_ seed: UInt64, _ label: UInt64) -> UInt64 {
        mix(seed ^ mix(label &+ 0x632B_E59B_D9B4_E019))
    }

    /// A generator for an independent sub-stream; this generator advances by one step.
    public mutating func fork() -> SplitMix64 {
        SplitMix64(seed: next())
    }

    /// Uniform in `0..<n` (`n > 0`), by the multiply-high method.
    public mutating func below(_ n: Int) -> Int {
        precondition(n > 0, "below(\(n))")
        return Int(next().multipliedFullWidth(by: UInt64(n)).high)
    }

    /// Uniform in the closed range.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// Uniform in `[0, 1)`, with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Uniform in `[lo, hi)`.
    public mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * unit()
    }

    /// Uniform in `[lo, hi)` (the same as `double`).
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        double(lo, hi)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// A uniformly chosen element of a non-empty array.
    public mutating func pick<T>(_ xs: [T]) -> T {
        xs[below(xs.count)]
    }

    /// An element chosen with the given weights (at least one positive).
    public mutating func weighted<T>(_ choices: [(weight: Int, value: T)]) -> T {
        let total = choices.reduce(0) { $0 + $1.weight }
        var r = below(total)
        for c in choices {
            if r < c.weight { return c.value }
            r -= c.weight
        }
        return choices[choices.count - 1].value
    }
}
