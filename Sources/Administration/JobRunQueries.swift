import AppCore
import Foundation
import Postgres

/// The admin dashboard's reads of `job_runs`.
enum JobRunQueries {
    /// One page of the runs of the job `name` (of every job when nil), newest
    /// first: a keyset range of `job_runs_name_started_id_idx` or
    /// `job_runs_started_id_idx` (db/migrations/0010_jobs.sql), one statement.
    static func runs(name: String?, page: PageRequest, database: PostgresPool) async throws -> Connection<JobRunRecord> {
        let condition: SQL = if let name { "r.name = \(name)" } else { "TRUE" }
        let query = PageQuery(columns: JobRunRecord.columns, from: "job_runs r", condition: condition, time: "r.started_at", id: "r.id")
        return try await ListPages.read(page: page, query: query, database: database, record: JobRunRecord.init(row:))
    }
}
