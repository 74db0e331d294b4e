import AppCore
import Auth
import Foundation
import GraphQLLanguage
import Postgres

/// E-mail verification (onboarding seed stories 7 and 8, API.md `verifyEmail`,
/// `verifyCode`, `resendVerification`): one live link and code per user —
/// starting a new verification replaces the old one, so the previous link dies;
/// links are single-use and expire; codes allow a few attempts.
///
/// Foodstabook 2.1.1 lets the user choose e-mail or phone for the code (issue 16):
/// by SMS the code alone goes to the account's phone and lives 10 minutes; it is
/// entered with `verifyCode(email, code)` all the same, and verifies the account.
package enum EmailVerification {
    /// How the code goes out (`email_verifications.channel`).
    enum Channel: String, Sendable {
        case email = "EMAIL"
        case sms = "SMS"
    }

    /// What to send: the link's token and the code, in plain text (only their hashes are stored).
    struct Secrets: Sendable {
        let token: String
        let code: String
    }

    static let invalidLink = "This verification link is invalid or has expired."
    static let invalidCode = "This verification code is invalid or has expired."

    /// Starts (or restarts) the verification of `email` for `userID`.
    static func start(
        userID: UUID, email: String, channel: Channel = .email, settings: AccountSettings, on connection: PostgresConnection
    ) async throws -> Secrets {
        let secrets = Secrets(token: OpaqueToken.generate(prefix: "qrv_"), code: SecureRandom.digits(6))
        let lifetime = channel == .sms ? settings.smsCodeLifetime : settings.verificationLinkLifetime
        _ = try await connection.execute("""
            INSERT INTO email_verifications (user_id, email, token_hash, code_hash, expires_at, channel)
            VALUES (\(userID), \(email), \(Data(OpaqueToken.hash(secrets.token))), \(Data(OpaqueToken.hash(secrets.code))),
                    now() + make_interval(secs => \(lifetime.inSeconds)), \(channel.rawValue))
            ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, token_hash = EXCLUDED.token_hash,
                code_hash = EXCLUDED.code_hash, code_attempts = 0, expires_at = EXCLUDED.expires_at, created_at = now(),
                channel = EXCLUDED.channel
            """)
        return secrets
    }

    /// Queues what the user receives, in the caller's transaction: by e-mail the link and
    /// the code, by SMS the code alone, to `phone`.
    static func send(
        _ secrets: Secrets, channel: Channel, email: String, phone: String?, nickname: String, settings: AccountSettings,
        on connection: PostgresConnection
    ) async throws {
        switch (channel, phone) {
        case (.sms, let phone?):
            try await AccountSMS.verificationCode(to: phone, code: secrets.code, settings: settings, on: connection)
        default:
            try await AccountMail.verification(to: email, nickname: nickname, secrets: secrets, settings: settings, on: connection)
        }
    }

    /// Completes the verification whose link carries `token`: the address
    /// becomes the user's verified address, the link dies, and the event is
    /// logged. Returns the user id.
    static func complete(token: String, context: QuarryContext, on connection: PostgresConnection) async throws -> UUID {
        let rows = try await connection.query("""
            DELETE FROM email_verifications
            WHERE token_hash = \(Data(OpaqueToken.hash(token))) AND expires_at > now()
            RETURNING user_id, email
            """)
        guard let row = rows.first else {
            throw ClientError.make("INVALID_VERIFICATION_LINK", invalidLink)
        }
        return try await apply(
            userID: row.decode("user_id", as: UUID.self), email: row.decode("email", as: String.self), context: context,
            on: connection
        )
    }

    /// Completes the verification of `email` with its code. A wrong code counts
    /// an attempt; after `maxCodeAttempts` the code stops working (a resend makes a new one).
    static func complete(
        email: String, code: String, context: QuarryContext, on connection: PostgresConnection
    ) async throws -> UUID {
        let settings = context.accounts.settings
        let rows = try await connection.query("""
            SELECT v.user_id, v.email, v.code_hash, v.code_attempts FROM email_verifications v
            WHERE lower(v.email) = lower(\(email)) AND v.expires_at > now() FOR UPDATE
            """)
        guard let row = rows.first, try row.decode("code_attempts", as: Int.self) < settings.maxCodeAttempts else {
            throw ClientError.make("INVALID_VERIFICATION_CODE", invalidCode)
        }
        let userID = try row.decode("user_id", as: UUID.self)
        let stored = [UInt8](try row.decode("code_hash", as: Data.self))
        guard constantTimeEquals(stored, OpaqueToken.hash(code.trimmingCharacters(in: .whitespaces))) else {
            _ = try await connection.execute(
                "UPDATE email_verifications SET code_attempts = code_attempts + 1 WHERE user_id = \(userID)"
            )
            throw ClientError.make("INVALID_VERIFICATION_CODE", invalidCode)
        }
        _ = try await connection.execute("DELETE FROM email_verifications WHERE user_id = \(userID)")
        return try await apply(userID: userID, email: try row.decode("email", as: String.self), context: context, on: connection)
    }

    /// Marks `email` verified as `userID`'s address (for a change of address, it
    /// replaces the old one) and logs the event.
    private static func apply(
        userID: UUID, email: String, context: QuarryContext, on connection: PostgresConnection
    ) async throws -> UUID {
        do {
            _ = try await connection.execute("""
                UPDATE users SET email = \(email), email_verified_at = now(), updated_at = now() WHERE id = \(userID)
                """)
        } catch let error as PostgresError where error.sqlState == "23505" {
            throw ClientError.make("EMAIL_TAKEN", AccountInput.emailTaken)
        }
        try await AccountEvent.emailVerified.record(userID: userID, details: ["email": email], context: context, on: connection)
        return userID
    }
}

package extension EmailVerification {
    /// `verifyEmail`: completes the verification and signs the user in.
    static func signIn(token: String, context: QuarryContext) async throws -> AuthPayload {
        try await context.database.withTransaction { connection in
            try await signIn(userID: try await complete(token: token, context: context, on: connection), context: context, on: connection)
        }
    }

    /// `verifyCode`: completes the verification with its code and signs the user in.
    static func signIn(email: String, code: String, context: QuarryContext) async throws -> AuthPayload {
        // The attempt must count even when the code is wrong, so the check commits on its own.
        let userID = try await context.database.withConnection { connection in
            try await complete(email: AccountInput.normalizedEmail(email), code: code, context: context, on: connection)
        }
        return try await context.database.withTransaction { connection in
            try await signIn(userID: userID, context: context, on: connection)
        }
    }

    private static func signIn(userID: UUID, context: QuarryContext, on connection: PostgresConnection) async throws -> AuthPayload {
        guard let user = try await UserQueries.user(id: userID, on: connection) else {
            throw ClientError.make("INVALID_VERIFICATION_LINK", invalidLink)
        }
        if user.blocked {
            throw ClientError.make("ACCOUNT_BLOCKED", LogIn.blockedMessage(supportEmail: context.accounts.settings.supportEmail))
        }
        return try await Sessions.issue(for: user, context: context, on: connection)
    }
}
