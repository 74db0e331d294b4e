import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `error_reports` or `error_reports_archive`
/// (db/migrations/0011_error_reports.sql) as the `ErrorReport` type reads it;
/// `viewer` is loaded in batches.
struct ErrorReportRecord: NodeRecord {
    let id: UUID
    let code: String
    let message: String
    let requestID: String?
    let operationName: String?
    let path: String?
    let viewerID: UUID?
    let context: String
    let fileName: String?
    let createdAt: Date

    static let objectTypeName = "ErrorReport"

    /// The columns ``init(row:)`` reads, from either table aliased `r`.
    static let columns: SQL = """
        r.id, r.code, r.message, r.request_id, r.operation_name, r.path, r.viewer_id, r.context::text AS context,
        r.file_name, r.created_at
        """

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        code = try row.decode("code", as: String.self)
        message = try row.decode("message", as: String.self)
        requestID = try row.decode("request_id", as: String?.self)
        operationName = try row.decode("operation_name", as: String?.self)
        path = try row.decode("path", as: String?.self)
        viewerID = try row.decode("viewer_id", as: UUID?.self)
        context = try row.decode("context", as: String.self)
        fileName = try row.decode("file_name", as: String?.self)
        createdAt = try row.decode("created_at", as: Date.self)
    }

    static let fieldReaders: [String: @Sendable (ErrorReportRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "code": { $0.code }, "message": { $0.message }, "requestId": { $0.requestID },
        "operationName": { $0.operationName }, "path": { $0.path }, "context": { $0.context }, "fileName": { $0.fileName },
        "createdAt": { $0.createdAt },
    ]
}
