// swift-tools-version: 6.1
import PackageDescription

// A query loop to profile under callgrind: builds one engine over a generated scene, then
// answers N points in `queryLoop`, a function of its own, so that the profiler can count
// exactly the instructions of the queries (see ../profile-query.sh).
let package = Package(
    name: "QueryLoop",
    dependencies: [.package(name: "HitTestKit", path: "../../")],
    targets: [
        .executableTarget(
            name: "query-loop",
            dependencies: [
                .product(name: "HitTestKit", package: "HitTestKit"),
                .product(name: "HitTestGenerators", package: "HitTestKit"),
            ])
    ]
)
