import AppCore
import Auth
import Foundation
import GraphQLExecution
import Postgres

/// Bearer tokens (issue 4 "Tokens"): opaque random strings of which only the
/// SHA-256 is stored, with a sliding expiry. Every request looks its token up
/// in the database, so a revocation holds at once on every instance.
package enum Sessions {
    /// Creates a token for `user` and returns it with its expiry and the user (`AuthPayload`).
    static func issue(for user: UserRecord, context: QuarryContext, on connection: PostgresConnection) async throws -> AuthPayload {
        let token = OpaqueToken.generate()
        let rows = try await connection.query("""
            INSERT INTO access_tokens (token_hash, user_id, expires_at, ip, user_agent)
            VALUES (\(Data(OpaqueToken.hash(token))), \(user.id), now() + make_interval(secs => \(context.accounts.settings.tokenLifetime.inSeconds)),
                    \(context.credential.clientAddress), \(context.credential.userAgent))
            RETURNING expires_at
            """)
        return AuthPayload(token: token, expiresAt: try rows[0].decode("expires_at", as: Date.self), user: user.shownToOwner)
    }

    /// The viewer a token stands for, or `nil` when the token is unknown,
    /// expired or revoked, or its account is blocked. One statement (two when
    /// the expiry slides, see below), which also reads the user's row as
    /// ``UserRecord`` reads it (``Viewer/userRow``), so `Query.viewer` costs
    /// nothing more. The expiry slides forward only when it has fallen more
    /// than a minute behind, so a client's concurrent requests do not each
    /// write (and queue on) the token's row.
    ///
    /// The slide is a second statement, run only then (about once a minute of a token's use):
    /// the look-up itself stays a plain read. Folded into it as a data-modifying `WITH`, the
    /// `UPDATE`'s index scan ran on every request even when it changed nothing, and pgbench
    /// ran that statement at 0.6–0.7× the rate of the read alone.
    package static func viewer(forToken token: String, database: PostgresPool, lifetime: Duration) async throws -> Viewer? {
        let hash = OpaqueToken.hash(token)
        let stored = Data(hash)
        let slideAfter = lifetime.inSeconds - 60
        let rows = try await database.query("""
            SELECT t.expires_at < now() + make_interval(secs => \(slideAfter)) AS token_slides, \(UserRecord.columns)
            FROM access_tokens t JOIN users u ON u.id = t.user_id
            WHERE t.token_hash = \(stored) AND t.expires_at > now() AND u.blocked_at IS NULL
            """)
        guard let row = rows.first else { return nil }
        if try row.decode("token_slides", as: Bool.self) {
            // The same condition again: of concurrent requests that all saw it due, one writes.
            _ = try await database.execute("""
                UPDATE access_tokens SET last_used_at = now(), expires_at = now() + make_interval(secs => \(lifetime.inSeconds))
                WHERE token_hash = \(stored) AND expires_at > now() AND expires_at < now() + make_interval(secs => \(slideAfter))
                """)
        }
        return try Viewer(userRow: row, tokenHash: hash)
    }

    /// Revokes one token.
    static func revoke(tokenHash: [UInt8], on connection: PostgresConnection) async throws {
        _ = try await connection.execute("DELETE FROM access_tokens WHERE token_hash = \(Data(tokenHash))")
    }

    /// Revokes every token of a user but `keeping` (the one in use, after a password change).
    package static func revokeAll(of userID: UUID, keeping: [UInt8]? = nil, on connection: PostgresConnection) async throws {
        _ = try await connection.execute("""
            DELETE FROM access_tokens WHERE user_id = \(userID) AND token_hash IS DISTINCT FROM \(keeping.map { Data($0) })
            """)
    }
}

/// `AuthPayload`: a new token, its expiry, and its user.
package struct AuthPayload: GraphQLRecord {
    let token: String
    let expiresAt: Date
    let user: UserRecord

    package static let objectTypeName = "AuthPayload"
    package static let fieldReaders: [String: @Sendable (AuthPayload) -> (any Sendable)?] = [
        "token": { $0.token }, "expiresAt": { $0.expiresAt }, "user": { $0.user },
    ]
}
