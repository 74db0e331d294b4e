import AppCore
import Foundation
import Postgres

/// The event log's writes outside the account operations: the server's own
/// `ERROR` events, and the archive (issue 13 "Event logs"), where old rows
/// move to `event_log_archive`, which has the same shape and is read by
/// `eventLogs(archived: true)`. The job runner runs ``archive(olderThanDays:database:)``
/// daily (Sources/Server/Jobs/ScheduledJobs.swift).
package enum EventLogChanges {
    /// Rows moved per statement: each batch is its own short transaction, so
    /// writers of new events never wait long on the archive.
    static let batchSize = 1_000

    /// Records an `ERROR` event about no account and no request (Foodstabook
    /// 2.2.3: a service failing at start-up, a lost database connection, a
    /// crash), `details` saying what failed and when.
    package static func recordError(_ details: [String: String], database: PostgresPool) async throws {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: details, options: [.sortedKeys]), as: UTF8.self)
        _ = try await database.execute("INSERT INTO event_log (type, details) VALUES ('ERROR', \(json)::jsonb)")
    }

    /// Moves the events older than `days` days to the archive, batch by batch,
    /// and answers how many moved. Two runs at once each move distinct rows
    /// (`FOR UPDATE SKIP LOCKED`), so the total is right either way.
    package static func archive(olderThanDays days: Int, database: PostgresPool) async throws -> Int {
        guard days >= 1 else {
            throw ClientError.invalidInput([("olderThanDays", "Archive events at least 1 day old.")])
        }
        var moved = 0
        while true {
            let rows = try await database.query("""
                WITH batch AS (
                    DELETE FROM event_log WHERE id IN (
                        SELECT id FROM event_log WHERE at < now() - make_interval(days => \(days)::int)
                        ORDER BY id LIMIT \(batchSize) FOR UPDATE SKIP LOCKED
                    )
                    RETURNING id, uid, type, user_id, at, ip, user_agent, details
                ), archived AS (
                    INSERT INTO event_log_archive (id, uid, type, user_id, at, ip, user_agent, details)
                    SELECT * FROM batch
                )
                SELECT (SELECT count(*) FROM batch) AS moved
                """)
            let batch = try rows[0].decode("moved", as: Int.self)
            moved += batch
            if batch < batchSize { return moved }
        }
    }
}
