import AppCore
import Foundation
import Postgres

/// `Mutation.resendVerification` (onboarding seed story 8): a new link
/// replaces the previous one, at most once per 24 hours per account, with the
/// seed's message when no attempt is left. It goes by the channel the user chose
/// (issue 16): a new code by SMS to the account's phone, or a link by e-mail.
package enum VerificationResend {
    static let sentMessage = "Verification link has been sent"

    /// Resends to the pending verification of `email`. An address with nothing
    /// to verify answers like a success (no account enumeration) unless the
    /// server reveals unknown addresses.
    static func resend(email rawEmail: String, context: QuarryContext) async throws -> Bool {
        let email = try AccountInput.validEmail(rawEmail)
        let sent = try await context.database.withTransaction { connection in
            let rows = try await connection.query("""
                SELECT v.user_id FROM email_verifications v WHERE lower(v.email) = lower(\(email)) FOR UPDATE
                """)
            guard let row = rows.first else { return false }
            try await resend(userID: try row.decode("user_id", as: UUID.self), context: context, on: connection)
            return true
        }
        if !sent, context.accounts.settings.revealUnknownEmail {
            throw ClientError.make("EMAIL_NOT_FOUND", PasswordReset.unknownEmailMessage)
        }
        return true
    }

    /// Resends the verification of `userID` (whose row the caller has locked).
    static func resend(userID: UUID, context: QuarryContext, on connection: PostgresConnection) async throws {
        let settings = context.accounts.settings
        let rows = try await connection.query("""
            SELECT v.email, v.channel, u.nickname, u.phone,
                   extract(epoch FROM v.last_resent_at + make_interval(secs => \(settings.resendInterval.inSeconds)) - now())::float8 AS wait
            FROM email_verifications v JOIN users u ON u.id = v.user_id WHERE v.user_id = \(userID)
            """)
        guard let row = rows.first else { return }
        if let wait = try row.decode("wait", as: Double?.self), wait > 0 {
            throw ClientError.make(
                "RATE_LIMITED",
                "You reached out of attempts to resend the verification link. Please try again in \(readable(seconds: wait))."
            )
        }
        let email = try row.decode("email", as: String.self)
        let phone = try row.decode("phone", as: String?.self).flatMap(PhoneNumber.e164)
        // A phone removed or changed to a non-number since sign-up, or a server without SMS, leaves e-mail.
        let chosen = EmailVerification.Channel(rawValue: try row.decode("channel", as: String.self)) ?? .email
        let channel: EmailVerification.Channel = phone == nil || !settings.smsVerification ? .email : chosen
        let secrets = try await EmailVerification.start(userID: userID, email: email, channel: channel, settings: settings, on: connection)
        _ = try await connection.execute("UPDATE email_verifications SET last_resent_at = now() WHERE user_id = \(userID)")
        try await EmailVerification.send(
            secrets, channel: channel, email: email, phone: phone, nickname: try row.decode("nickname", as: String.self),
            settings: settings, on: connection
        )
        try await AccountEvent.verificationResent.record(userID: userID, context: context, on: connection)
    }

    /// "30 sec", "12 min", "23 h": the wait in its largest whole unit, rounded up.
    static func readable(seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) sec" }
        if whole < 3600 { return "\((whole + 59) / 60) min" }
        return "\((whole + 3599) / 3600) h"
    }
}
