import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `event_log` or `event_log_archive` (db/migrations/0001_accounts.sql,
/// 0009_administration.sql) as the `EventLog` type reads it; `user` is loaded
/// in batches.
struct EventLogRecord: NodeRecord {
    let id: UUID
    let type: String
    let userID: UUID?
    let at: Date
    let ip: String?
    let userAgent: String?
    let details: String

    static let objectTypeName = "EventLog"

    /// The columns ``init(row:)`` reads, from either table aliased `e`.
    static let columns: SQL = "e.uid, e.type, e.user_id, e.at, e.ip, e.user_agent, e.details::text AS details"

    init(row: PostgresRow) throws {
        id = try row.decode("uid", as: UUID.self)
        type = try row.decode("type", as: String.self)
        userID = try row.decode("user_id", as: UUID?.self)
        at = try row.decode("at", as: Date.self)
        ip = try row.decode("ip", as: String?.self)
        userAgent = try row.decode("user_agent", as: String?.self)
        details = try row.decode("details", as: String.self)
    }

    static let fieldReaders: [String: @Sendable (EventLogRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "type": { $0.type }, "at": { $0.at }, "ip": { $0.ip }, "userAgent": { $0.userAgent },
        "details": { $0.details },
    ]
}
