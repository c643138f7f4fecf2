// swift-tools-version: 6.1
import PackageDescription

// The benchmarks, in their own package so that `swift build` / `swift test` of the main
// package never build the benchmark tool. Run from this folder:
//   swift package benchmark
// See README.md.
let package = Package(
    name: "HitTestBenchmarks",
    platforms: [.macOS(.v15)],
    // Passed through to HitTestKit: `swift package --traits Jemalloc benchmark ...` runs
    // the benchmarks with the store's allocator hooks on jemalloc (compare-allocators.sh).
    traits: [.trait(name: "Jemalloc", description: "HitTestKit's store allocates with jemalloc.")],
    dependencies: [
        .package(
            name: "HitTestKit", path: "../",
            traits: [.trait(name: "Jemalloc", condition: .when(traits: ["Jemalloc"]))]),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "HitTestBenchmarks",
            dependencies: [
                .product(name: "HitTestBench", package: "HitTestKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/HitTestBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
