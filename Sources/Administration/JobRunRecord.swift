import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `job_runs` (db/migrations/0010_jobs.sql) as the `JobRun` type reads
/// it: one run of a scheduled job. `id` is only the keyset's tie-breaker; the
/// type has no id of its own.
struct JobRunRecord: GraphQLRecord {
    let id: UUID
    let name: String
    let startedAt: Date
    let finishedAt: Date?
    let rowsAffected: Int?
    let error: String?

    static let objectTypeName = "JobRun"

    /// The columns ``init(row:)`` reads, from `job_runs` aliased `r`.
    static let columns: SQL = "r.id, r.name, r.started_at, r.finished_at, r.rows_affected, r.error"

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        name = try row.decode("name", as: String.self)
        startedAt = try row.decode("started_at", as: Date.self)
        finishedAt = try row.decode("finished_at", as: Date?.self)
        rowsAffected = try row.decode("rows_affected", as: Int?.self)
        error = try row.decode("error", as: String?.self)
    }

    static let fieldReaders: [String: @Sendable (JobRunRecord) -> (any Sendable)?] = [
        "name": { $0.name }, "startedAt": { $0.startedAt }, "finishedAt": { $0.finishedAt },
        "rowsAffected": { $0.rowsAffected }, "error": { $0.error },
    ]
}
