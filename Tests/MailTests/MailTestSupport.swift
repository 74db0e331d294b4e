import Foundation
import Logging
import Mail
import Postgres
import Synchronization
import TestDatabaseSupport
import Testing

/// A fresh database per test (``TestDatabases/migrated(prefix:poolSize:adjust:)``), so tests running in
/// parallel never see each other's outbox; a pool waits up to 10 s for a connection.
func freshMailDatabase(poolSize: Int = 4) async throws -> PostgresPool {
    try await TestDatabases.migrated(prefix: "mail", poolSize: poolSize) { $0.poolWaitTimeout = .seconds(10) }.pool
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
