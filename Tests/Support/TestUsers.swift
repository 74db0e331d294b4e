import Auth
import Foundation
import Postgres

/// Verified users with a bearer token, written straight into the database, for
/// tests about something else than signing up and logging in (those have tests
/// of their own).
public enum TestUsers {
    public static func create(
        role: Role = .user, label: String = "user", pool: PostgresPool
    ) async throws -> (id: UUID, token: String) {
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let rows = try await pool.query("""
            INSERT INTO users (email, email_verified_at, nickname, role, accepted_terms_at)
            VALUES (\("\(label).\(suffix)@example.com"), now(), \("\(label)_\(suffix)"), \(role.rawValue), now())
            RETURNING id
            """)
        let id = try rows[0].decode("id", as: UUID.self)
        let token = OpaqueToken.generate()
        _ = try await pool.execute("""
            INSERT INTO access_tokens (token_hash, user_id, expires_at)
            VALUES (\(Data(OpaqueToken.hash(token))), \(id), now() + interval '1 hour')
            """)
        return (id, token)
    }
}
