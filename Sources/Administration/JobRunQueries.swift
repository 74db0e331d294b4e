import AppCore
import Foundation
import Postgres

/// The admin dashboard's reads of `job_runs`.
enum JobRunQueries {
    /// One page of the runs of the job `name` (of every job when nil), newest
    /// first: a keyset range of `job_runs_name_started_id_idx` or
    /// `job_runs_started_id_idx` (db/migrations/0010_jobs.sql), one statement.
    static func runs(name: String?, page: PageRequest, database: PostgresPool) async throws -> Connection<JobRunRecord> {
        var condition = page.condition(time: "r.started_at", id: "r.id")
        if let name { condition = condition + " AND r.name = \(name)" }
        let runs = try await database.query("""
            SELECT \(JobRunRecord.columns) FROM job_runs r WHERE \(condition)
            ORDER BY \(page.ordering(time: "r.started_at", id: "r.id")) LIMIT \(page.limit)
            """).map(JobRunRecord.init(row:))
        return Connection(rows: runs.map { ($0, Cursor(time: $0.startedAt, id: $0.id)) }, request: page)
    }
}
