// swift-tools-version: 6.1
import PackageDescription

// Modules, one per role, arrows one way:
//   CHitTestShim (C: allocator hooks, last error) <- HitTestStore; Store, Dispatch <- HitTestCAPI
//   HitTestJSON, HitTestGeometry  <-  HitTestScene (scenes, and the engine role: Engine,
//                                     HitTestable, SceneHit, ResponderLink, CustomHitTestCode)
//   HitTestScene                  <-  HitTestReference (the oracle)
//   HitTestScene                  <-  HitTestStore (the fast engine: store, index, queries)
//   HitTestScene, HitTestStore    <-  HitTestDispatch (touches, recognizers, controls, replay)
//   HitTestReference, HitTestStore, HitTestDispatch <- HitTestBridge (the store from a
//                                     reference tree; any engine from a scene:
//                                     Engine.makeHitTester; a dispatcher on any engine)
//   HitTestScene                  <-  HitTestGenerators (seeded scene shapes, SplitMix64)
//   HitTestStore, HitTestGenerators, HitTestDispatch <- HitTestParity (random scenes and touch
//                                     streams, parity checks, shrinking)
//   HitTestScene                  <-  HitTestImport (recursiveDescription dumps to scenes)
//   HitTestReference, HitTestBridge <- HitTestExplain (why a view got the touch, or did not;
//                                     the story of one touch of a replay)
//   HitTestStore, CHitTestZlib    <-  HitTestRender (hit maps as SVG and PNG; zlib compresses)
//   HitTestBridge, HitTestGenerators <- HitTestBench (engines side by side: time, bytes, mallocs)
//   Store, Import, Bridge, CAPI   <-  HitTestFuzzing (checks run by the libFuzzer targets and tests)
//   HitTestFuzzing                <-  SceneLoaderFuzz, RecursiveDescriptionFuzz, EventsLoaderFuzz,
//                                     CAPISequenceFuzz
//   everything                    <-  HitTestCLI    <-  hittest (executable)
//   CHitTestAllocationCounter (malloc counting, C)   <-  hittest (executable) only
// HitTestKit re-exports the library modules for `import HitTestKit`.
let package = Package(
    name: "HitTestKit",
    products: [
        .library(name: "HitTestKit", targets: ["HitTestKit"]),
        // The tools behind the CLI, for hosts that want them in process: dumps to scenes,
        // why a view got a touch, hit maps as SVG, PNG and HTML.
        .library(name: "HitTestImport", targets: ["HitTestImport"]),
        .library(name: "HitTestExplain", targets: ["HitTestExplain"]),
        .library(name: "HitTestRender", targets: ["HitTestRender"]),
        // Seeded scene shapes, for the benchmarks package and other tools.
        .library(name: "HitTestGenerators", targets: ["HitTestGenerators"]),
        .library(name: "HitTestBench", targets: ["HitTestBench"]),
        .executable(name: "hittest", targets: ["hittest"]),
        // The C API (include/hittest/*.h) as a shared library for C and C++ hosts.
        .library(name: "HitTestC", type: .dynamic, targets: ["HitTestCAPI"]),
    ],
    traits: [
        // Routes the default allocator hooks to jemalloc (mallocx, rallocx, sdallocx);
        // needs Debian's libjemalloc-dev. `swift build --traits Jemalloc`.
        .trait(name: "Jemalloc", description: "Use jemalloc as the default allocator of the store."),
        // Runs the store's and the dispatcher's full invariant checks
        // (`invariantViolations()`) after every public change and every frame, and traps on
        // the first violation: O(n) a change, for tests only. `swift test --traits
        // InternalChecks`; a debug build also runs them when HITTEST_INTERNAL_CHECKS=1 is
        // set, which is how CI runs them.
        .trait(
            name: "InternalChecks",
            description:
                "Check the store's and the dispatcher's invariants after every change and frame (slow; for tests)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // `swift package generate-documentation` for the DocC catalog (.ci/check-docs.sh);
        // a command plugin only, never linked into a product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "CHitTestShim",
            cSettings: [.define("HT_USE_JEMALLOC", .when(traits: ["Jemalloc"]))],
            linkerSettings: [.linkedLibrary("jemalloc", .when(traits: ["Jemalloc"]))]),
        .target(name: "HitTestJSON"),
        .target(name: "HitTestGeometry"),
        .target(name: "HitTestScene", dependencies: ["HitTestJSON", "HitTestGeometry"]),
        .target(name: "HitTestReference", dependencies: ["HitTestGeometry", "HitTestScene"]),
        .target(
            name: "HitTestStore",
            dependencies: ["CHitTestShim", "HitTestGeometry", "HitTestScene"]),
        // The store built from a reference tree: the one library module that sees both.
        // and a dispatcher on any engine built from a scene.
        .target(
            name: "HitTestBridge",
            dependencies: ["HitTestScene", "HitTestReference", "HitTestStore", "HitTestDispatch"]),
        .target(
            name: "HitTestCAPI",
            dependencies: [
                "CHitTestShim", "HitTestGeometry", "HitTestScene", "HitTestReference",
                "HitTestStore", "HitTestDispatch",
            ]),
        .target(name: "HitTestGenerators", dependencies: ["HitTestGeometry", "HitTestScene"]),
        .target(name: "HitTestImport", dependencies: ["HitTestGeometry", "HitTestScene"]),
        .target(
            name: "HitTestExplain",
            dependencies: [
                "HitTestJSON", "HitTestGeometry", "HitTestScene", "HitTestReference", "HitTestDispatch",
                "HitTestBridge", "HitTestImport",
            ]),
        // The system zlib (Debian zlib1g-dev), for compressed PNGs.
        .systemLibrary(name: "CHitTestZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "HitTestRender",
            dependencies: ["HitTestJSON", "HitTestGeometry", "HitTestScene", "HitTestStore", "CHitTestZlib"]),
        .target(
            name: "HitTestBench",
            dependencies: [
                "HitTestJSON", "HitTestGeometry", "HitTestScene", "HitTestReference", "HitTestStore",
                "HitTestDispatch", "HitTestBridge", "HitTestGenerators",
            ]),
        // Replaces malloc and friends to count them: linked into the executable only, never
        // into a library a host would load.
        .target(name: "CHitTestAllocationCounter"),
        .target(
            name: "HitTestDispatch",
            dependencies: ["HitTestJSON", "HitTestGeometry", "HitTestScene", "HitTestStore"]),
        .target(
            name: "HitTestFuzzing",
            dependencies: [
                "HitTestGeometry", "HitTestScene", "HitTestReference", "HitTestStore", "HitTestImport",
                "HitTestDispatch", "HitTestBridge", "HitTestCAPI", "CHitTestShim",
            ]),
        .executableTarget(
            name: "SceneLoaderFuzz", dependencies: ["HitTestFuzzing"], path: "Tests/Fuzz/SceneLoaderFuzz"),
        .executableTarget(
            name: "RecursiveDescriptionFuzz", dependencies: ["HitTestFuzzing"],
            path: "Tests/Fuzz/RecursiveDescriptionFuzz"),
        .executableTarget(
            name: "EventsLoaderFuzz", dependencies: ["HitTestFuzzing"], path: "Tests/Fuzz/EventsLoaderFuzz"),
        .executableTarget(
            name: "CAPISequenceFuzz", dependencies: ["HitTestFuzzing"], path: "Tests/Fuzz/CAPISequenceFuzz"),
        .target(
            name: "HitTestParity",
            dependencies: [
                "HitTestJSON", "HitTestGeometry", "HitTestScene", "HitTestReference", "HitTestStore",
                "HitTestBridge", "HitTestGenerators", "HitTestDispatch",
            ]),
        .target(
            name: "HitTestKit",
            dependencies: [
                "HitTestJSON", "HitTestGeometry", "HitTestScene", "HitTestReference", "HitTestStore",
                "HitTestBridge", "HitTestDispatch",
            ]
        ),
        .target(
            name: "HitTestCLI",
            dependencies: [
                "HitTestKit", "HitTestParity", "HitTestGenerators", "HitTestImport", "HitTestExplain",
                "HitTestRender", "HitTestBench", "CHitTestShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Release builds link the Swift runtime and Foundation into the executable: loading
        // and binding a dozen shared libraries is most of the fixed cost of a process (a
        // query on a small scene takes half the time). Debug builds, which tests use, link
        // them as shared libraries.
        .executableTarget(
            name: "hittest", dependencies: ["HitTestCLI", "HitTestBench", "CHitTestAllocationCounter"],
            linkerSettings: [
                .unsafeFlags(
                    // The static libraries Foundation's shared one names as its own
                    // dependencies (the modules were compiled against the shared ones).
                    [
                        "-static-stdlib", "-lFoundationInternationalization", "-lFoundationEssentials",
                        "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCollections",
                        "-l_FoundationCShims", "-lswiftSynchronization",
                    ],
                    .when(configuration: .release))
            ]),

        .testTarget(name: "HitTestJSONTests", dependencies: ["HitTestJSON"]),
        .testTarget(name: "HitTestGeometryTests", dependencies: ["HitTestGeometry"]),
        .testTarget(name: "HitTestSceneTests", dependencies: ["HitTestScene", "HitTestReference"]),
        .testTarget(name: "HitTestReferenceTests", dependencies: ["HitTestReference"]),
        .testTarget(name: "HitTestStoreTests", dependencies: ["HitTestStore", "HitTestReference", "CHitTestShim"]),
        .testTarget(name: "HitTestImportTests", dependencies: ["HitTestImport", "HitTestReference"]),
        .testTarget(name: "HitTestExplainTests", dependencies: ["HitTestExplain", "HitTestGenerators", "HitTestImport", "HitTestReference"]),
        .testTarget(
            name: "HitTestRenderTests",
            dependencies: ["HitTestJSON", "HitTestRender", "HitTestReference", "CHitTestZlib"]),
        .testTarget(
            name: "HitTestGeneratorsTests",
            dependencies: ["HitTestGenerators", "HitTestReference", "HitTestStore", "HitTestParity"]),
        .testTarget(name: "HitTestFuzzingTests", dependencies: ["HitTestFuzzing"]),
        .testTarget(
            name: "HitTestCAPITests",
            dependencies: [
                "HitTestCAPI", "CHitTestShim", "HitTestDispatch", "HitTestBridge", "HitTestParity",
                "HitTestGenerators",
            ]),
        .testTarget(
            name: "HitTestBenchTests",
            dependencies: ["HitTestBench", "HitTestGenerators", "CHitTestAllocationCounter"]),
        .testTarget(
            name: "HitTestParityTests",
            dependencies: [
                "HitTestParity", "HitTestGenerators",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "HitTestDispatchTests",
            dependencies: ["HitTestDispatch", "HitTestBridge", "HitTestGenerators", "HitTestParity"]),
        .testTarget(
            name: "HitTestCLITests",
            dependencies: ["HitTestKit", "HitTestCLI", "HitTestBench", "hittest", "CHitTestAllocationCounter"],
            exclude: ["Fixtures"]),
    ]
)

// A build of some test targets only: HITTEST_TEST_TARGETS names them (separated by spaces
// or commas), and the package then holds those, the targets they depend on, and the
// products made of those alone. CI's sanitizer runs use it so that each builds what its
// suites reach (`swift test` builds every target of the package, executables included).
// Unset, as users build, the package is whole.
if let chosen = Context.environment["HITTEST_TEST_TARGETS"] {
    let names = chosen.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
    for name in names where byName[name]?.type != .test {
        fatalError("HITTEST_TEST_TARGETS: \(name) is not a test target of this package")
    }
    var kept = Set<String>()
    var pending = names
    while let name = pending.popLast() {
        guard let target = byName[name], kept.insert(name).inserted else { continue }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
            default: break
            }
        }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll { product in
        let targets =
            (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
        return !targets.allSatisfy(kept.contains)
    }
}
