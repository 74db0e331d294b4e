// swift-tools-version: 6.1
// Quarry: a GraphQL API server over PostgreSQL.
// The engine (GraphQLLanguage ← GraphQLType ← GraphQLValidation ← GraphQLExecution)
// depends on nothing else; the server targets add libpq, Hummingbird and friends.
import PackageDescription

/// `QUARRY_ENGINE_ONLY=1 swift test` builds and tests the engine alone, without
/// the server's dependencies: the engine is a library in its own right, and this
/// keeps its edit-compile-test loop short on a 2-core machine.
let engineOnly = Context.environment["QUARRY_ENGINE_ONLY"] == "1"

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let engineTargets: [Target] = [
    .target(name: "GraphQLLanguage", swiftSettings: strict),
    .target(name: "GraphQLType", dependencies: ["GraphQLLanguage"], swiftSettings: strict),
    .target(name: "GraphQLValidation", dependencies: ["GraphQLLanguage", "GraphQLType"], swiftSettings: strict),
    .target(
        name: "GraphQLExecution",
        dependencies: ["GraphQLLanguage", "GraphQLType", "GraphQLValidation"],
        swiftSettings: strict
    ),
    // Shared by every test target, so it depends on nothing: the workload files of
    // Benchmarks/workloads, and bounded waits.
    .target(name: "CommonTestSupport", path: "Tests/CommonSupport", swiftSettings: strict),
    .testTarget(
        name: "GraphQLLanguageTests",
        dependencies: [
            "GraphQLLanguage", "CommonTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ],
        swiftSettings: strict
    ),
    .testTarget(name: "GraphQLTypeTests", dependencies: ["GraphQLType", "CommonTestSupport"], swiftSettings: strict),
    .testTarget(name: "GraphQLValidationTests", dependencies: ["GraphQLValidation", "CommonTestSupport"], swiftSettings: strict),
    .testTarget(name: "GraphQLExecutionTests", dependencies: ["GraphQLExecution", "CommonTestSupport"], swiftSettings: strict),
]

let serverTargets: [Target] = [
    .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
    .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
    // zxcvbn-c has no .pc file; its module map links the library by name.
    .systemLibrary(name: "CZxcvbn", providers: [.apt(["libzxcvbn-dev"])]),
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(
        name: "Postgres",
        dependencies: ["CLibPQ", .product(name: "Logging", package: "swift-log")],
        swiftSettings: strict
    ),
    .target(
        name: "Auth",
        dependencies: [
            "CArgon2", "COpenSSL", "CZxcvbn",
            .product(name: "JWTKit", package: "jwt-kit"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ],
        swiftSettings: strict
    ),
    .target(
        name: "Mail",
        dependencies: [
            "CCurl", "Postgres",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        swiftSettings: strict
    ),
    // The apps' code: one target per area over a small core, assembled by App
    // (ARCHITECTURE.md "Targets"). An area reaches another only through its
    // `package` declarations, and only in this direction:
    // AppCore ← Accounts ← Friends ← ScreenCache ← App, and AppCore ← Accounts ← Administration ← App,
    // AppCore ← Accounts ← Feed ← App, AppCore ← Accounts ← Foodstabook ← App, AppCore ← Cards ← App,
    // AppCore ← Food ← App.
    .target(
        name: "AppCore",
        dependencies: [
            "GraphQLExecution", "Postgres", "Auth", "CVips", "CZlib", "COpenSSL",
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: strict
    ),
    .target(
        name: "Accounts",
        dependencies: ["AppCore", "GraphQLExecution", "Postgres", "Auth", "Mail", .product(name: "Logging", package: "swift-log")],
        swiftSettings: strict
    ),
    .target(name: "Friends", dependencies: ["AppCore", "Accounts", "GraphQLExecution", "Postgres"], swiftSettings: strict),
    .target(
        name: "ScreenCache",
        dependencies: ["AppCore", "Accounts", "Friends", "GraphQLExecution", "Postgres", "Auth"],
        swiftSettings: strict
    ),
    .target(
        name: "Administration",
        dependencies: [
            "AppCore", "Accounts", "GraphQLExecution", "Postgres", "Auth", .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: strict
    ),
    .target(name: "Feed", dependencies: ["AppCore", "Accounts", "GraphQLExecution", "Postgres", "Auth"], swiftSettings: strict),
    .target(name: "Foodstabook", dependencies: ["AppCore", "Accounts", "GraphQLExecution", "Postgres", "Auth"], swiftSettings: strict),
    .target(name: "Cards", dependencies: ["AppCore", "GraphQLExecution", "Postgres"], swiftSettings: strict),
    .target(name: "Food", dependencies: ["AppCore", "GraphQLExecution", "Postgres"], swiftSettings: strict),
    .target(
        name: "App",
        dependencies: [
            "AppCore", "Accounts", "Friends", "ScreenCache", "Administration", "Feed", "Foodstabook", "Cards", "Food",
            "GraphQLExecution", "Postgres", "Auth", "Mail", "COpenSSL",
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: strict
    ),
    .target(
        name: "Server",
        dependencies: [
            "App",
            "AppCore",
            "Accounts",
            "Administration",
            "ScreenCache",
            "Feed",
            "Foodstabook",
            "Food",
            "Auth",
            "Mail",
            "Postgres",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "_NIOFileSystem", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        swiftSettings: strict
    ),
    .executableTarget(
        name: "quarry",
        dependencies: ["Server", .product(name: "ArgumentParser", package: "swift-argument-parser")],
        swiftSettings: strict
    ),
    // The test databases (the cluster of scripts/with-test-postgres.sh, migrated databases in it), for every
    // test target that talks to PostgreSQL; it depends on the driver alone.
    .target(
        name: "TestDatabaseSupport",
        dependencies: ["Postgres", .product(name: "Logging", package: "swift-log")],
        path: "Tests/DatabaseSupport",
        swiftSettings: strict
    ),
    .testTarget(name: "PostgresTests", dependencies: ["Postgres", "TestDatabaseSupport", "CommonTestSupport"], swiftSettings: strict),
    .testTarget(name: "AuthTests", dependencies: ["Auth", "CommonTestSupport"], swiftSettings: strict),
    .testTarget(
        name: "MailTests",
        dependencies: [
            "Mail", "Postgres", "TestDatabaseSupport", "CommonTestSupport",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        exclude: ["Support"],
        swiftSettings: strict
    ),
    .testTarget(name: "QuarryCommandTests", dependencies: ["quarry"], swiftSettings: strict),
    // Shared by the App and Server tests: `TestService`, the one way to start Quarry's GraphQL service on a
    // migrated test database, sign users up, make them friends, post GraphQL and read the response.
    .target(
        name: "QuarryTestSupport",
        dependencies: [
            "App", "AppCore", "Accounts", "Auth", "Postgres", "GraphQLExecution", "GraphQLType", "TestDatabaseSupport",
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/Support",
        swiftSettings: strict
    ),
    .testTarget(
        name: "AppTests",
        dependencies: [
            "App", "AppCore", "Accounts", "Administration", "Feed", "Foodstabook", "Cards", "Food", "Friends", "ScreenCache",
            "GraphQLType", "QuarryTestSupport", "Mail",
            "TestDatabaseSupport",
            "CommonTestSupport", .product(name: "JWTKit", package: "jwt-kit"), .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: strict
    ),
    .testTarget(
        name: "ServerTests",
        dependencies: [
            "Server", "App", "AppCore", "Accounts", "Friends", "ScreenCache",
            "QuarryTestSupport",
            "TestDatabaseSupport",
            "CommonTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ],
        swiftSettings: strict
    ),
]

let engineDependencies: [Package.Dependency] = [
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
]

let serverDependencies: [Package.Dependency] = [
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
]

let package = Package(
    name: "Quarry",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GraphQLEngine", targets: ["GraphQLLanguage", "GraphQLType", "GraphQLValidation", "GraphQLExecution"]),
    ] + (engineOnly ? [] : [.executable(name: "quarry", targets: ["quarry"])]),
    dependencies: engineDependencies + (engineOnly ? [] : serverDependencies),
    targets: engineTargets + (engineOnly ? [] : serverTargets),
    swiftLanguageModes: [.v6]
)
