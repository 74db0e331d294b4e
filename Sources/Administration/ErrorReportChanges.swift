import AppCore
import Foundation
import Postgres

/// The error reports' writes (issue 13 "Error reports"): one row per report,
/// and the archive of the old ones.
package enum ErrorReportChanges {
    /// Rows moved per statement, as for the event log: each batch is its own
    /// short transaction.
    static let batchSize = 1_000

    /// Stores `report` with the name of its `.txt` file (`nil` when the file
    /// could not be written); the row keeps the time the error happened.
    static func record(_ report: ErrorReport, fileName: String?, database: PostgresPool) async throws {
        let context = String(
            decoding: try JSONSerialization.data(withJSONObject: report.context, options: [.sortedKeys]), as: UTF8.self
        )
        _ = try await database.execute("""
            INSERT INTO error_reports (code, message, request_id, operation_name, path, viewer_id, context, file_name, created_at)
            VALUES (\(report.code), \(report.message), \(report.requestID), \(report.operationName), \(report.path),
                    \(report.viewerID), \(context)::jsonb, \(fileName), \(report.at))
            """)
    }

    /// Moves the reports older than `days` days (the seed's 30 by default) to
    /// `error_reports_archive`, batch by batch, and their files from
    /// `directory` to `directory/archive/`; answers how many moved. Two runs at
    /// once each move distinct rows (`FOR UPDATE SKIP LOCKED`). The job runner
    /// calls it daily.
    package static func archive(olderThanDays days: Int = 30, database: PostgresPool, directory: String) async throws -> Int {
        guard days >= 1 else {
            throw ClientError.invalidInput([("olderThanDays", "Archive reports at least 1 day old.")])
        }
        var moved = 0
        while true {
            let rows = try await database.query("""
                WITH batch AS (
                    DELETE FROM error_reports WHERE id IN (
                        SELECT id FROM error_reports WHERE created_at < now() - make_interval(days => \(days)::int)
                        ORDER BY created_at, id LIMIT \(batchSize) FOR UPDATE SKIP LOCKED
                    )
                    RETURNING id, code, message, request_id, operation_name, path, viewer_id, context, file_name, created_at
                ), archived AS (
                    INSERT INTO error_reports_archive
                        (id, code, message, request_id, operation_name, path, viewer_id, context, file_name, created_at)
                    SELECT * FROM batch
                )
                SELECT file_name FROM batch
                """)
            let files = try rows.compactMap { try $0.decode("file_name", as: String?.self) }
            try await ErrorReportFiles.archive(files, in: directory)
            moved += rows.count
            if rows.count < batchSize { return moved }
        }
    }
}
