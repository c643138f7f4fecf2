/// What one fuzz input revealed: an empty list when every property held.
///
/// The fuzz executables trap on a non-empty list (so that libFuzzer keeps the input as a
/// crash); the regression tests run the same checks on the committed corpus and on every
/// input that once failed, and expect an empty list.
public struct FuzzReport: Sendable {
    public private(set) var problems: [String] = []

    public init() {}

    /// Records `message` when `condition` is false.
    mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { problems.append(message()) }
    }

    mutating func fail(_ message: String) {
        problems.append(message)
    }

    public var isClean: Bool { problems.isEmpty }
}

/// Derives a few points from the input, spread over `area`, so that checks that query a
/// scene ask about different places for different inputs.
func fuzzPoints(_ bytes: [UInt8], in area: (x: Double, y: Double, w: Double, h: Double))
    -> [(Double, Double)]
{
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes.prefix(256) { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    var out: [(Double, Double)] = []
    for _ in 0..<16 {
        h = h &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let u = Double(h >> 11) / Double(1 << 53)
        h = h &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let v = Double(h >> 11) / Double(1 << 53)
        out.append((area.x + u * area.w, area.y + v * area.h))
    }
    return out
}
