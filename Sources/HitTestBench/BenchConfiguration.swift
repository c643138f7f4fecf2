import HitTestScene

/// What a benchmark run measures, and how long it may take.
public struct BenchConfiguration: Sendable {
    /// The engines, in the order they are reported. The reference, when listed, is the
    /// baseline for `speedupVsReference`.
    public var engines: [Engine] = Engine.allCases
    /// Random points, and as many drag points, per scene.
    public var queries = 10_000
    /// Timed runs per engine and kind of points; the median is reported.
    public var repeats = 5
    /// Builds per engine; the median build time is reported.
    public var builds = 3
    /// Threads answering the fast engines' points (1: one query at a time; more: the
    /// store's batch query on that many threads). The reference always runs on one.
    public var threads = 1
    /// Points a call of the batch column answers (the random points split into batches
    /// of this size, each answered by one call); nil: all of them in one call.
    public var batchSize: Int?
    /// Seed of the points (and of generated scenes).
    public var seed: UInt64 = 1
    /// About how long one timed run of the reference may take: the reference answers as
    /// many of the points as fit (at least 10), since it is slow on big scenes by design.
    public var referenceRunSeconds = 0.2
    /// About how long the fast engines' timed runs last at least: the points are answered
    /// as many times over as needed.
    public var fastRunSeconds = 0.05
    /// About how long the reference may spend answering points for the mismatch check;
    /// the fast engines check every point against each other.
    public var referenceCheckSeconds = 4.0

    public init() {}
}
