import AppCore
import Auth
import Foundation
import Postgres

/// Password recovery by link (onboarding seed User stories 6–7; Screen Cache's
/// "recover my password"), and nickname recovery (Foodstabook's forgotten user
/// name). By default both answer success for unknown addresses, so they reveal
/// no accounts; `QUARRY_AUTH_REVEAL_UNKNOWN_EMAIL` gives Screen Cache's error.
package enum PasswordReset {
    static let unknownEmailMessage = "We're sorry, we couldn't find an account associated with this email."
    static let sentMessage = "Check your email to restore password"
    static let invalidLink = "This password reset link is invalid or has expired."

    static func request(email rawEmail: String, context: QuarryContext) async throws -> Bool {
        let email = try AccountInput.validEmail(rawEmail)
        let settings = context.accounts.settings
        let found = try await context.database.withTransaction { connection in
            guard let (user, _) = try await UserQueries.userWithPassword(email: email, on: connection) else { return false }
            let token = OpaqueToken.generate(prefix: "qrr_")
            _ = try await connection.execute("DELETE FROM password_resets WHERE user_id = \(user.id)")
            _ = try await connection.execute("""
                INSERT INTO password_resets (token_hash, user_id, expires_at)
                VALUES (\(Data(OpaqueToken.hash(token))), \(user.id), now() + make_interval(secs => \(settings.passwordResetLifetime.inSeconds)))
                """)
            try await AccountMail.passwordReset(to: user.email, token: token, settings: settings, on: connection)
            try await AccountEvent.passwordResetRequested.record(userID: user.id, context: context, on: connection)
            return true
        }
        if !found, settings.revealUnknownEmail { throw ClientError.make("EMAIL_NOT_FOUND", unknownEmailMessage) }
        return true
    }

    /// Sets a new password with a reset link's token: the link is single-use,
    /// and every token of the user is revoked (but the caller's own, if signed in).
    static func reset(token: String, newPassword: String, confirmPassword: String, context: QuarryContext) async throws -> Bool {
        try PasswordChange.checkNew(newPassword, confirm: confirmPassword, userInputs: [], context: context)
        let hash = try await context.accounts.hasher.hash(newPassword)
        return try await context.database.withTransaction { connection in
            let rows = try await connection.query("""
                UPDATE password_resets SET used_at = now()
                WHERE token_hash = \(Data(OpaqueToken.hash(token))) AND used_at IS NULL AND expires_at > now()
                RETURNING user_id
                """)
            guard let row = rows.first else { throw ClientError.make("INVALID_RESET_LINK", invalidLink) }
            let userID = try row.decode("user_id", as: UUID.self)
            let email = try await connection.query("""
                UPDATE users SET password_hash = \(hash), updated_at = now() WHERE id = \(userID) RETURNING lower(email) AS key
                """)[0].decode("key", as: String.self)
            let keep = context.viewer?.userID == userID ? context.viewer?.tokenHash : nil
            try await Sessions.revokeAll(of: userID, keeping: keep, on: connection)
            try await LoginThrottle.reset(emailKey: email, on: connection)
            try await AccountEvent.passwordReset.record(userID: userID, context: context, on: connection)
            return true
        }
    }

    /// Sends the nickname of the account with this address to it.
    static func recoverNickname(email rawEmail: String, context: QuarryContext) async throws -> Bool {
        let email = try AccountInput.validEmail(rawEmail)
        let found = try await context.database.withTransaction { connection in
            guard let (user, _) = try await UserQueries.userWithPassword(email: email, on: connection) else { return false }
            try await AccountMail.nicknameRecovery(to: user.email, nickname: user.nickname, on: connection)
            try await AccountEvent.nicknameRecoveryRequested.record(userID: user.id, context: context, on: connection)
            return true
        }
        if !found, context.accounts.settings.revealUnknownEmail {
            throw ClientError.make("EMAIL_NOT_FOUND", unknownEmailMessage)
        }
        return true
    }
}
