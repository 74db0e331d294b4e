import AppCore
import Foundation
import Postgres

/// Which events `eventLogs` lists.
struct EventLogFilter: Sendable {
    let window: TimeWindow
    let type: String?
    let userID: UUID?
    let archived: Bool
}

/// The admin dashboard's reads of the event log.
enum EventLogQueries {
    /// One page of the events `filter` selects, newest first: a keyset range of
    /// the (at, uid) index of the live or the archive table, one statement.
    static func events(_ filter: EventLogFilter, page: PageRequest, database: PostgresPool) async throws -> Connection<EventLogRecord> {
        let table: SQL = filter.archived ? "event_log_archive e" : "event_log e"
        var condition: SQL = "e.at >= \(filter.window.from) AND e.at <= \(filter.window.to)"
        if let type = filter.type { condition = condition + " AND e.type = \(type)" }
        if let user = filter.userID { condition = condition + " AND e.user_id = \(user)" }
        let query = PageQuery(columns: EventLogRecord.columns, from: table, condition: condition, time: "e.at", id: "e.uid")
        return try await ListPages.read(page: page, query: query, database: database, record: EventLogRecord.init(row:))
    }
}
