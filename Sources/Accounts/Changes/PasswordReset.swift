import AppCore
import Auth
import Foundation
import Postgres

/// Password recovery by link (onboarding seed User stories 6–7; Screen Cache's
/// "recover my password"), and nickname recovery (Foodstabook's forgotten user
/// name). By default both answer success for unknown addresses, so they reveal
/// no accounts; `QUARRY_AUTH_REVEAL_UNKNOWN_EMAIL` gives Screen Cache's error.
///
/// When the account has security questions (issue 16), the link also asks one of them,
/// picked when the link is sent: `resetPassword` then needs its answer, and the link dies
/// after `maxSecurityAnswerAttempts` wrong ones. The answer is an extra check only: the
/// link by e-mail is always needed (NIST SP 800-63B advises against such questions as a factor).
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
                INSERT INTO password_resets (token_hash, user_id, expires_at, question_id)
                VALUES (\(Data(OpaqueToken.hash(token))), \(user.id), now() + make_interval(secs => \(settings.passwordResetLifetime.inSeconds)),
                        (SELECT a.question_id FROM security_answers a WHERE a.user_id = \(user.id) ORDER BY random() LIMIT 1))
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
    static func reset(
        token: String, newPassword: String, confirmPassword: String, securityAnswer: SecurityAnswer?, context: QuarryContext
    ) async throws -> Bool {
        try PasswordChange.checkNew(newPassword, confirm: confirmPassword, userInputs: [], context: context)
        try await checkSecurityAnswer(securityAnswer, token: token, context: context)
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

    /// The question a live reset link asks; nil when the account has none.
    static func question(token: String, context: QuarryContext) async throws -> SecurityQuestionRecord? {
        let rows = try await context.database.query("""
            SELECT \(SecurityQuestionRecord.columns) FROM password_resets r LEFT JOIN security_questions q ON q.id = r.question_id
            WHERE r.token_hash = \(Data(OpaqueToken.hash(token))) AND r.used_at IS NULL AND r.expires_at > now()
              AND r.answer_attempts < \(context.accounts.settings.maxSecurityAnswerAttempts)
            """)
        guard let row = rows.first else { throw ClientError.make("INVALID_RESET_LINK", invalidLink) }
        return try row.decode("id", as: Int16?.self) == nil ? nil : SecurityQuestionRecord(row: row)
    }

    /// Checks the answer to the link's question, when it asks one. Each answer given counts
    /// an attempt, committed on its own before the answer is checked, so concurrent guesses
    /// cannot exceed the limit; the link dies at the limit.
    private static func checkSecurityAnswer(_ given: SecurityAnswer?, token: String, context: QuarryContext) async throws {
        guard let asked = try await question(token: token, context: context) else { return }
        guard let given else {
            throw ClientError.invalidInput([(field: "securityAnswer", message: SecurityQuestionErrors.answerRequired)])
        }
        guard given.questionID == asked.id else {
            throw ClientError.invalidInput([(field: "securityAnswer.questionId", message: SecurityQuestionErrors.otherQuestion)])
        }
        let rows = try await context.database.query("""
            UPDATE password_resets r SET answer_attempts = r.answer_attempts + 1
            FROM security_answers a
            WHERE r.token_hash = \(Data(OpaqueToken.hash(token))) AND r.used_at IS NULL AND r.expires_at > now()
              AND r.answer_attempts < \(context.accounts.settings.maxSecurityAnswerAttempts)
              AND a.user_id = r.user_id AND a.question_id = r.question_id
            RETURNING r.user_id, a.answer_hash
            """)
        guard let row = rows.first else { throw ClientError.make("INVALID_RESET_LINK", invalidLink) }
        let verification = await context.accounts.hasher.verify(given.answer, against: try row.decode("answer_hash", as: String.self))
        guard case .valid = verification else {
            let userID = try row.decode("user_id", as: UUID.self)
            try await context.database.withConnection { connection in
                try await AccountEvent.securityAnswerFailed.record(userID: userID, context: context, on: connection)
            }
            throw SecurityQuestionErrors.incorrect
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
