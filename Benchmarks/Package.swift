// swift-tools-version: 6.1
// Engine benchmarks W0-W4 (workloads/): a package of its own so
// that the root package never depends on it and `make test` never builds it.
// Build in release: `swift build -c release --package-path Benchmarks`, or run `Benchmarks/run.sh`.
import PackageDescription

let package = Package(
    name: "QuarryBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Quarry", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "quarry-bench",
            dependencies: [.product(name: "GraphQLEngine", package: "Quarry")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
