/// A workload's heap allocations an iteration, counted with the process's counter.
public struct AllocationCount: Sendable, Equatable {
    /// The workload's name.
    public let name: String
    /// Iterations counted (after the warm-up).
    public let iterations: Int
    /// The 90th percentile of the allocations of an iteration: what thresholds hold.
    public let p90: Int
    /// The most allocations of any iteration.
    public let max: Int
}

/// How a count compares with its committed threshold.
public enum AllocationVerdict: Sendable, Equatable {
    /// No threshold is committed for the workload.
    case noThreshold
    /// Above the threshold plus the workload's tolerance: a failure.
    case above(threshold: Int, tolerance: Int)
    /// Within the tolerance above the threshold, or equal to it.
    case within(threshold: Int, tolerance: Int)
    /// Below the threshold: the threshold should follow.
    case below(threshold: Int)

    /// The verdict on a p90 count, given the committed threshold (nil: none) and the
    /// workload's tolerance.
    public init(count: Int, threshold: Int?, tolerance: Int) {
        guard let threshold else {
            self = .noThreshold
            return
        }
        if count > threshold + tolerance {
            self = .above(threshold: threshold, tolerance: tolerance)
        } else if count < threshold {
            self = .below(threshold: threshold)
        } else {
            self = .within(threshold: threshold, tolerance: tolerance)
        }
    }
}

extension AllocationScenario {
    /// Prepares the workload, runs its warm-up, then counts the allocations of each
    /// iteration until `maxIterations` or `seconds` have passed (at least one iteration).
    /// What an iteration returns is released after its count is read, as the benchmarks
    /// leave a built store's release out of the measurement.
    public func countAllocations(with counter: AllocationCounter, seconds: Double = 0.1)
        -> AllocationCount
    {
        let iterate = prepare()
        for _ in 0..<warmupIterations { _keep(iterate(operationsPerIteration)) }
        var counts: [Int] = []
        counts.reserveCapacity(min(maxIterations, 1_024))
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int(seconds * 1_000))
        while counts.count < maxIterations && (counts.isEmpty || clock.now < end) {
            let before = counter.allocations()
            let kept = iterate(operationsPerIteration)
            let after = counter.allocations()
            _keep(kept)
            counts.append(Int(after &- before))
        }
        let sorted = counts.sorted()
        // The nearest-rank 90th percentile: the smallest count that at least 90 % of the
        // iterations do not exceed.
        let rank = (sorted.count * 9 + 9) / 10
        return AllocationCount(
            name: name, iterations: sorted.count, p90: sorted[rank - 1], max: sorted.last!)
    }
}
