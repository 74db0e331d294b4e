import AppCore
import Postgres

/// The reads of the error message catalogue, one statement each.
package enum ErrorMessageQueries {
    /// `errorMessage(code)`: the row of `code`, `nil` when the catalogue has none.
    static func one(code: String, database: PostgresPool) async throws -> ErrorMessageRecord? {
        try await database.query("SELECT \(ErrorMessageRecord.columns) FROM error_messages m WHERE m.code = \(code)")
            .first.map(ErrorMessageRecord.init(row:))
    }

    /// `errorMessages`: every row, by code.
    static func all(database: PostgresPool) async throws -> [ErrorMessageRecord] {
        try await database.query("SELECT \(ErrorMessageRecord.columns) FROM error_messages m ORDER BY m.code")
            .map(ErrorMessageRecord.init(row:))
    }

    /// The whole catalogue as ``ErrorCatalogue`` caches it (the service builds its catalogue over this).
    package static func catalogue(database: PostgresPool) async throws -> [String: ErrorCatalogue.Entry] {
        var entries: [String: ErrorCatalogue.Entry] = [:]
        for row in try await all(database: database) {
            entries[row.code] = ErrorCatalogue.Entry(message: row.message, advice: row.advice)
        }
        return entries
    }
}
