import Foundation
import Logging
import Postgres

/// The test databases, for every test target that talks to PostgreSQL: the cluster of
/// `scripts/with-test-postgres.sh` (`QUARRY_TEST_DATABASE_URL`), and databases in it with
/// Quarry's migrations applied. A missing cluster is a failure, never a skip: these tests
/// are the only proof the code works against PostgreSQL.
public enum TestDatabases {
    public struct Missing: Error, CustomStringConvertible {
        public init() {}
        public var description: String {
            "QUARRY_TEST_DATABASE_URL is not set: run the tests with `make test` (or scripts/with-test-postgres.sh swift test)"
        }
    }

    /// The URL of the cluster's maintenance database.
    public static func clusterURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["QUARRY_TEST_DATABASE_URL"], !url.isEmpty else {
            throw Missing()
        }
        return url
    }

    /// The maintenance database's configuration with a pool of `poolSize`.
    public static func configuration(poolSize: Int = 4) throws -> PostgresConfiguration {
        var configuration = try PostgresConfiguration(url: try clusterURL(), variable: "QUARRY_TEST_DATABASE_URL")
        configuration.poolSize = poolSize
        return configuration
    }

    /// A pool on the maintenance database (for tests of the driver itself, on tables of their own).
    public static func pool(poolSize: Int = 4, adjust: (inout PostgresConfiguration) -> Void = { _ in }) throws -> PostgresPool {
        var configuration = try configuration(poolSize: poolSize)
        adjust(&configuration)
        return PostgresPool(configuration: configuration)
    }

    /// A name (of a table, database or folder) no other, parallel, test uses: `prefix_<random>`.
    public static func uniqueName(_ prefix: String) -> String {
        "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// The repository's root: the folder of `Package.swift` above this file.
    public static func repositoryRoot(besideSourceFile file: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: file)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// A new database named `prefix_<random>` with every migration of `db/migrations` applied,
    /// exactly as `quarry migrate` applies them.
    public static func migrated(
        prefix: String = "quarry", poolSize: Int = 6, adjust: (inout PostgresConfiguration) -> Void = { _ in }
    ) async throws -> (configuration: PostgresConfiguration, pool: PostgresPool) {
        var configuration = try configuration(poolSize: 1)
        let admin = PostgresPool(configuration: configuration)
        defer { admin.shutdown() }
        let name = uniqueName(prefix)
        try await admin.withConnection { try await $0.executeScript(unsafeSQL: "CREATE DATABASE \(SQL.quoteIdentifier(name))") }
        configuration.database = name
        configuration.poolSize = poolSize
        adjust(&configuration)
        let pool = PostgresPool(configuration: configuration, logger: Logger(label: "quarry.test.postgres"))
        let migrations = repositoryRoot().appendingPathComponent("db/migrations").path
        _ = try await PostgresMigrator(directory: migrations).migrate(on: pool)
        return (configuration, pool)
    }

    /// One migrated database shared by every test of the process that needs no database of its own.
    /// Its pool serves all of those tests at once, in parallel on a loaded machine, where a server's pool
    /// serves one stream of requests: it has the shipped size (`QUARRY_DATABASE_POOL_SIZE`, 10), and a
    /// request waits for a free connection as long as a test waits for any event (30 s, as
    /// `CommonTestSupport.eventTimeout`) instead of the pool's 5 s. Tests of the pool's own timeout use
    /// pools of their own.
    public static let shared = Task {
        try await migrated(prefix: "quarry_shared", poolSize: 10) { $0.poolWaitTimeout = .seconds(30) }
    }

    /// The shared database's pool.
    public static func sharedPool() async throws -> PostgresPool {
        try await shared.value.pool
    }
}
