// swift-tools-version: 6.1
// A package that depends on HitTestKit as a user's package does (by path here; by URL and
// version in a real one), to check that the products are enough: `.ci/run` builds and runs
// it. The `name:` gives the dependency the identity of the package, not of its folder.
import PackageDescription

let package = Package(
    name: "SwiftConsumer",
    dependencies: [.package(name: "HitTestKit", path: "../..")],
    targets: [
        .executableTarget(
            name: "swift-consumer",
            dependencies: [
                .product(name: "HitTestKit", package: "HitTestKit"),
                .product(name: "HitTestImport", package: "HitTestKit"),
                .product(name: "HitTestExplain", package: "HitTestKit"),
            ])
    ]
)
