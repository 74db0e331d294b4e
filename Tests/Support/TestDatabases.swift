import AppCore
import Auth
import Foundation
import Logging
import Postgres

/// Databases for the App and Server tests: each test process gets its own
/// PostgreSQL database with Quarry's migrations applied, inside the cluster of
/// `scripts/with-test-postgres.sh`. A missing cluster is a failure, never a skip.
public enum TestDatabases {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "QUARRY_TEST_DATABASE_URL is not set: run the tests with `make test`" }
    }

    /// The URL of the cluster's maintenance database.
    public static func clusterURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["QUARRY_TEST_DATABASE_URL"], !url.isEmpty else {
            throw Missing()
        }
        return url
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

    /// A new database named `prefix_<random>` with every migration of `db/migrations` applied.
    public static func migrated(prefix: String = "quarry", poolSize: Int = 6) async throws -> (configuration: PostgresConfiguration, pool: PostgresPool) {
        var configuration = try PostgresConfiguration(url: try clusterURL())
        let admin = PostgresPool(configuration: configuration)
        defer { admin.shutdown() }
        let name = "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
        try await admin.withConnection { try await $0.executeScript(unsafeSQL: "CREATE DATABASE \(SQL.quoteIdentifier(name))") }
        configuration.database = name
        configuration.poolSize = poolSize
        let pool = PostgresPool(configuration: configuration, logger: Logger(label: "quarry.test.postgres"))
        let migrations = repositoryRoot().appendingPathComponent("db/migrations").path
        _ = try await PostgresMigrator(directory: migrations).migrate(on: pool)
        return (configuration, pool)
    }

    /// One migrated database shared by every test of the process that needs no database of its own.
    public static let shared = Task { try await migrated(prefix: "quarry_shared") }

    /// The shared database's pool.
    public static func sharedPool() async throws -> PostgresPool {
        try await shared.value.pool
    }

}

/// Account services for tests: a cheap argon2id cost (the OWASP cost has its
/// own tests in AuthTests) and the given settings and identity providers.
public func testAccountServices(
    settings: AccountSettings = AccountSettings(), identityProviders: [IdentityProviderConfiguration] = []
) -> AccountServices {
    AccountServices(
        settings: settings,
        hasher: PasswordHasher(parameters: Argon2Parameters(memoryKiB: 1024, iterations: 1, parallelism: 1), threads: 2),
        identities: IdentityTokenVerifier(configurations: identityProviders)
    )
}
