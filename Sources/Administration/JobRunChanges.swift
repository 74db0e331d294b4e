import AppCore
import Foundation
import Postgres

/// A scheduled job's run, as far as ``JobRunChanges/claim(_:period:on:)`` decided it.
package struct JobRunClaim: Sendable {
    /// The run this instance recorded and must now do; nil when the job already ran in this period.
    package let runID: UUID?
    /// How long until the job's next period begins, by the database's clock.
    package let untilNextPeriod: Duration
}

/// The job runner's writes on `job_runs` (issue 13 "Scheduled jobs"): with
/// several instances, each job runs once per period. An instance takes the
/// job's advisory lock (``lock(_:on:)``, the session's, so it goes when the
/// runner's connection does, even if the instance dies), then ``claim(_:period:on:)``
/// records a run only if none started in the current period, so an instance that
/// gets the lock after another one released it finds that run and does nothing.
package enum JobRunChanges {
    /// The job's advisory lock key, computed by PostgreSQL so that every
    /// instance, whatever its build, agrees on it.
    private static func key(_ name: String) -> SQL {
        "hashtextextended('quarry_job:' || \(name), 0)"
    }

    /// Takes the session-level advisory lock of the job `name` without
    /// waiting; false when another instance holds it (and is running the job).
    package static func lock(_ name: String, on connection: PostgresConnection) async throws -> Bool {
        try await connection.query("SELECT pg_try_advisory_lock(\(key(name))) AS locked")[0].decode("locked", as: Bool.self)
    }

    /// Releases what ``lock(_:on:)`` took.
    package static func unlock(_ name: String, on connection: PostgresConnection) async throws {
        _ = try await connection.execute("SELECT pg_advisory_unlock(\(key(name)))")
    }

    /// Records the start of a run of `name` unless one started in the current
    /// period; call it holding the job's lock. Periods are counted from the Unix
    /// epoch on the database's clock, so every instance agrees where one begins
    /// (a daily job's period starts at midnight UTC). The statement runs after
    /// the lock was taken, so it sees a run another instance committed before
    /// releasing the lock.
    package static func claim(_ name: String, period: Duration, on connection: PostgresConnection) async throws -> JobRunClaim {
        let seconds = period.inSeconds
        let row = try await connection.query("""
            WITH period AS (
                SELECT to_timestamp(floor(extract(epoch FROM now()) / \(seconds)) * \(seconds)) AS start
            ), run AS (
                INSERT INTO job_runs (name) SELECT \(name) FROM period p
                WHERE NOT EXISTS (SELECT 1 FROM job_runs r WHERE r.name = \(name) AND r.started_at >= p.start)
                RETURNING id
            )
            SELECT (SELECT id FROM run) AS run_id,
                   extract(epoch FROM p.start + make_interval(secs => \(seconds)) - now())::float8 AS until_next
            FROM period p
            """)[0]
        return JobRunClaim(
            runID: try row.decode("run_id", as: UUID?.self),
            untilNextPeriod: .milliseconds(Int64((try row.decode("until_next", as: Double.self) * 1000).rounded(.up)))
        )
    }

    /// Records the end of the run `id`: how many rows (or files) it affected,
    /// or why it failed.
    package static func finish(_ id: UUID, rowsAffected: Int?, error: String?, database: PostgresPool) async throws {
        _ = try await database.execute("""
            UPDATE job_runs SET finished_at = now(), rows_affected = \(rowsAffected), error = \(error) WHERE id = \(id)
            """)
    }
}
