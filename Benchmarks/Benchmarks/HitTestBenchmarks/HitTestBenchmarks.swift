// HitTestKit benchmarks (package-benchmark). Run from `Benchmarks/`:
//   swift package benchmark
// The workloads are HitTestBench's `AllocationScenario.all`, which `hittest
// bench-allocations` counts against the same thresholds: one definition of each. Names:
// `<kind>-<shape>-<views>[-<detail>]-<engine>`, only [A-Za-z0-9_-] (a `/` breaks threshold
// checks). See ../../README.md for the list and the scale variable.

import Benchmark
import HitTestBench

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `HITTEST_BENCH_SCALE` multiplies the scene sizes (default 1: 10k and 100k views).
/// The committed malloc thresholds are for scale 1 only (names carry the size).
let scale: Int = {
    guard let s = getenv("HITTEST_BENCH_SCALE"), let v = Int(String(cString: s)), v >= 1 else {
        return 1
    }
    return v
}()

/// The number of cores the batch benchmarks use.
let cores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

/// The thresholds checked against `Thresholds/*.p90.json`: malloc counts only, never
/// time. `tolerance` is the absolute slack on the p90 malloc count of an iteration.
func mallocThresholds(tolerance: Int) -> [BenchmarkMetric: BenchmarkThresholds] {
    [.mallocCountTotal: BenchmarkThresholds(relative: [:], absolute: [.p90: tolerance])]
}

/// Results are shown per operation: per query for queries and batches.
func scaling(_ operations: Int) -> BenchmarkScalingFactor {
    switch operations {
    case 1_000_000: .mega
    case 1_000: .kilo
    default: .one
    }
}

/// No memory or OS metrics: those read /proc each iteration, and their own mallocs would
/// show in the malloc counts.
let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: metrics,
        timeUnits: .nanoseconds,
        maxDuration: .seconds(1),
        thresholds: mallocThresholds(tolerance: 0)
    )
    for scenario in AllocationScenario.all(scale: scale, cores: cores) {
        Benchmark(
            scenario.name,
            configuration: .init(
                warmupIterations: scenario.warmupIterations,
                scalingFactor: scaling(scenario.operationsPerIteration),
                maxIterations: scenario.maxIterations,
                thresholds: mallocThresholds(tolerance: scenario.tolerance))
        ) { benchmark, iterate in
            // What an iteration returns (a built store, a batch's answers) is released
            // outside the measurement.
            let kept = iterate(benchmark.scaledIterations.count)
            benchmark.stopMeasurement()
            blackHole(kept)
        } setup: {
            scenario.prepare()
        }
    }
}
