import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `error_messages` (db/migrations/0012_error_messages.sql) as the
/// `ErrorMessage` type reads it: the text as stored, placeholders included.
struct ErrorMessageRecord: GraphQLRecord {
    let code: String
    let message: String
    let advice: String?
    let updatedAt: Date

    static let objectTypeName = "ErrorMessage"

    /// The columns ``init(row:)`` reads, from `error_messages` aliased `m`.
    static let columns: SQL = "m.code, m.message, m.advice, m.updated_at"

    init(row: PostgresRow) throws {
        code = try row.decode("code", as: String.self)
        message = try row.decode("message", as: String.self)
        advice = try row.decode("advice", as: String?.self)
        updatedAt = try row.decode("updated_at", as: Date.self)
    }

    static let fieldReaders: [String: @Sendable (ErrorMessageRecord) -> (any Sendable)?] = [
        "code": { $0.code }, "message": { $0.message }, "advice": { $0.advice }, "updatedAt": { $0.updatedAt },
    ]
}
