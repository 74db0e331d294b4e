import AppCore
import Foundation
import Postgres

/// Which reports `errorReports` lists.
struct ErrorReportFilter: Sendable {
    let from: Date
    let to: Date
    let code: String?
    let archived: Bool

    /// Without `from`, the last 7 days, as `eventLogs`.
    static let defaultWindow: TimeInterval = 7 * 24 * 3600
}

/// The admin dashboard's reads of the error reports.
enum ErrorReportQueries {
    /// One page of the reports `filter` selects, newest first: a keyset range of
    /// the (created_at, id) index of the live or the archive table, one statement.
    static func reports(
        _ filter: ErrorReportFilter, page: PageRequest, database: PostgresPool
    ) async throws -> Connection<ErrorReportRecord> {
        let table: SQL = filter.archived ? "error_reports_archive" : "error_reports"
        var condition = page.condition(time: "r.created_at", id: "r.id")
            + " AND r.created_at >= \(filter.from) AND r.created_at <= \(filter.to)"
        if let code = filter.code { condition = condition + " AND r.code = \(code)" }
        let reports = try await database.query("""
            SELECT \(ErrorReportRecord.columns) FROM \(table) r WHERE \(condition)
            ORDER BY \(page.ordering(time: "r.created_at", id: "r.id")) LIMIT \(page.limit)
            """).map(ErrorReportRecord.init(row:))
        return Connection(rows: reports.map { ($0, Cursor(time: $0.createdAt, id: $0.id)) }, request: page)
    }
}
