import AppCore
import Foundation
import Postgres

/// Which reports `errorReports` lists.
struct ErrorReportFilter: Sendable {
    let window: TimeWindow
    let code: String?
    let archived: Bool
}

/// The admin dashboard's reads of the error reports.
enum ErrorReportQueries {
    /// One page of the reports `filter` selects, newest first: a keyset range of
    /// the (created_at, id) index of the live or the archive table, one statement.
    static func reports(
        _ filter: ErrorReportFilter, page: PageRequest, database: PostgresPool
    ) async throws -> Connection<ErrorReportRecord> {
        let table: SQL = filter.archived ? "error_reports_archive r" : "error_reports r"
        var condition: SQL = "r.created_at >= \(filter.window.from) AND r.created_at <= \(filter.window.to)"
        if let code = filter.code { condition = condition + " AND r.code = \(code)" }
        let query = PageQuery(columns: ErrorReportRecord.columns, from: table, condition: condition, time: "r.created_at", id: "r.id")
        return try await ListPages.read(page: page, query: query, database: database, record: ErrorReportRecord.init(row:))
    }
}
