import AppCore
import Foundation
import Postgres

/// Reading users by the keys the accounts area looks them up with.
package enum UserQueries {
    static func user(id: UUID, on connection: PostgresConnection) async throws -> UserRecord? {
        try await connection.query("SELECT \(UserRecord.columns) FROM users u WHERE u.id = \(id)").first.map(UserRecord.init(row:))
    }

    static func user(id: UUID, database: PostgresPool) async throws -> UserRecord? {
        try await database.withConnection { try await user(id: id, on: $0) }
    }

    /// The user with `id` as `viewer` sees them: ``UserRecord/viewerIsFriend`` is set.
    package static func user(id: UUID, seenBy viewer: Viewer?, database: PostgresPool) async throws -> UserRecord? {
        try await database.query("SELECT \(UserRecord.columns(seenBy: viewer?.userID)) FROM users u WHERE u.id = \(id)")
            .first.map(UserRecord.init(row:))
    }

    /// The users of `ids` that exist, as `viewer` sees them, in one statement (``UserLoader``).
    static func users(ids: [UUID], seenBy viewer: UUID?, database: PostgresPool) async throws -> [UserRecord] {
        try await database.query("SELECT \(UserRecord.columns(seenBy: viewer)) FROM users u WHERE u.id = ANY(\(ids))")
            .map(UserRecord.init(row:))
    }

    /// The user with this address (case-insensitive) and the stored password hash.
    static func userWithPassword(email: String, on connection: PostgresConnection) async throws -> (UserRecord, String?)? {
        guard let row = try await connection.query("""
            SELECT \(UserRecord.columns), u.password_hash FROM users u WHERE lower(u.email) = lower(\(email))
            """).first else { return nil }
        return (try UserRecord(row: row), try row.decode("password_hash", as: String?.self))
    }

    /// The stored password hash of a user (`nil` for an account made through an identity provider).
    static func passwordHash(of userID: UUID, on connection: PostgresConnection) async throws -> String? {
        try await connection.query("SELECT password_hash FROM users WHERE id = \(userID)")
            .first?.decode("password_hash", as: String?.self)
    }

    package static func emailInUse(_ email: String, on connection: PostgresConnection) async throws -> Bool {
        try await !connection.query("SELECT 1 FROM users WHERE lower(email) = lower(\(email))").isEmpty
    }

    static func nicknameInUse(_ nickname: String, on connection: PostgresConnection) async throws -> Bool {
        try await !connection.query("SELECT 1 FROM users WHERE lower(nickname) = lower(\(nickname))").isEmpty
    }
}
