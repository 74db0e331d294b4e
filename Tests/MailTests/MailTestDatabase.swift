import Foundation
import Logging
import Mail
import Postgres
import Synchronization
import Testing

/// A fresh database per test, migrated with the repository's `db/migrations` exactly as
/// `quarry migrate` does, so tests running in parallel never see each other's outbox.
enum MailTestDatabase {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "QUARRY_TEST_DATABASE_URL is not set: run the tests with scripts/with-test-postgres.sh swift test"
        }
    }

    static let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("db/migrations").path

    static func configuration(poolSize: Int = 4) throws -> PostgresConfiguration {
        guard let url = ProcessInfo.processInfo.environment["QUARRY_TEST_DATABASE_URL"] else { throw Missing() }
        var configuration = try PostgresConfiguration(url: url, variable: "QUARRY_TEST_DATABASE_URL")
        configuration.poolSize = poolSize
        configuration.poolWaitTimeout = .seconds(10)
        return configuration
    }

    /// A new, migrated database and a pool on it.
    static func fresh(poolSize: Int = 4) async throws -> PostgresPool {
        let admin = PostgresPool(configuration: try configuration(poolSize: 1))
        defer { admin.shutdown() }
        let name = "mail_\(UUID().uuidString.prefix(8).lowercased())"
        try await admin.withConnection { connection in
            try await connection.executeScript(unsafeSQL: "CREATE DATABASE \(SQL.quoteIdentifier(name))")
        }
        var configuration = try configuration(poolSize: poolSize)
        configuration.database = name
        let pool = PostgresPool(configuration: configuration)
        try await PostgresMigrator(directory: migrations).migrate(on: pool)
        return pool
    }
}

/// Options that keep each test to a few seconds.
func fastOptions() -> OutboxSender.Options {
    var options = OutboxSender.Options()
    options.backoffBase = .milliseconds(100)
    options.maxBackoff = .milliseconds(400)
    options.connectTimeout = .seconds(2)
    options.sendTimeout = .seconds(5)
    return options
}

/// Runs `sender` until the returned stop function is awaited (which cancels it and
/// waits for `run()` to return).
func start(_ sender: OutboxSender) -> @Sendable () async -> Void {
    let task = Task { try await sender.run() }
    return {
        task.cancel()
        _ = await task.result
    }
}

/// Polls `condition` until it holds or `timeout` passes.
func eventually(
    timeout: Duration = .seconds(10), _ what: String, _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting for: \(what)")
            return
        }
        try await Task.sleep(for: .milliseconds(25))
    }
}

/// Counts rows of the outbox matching a condition.
func count(_ pool: PostgresPool, where condition: SQL = "true") async throws -> Int {
    try await pool.query("SELECT count(*) AS n FROM mail_outbox WHERE \(condition)")[0].decode("n", as: Int.self)
}

/// Every record a `RecordingLogHandler` saw, to assert on what the sender logs.
final class LogRecords: Sendable {
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let records = Mutex<[Record]>([])

    var all: [Record] { records.withLock { $0 } }

    func append(_ record: Record) { records.withLock { $0.append(record) } }

    /// A logger writing here.
    func logger() -> Logger {
        Logger(label: "quarry.mail.test") { _ in RecordingLogHandler(records: self) }
    }
}

struct RecordingLogHandler: LogHandler {
    let records: LogRecords
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        records.append(.init(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
    }
}
