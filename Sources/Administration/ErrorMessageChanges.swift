import AppCore
import Postgres

/// The catalogue's one write (schema/administration.graphql `upsertErrorMessage`).
enum ErrorMessageChanges {
    /// Inserts or replaces the row of `input.code` and, in the same transaction,
    /// NOTIFYs ``ErrorCatalogue/channel`` with the code: the other instances re-read their
    /// catalogue once the change is committed, never before.
    static func upsert(_ input: ErrorMessageInput, database: PostgresPool) async throws -> ErrorMessageRecord {
        try await database.withTransaction { connection in
            let rows = try await connection.query("""
                INSERT INTO error_messages AS m (code, message, advice, updated_at)
                VALUES (\(input.code), \(input.message), \(input.advice), now())
                ON CONFLICT (code) DO UPDATE SET message = excluded.message, advice = excluded.advice, updated_at = now()
                RETURNING \(ErrorMessageRecord.columns)
                """)
            _ = try await connection.execute("SELECT pg_notify(\(ErrorCatalogue.channel), \(input.code))")
            return try ErrorMessageRecord(row: rows[0])
        }
    }
}
