import AppCore
import Foundation
import GraphQLLanguage
import Postgres

/// Failed-login throttling per address (issue 4: `RATE_LIMITED` after repeated
/// failures, with a lockout window). Counted for unknown addresses too, so a
/// lockout tells nothing about which addresses have accounts.
package enum LoginThrottle {
    /// The time left on a lockout of this address, if one is running.
    static func lockedFor(emailKey: String, on connection: PostgresConnection) async throws -> Duration? {
        let rows = try await connection.query("""
            SELECT extract(epoch FROM locked_until - now())::float8 AS left
            FROM login_throttle WHERE email_key = \(emailKey) AND locked_until > now()
            """)
        return try rows.first.map { .seconds(try $0.decode("left", as: Double.self)) }
    }

    /// Counts a failure; returns `true` when it starts a lockout.
    static func recordFailure(emailKey: String, settings: AccountSettings, on connection: PostgresConnection) async throws -> Bool {
        let window = settings.failureWindow.inSeconds
        let rows = try await connection.query("""
            INSERT INTO login_throttle AS t (email_key, failures, window_started) VALUES (\(emailKey), 1, now())
            ON CONFLICT (email_key) DO UPDATE SET
                failures = CASE WHEN t.window_started < now() - make_interval(secs => \(window)) THEN 1 ELSE t.failures + 1 END,
                window_started = CASE WHEN t.window_started < now() - make_interval(secs => \(window)) THEN now() ELSE t.window_started END
            RETURNING failures
            """)
        guard try rows[0].decode("failures", as: Int.self) >= settings.maxFailedLogins else { return false }
        _ = try await connection.execute("""
            UPDATE login_throttle SET locked_until = now() + make_interval(secs => \(settings.lockoutDuration.inSeconds)),
                failures = 0, window_started = now()
            WHERE email_key = \(emailKey)
            """)
        return true
    }

    static func reset(emailKey: String, on connection: PostgresConnection) async throws {
        _ = try await connection.execute("DELETE FROM login_throttle WHERE email_key = \(emailKey)")
    }

    /// "Too many failed attempts…" with the wait rounded up to whole minutes, and `retryAfterSeconds`.
    static func rateLimited(retryAfter: Duration) -> GraphQLError {
        let seconds = max(1, Int(retryAfter.inSeconds.rounded(.up)))
        let minutes = (seconds + 59) / 60
        var error = ClientError.make(
            "RATE_LIMITED",
            "Too many failed login attempts. Please try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
        )
        error.extensions = .init(entries: error.extensions.entries + [.init(key: "retryAfterSeconds", value: .int(seconds))])
        return error
    }
}
