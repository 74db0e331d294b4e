import Administration
import Foundation
import Logging
import Postgres
import ServiceLifecycle

/// Writes one `ERROR` event per database outage (Foodstabook 2.2.3 "a lost
/// connection"), once the pool reaches the database again — the only time it
/// can be written — saying when the connection was lost and when restored;
/// the statements that failed meanwhile are `DATABASE_UNAVAILABLE` to their
/// clients and no event each.
struct DatabaseOutageService: Service {
    let pool: PostgresPool
    let logger: Logger

    func run() async throws {
        for await outage in pool.outages.cancelOnGracefulShutdown() {
            let (lost, restored) = (Self.text(outage.lostAt), Self.text(outage.restoredAt))
            do {
                try await EventLogChanges.recordError([
                    "failure": "database connection",
                    "message": "Database connection lost at \(lost), restored at \(restored).",
                    "lostAt": lost, "restoredAt": restored, "error": outage.error,
                ], database: pool)
            } catch {
                logger.error("a database outage could not be recorded in the event log", metadata: [
                    "lost_at": "\(lost)", "restored_at": "\(restored)", "error": "\(error)",
                ])
            }
        }
    }

    static func text(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
