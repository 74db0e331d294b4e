import Foundation
import Postgres
import Testing

/// The test database from `scripts/with-test-postgres.sh`. A missing URL is a failure,
/// never a skip: these tests are the only proof the module works against PostgreSQL.
enum TestDatabase {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "QUARRY_TEST_DATABASE_URL is not set: run the tests with scripts/with-test-postgres.sh swift test"
        }
    }

    static func configuration(poolSize: Int = 4) throws -> PostgresConfiguration {
        guard let url = ProcessInfo.processInfo.environment["QUARRY_TEST_DATABASE_URL"] else { throw Missing() }
        var configuration = try PostgresConfiguration(url: url, variable: "QUARRY_TEST_DATABASE_URL")
        configuration.poolSize = poolSize
        configuration.poolWaitTimeout = .seconds(5)
        return configuration
    }

    static func pool(poolSize: Int = 4, adjust: (inout PostgresConfiguration) -> Void = { _ in }) throws -> PostgresPool {
        var configuration = try configuration(poolSize: poolSize)
        adjust(&configuration)
        return PostgresPool(configuration: configuration)
    }

    /// A table name no other (parallel) test uses.
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
    }
}
