// swift-tools-version:6.0
// The peer of issue 17 ("The peer, side by side"): what a Swift team would pick instead of Quarry —
// Graphiti + GraphQLSwift on Hummingbird 2 with PostgresNIO — and the bare Hummingbird handler, the ceiling.
// A package of its own so that `make test` never builds it; Benchmarks/http/measure-peer.sh builds and runs it.
import PackageDescription

let package = Package(
    name: "Peer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/GraphQLSwift/Graphiti.git", exact: "3.1.0"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", exact: "4.3.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "bare-handler",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
        .executableTarget(
            name: "peer-server",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Graphiti", package: "Graphiti"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ]
)
