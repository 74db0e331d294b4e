import AppCore
import Mail
import Postgres

/// The accounts area's e-mails, queued in the outbox inside the transaction
/// of the change they are about (issue 4 "Email"), with absolute links built
/// from `QUARRY_PUBLIC_URL`.
package enum AccountMail {
    static func verificationLink(token: String, settings: AccountSettings) -> String {
        "\(settings.publicURL)/verify-email?token=\(token)"
    }

    /// The password reset link opens the app (the onboarding seed: "App is required to open this link").
    static func passwordResetLink(token: String, settings: AccountSettings) -> String {
        "\(settings.publicURL)/reset-password?token=\(token)"
    }

    static func verification(
        to email: String, nickname: String, secrets: EmailVerification.Secrets, settings: AccountSettings,
        on connection: PostgresConnection
    ) async throws {
        let link = verificationLink(token: secrets.token, settings: settings)
        let message = AccountEmails.verification(to: email, nickname: nickname, link: link, code: secrets.code)
        try await Outbox.enqueue(message, kind: "verification", on: connection)
    }

    static func emailChange(
        to email: String, nickname: String, secrets: EmailVerification.Secrets, settings: AccountSettings,
        on connection: PostgresConnection
    ) async throws {
        let link = verificationLink(token: secrets.token, settings: settings)
        try await Outbox.enqueue(AccountEmails.emailChange(to: email, nickname: nickname, link: link), kind: "email-change", on: connection)
    }

    static func passwordReset(to email: String, token: String, settings: AccountSettings, on connection: PostgresConnection) async throws {
        let link = passwordResetLink(token: token, settings: settings)
        try await Outbox.enqueue(AccountEmails.passwordReset(to: email, link: link), kind: "password-reset", on: connection)
    }

    static func nicknameRecovery(to email: String, nickname: String, on connection: PostgresConnection) async throws {
        try await Outbox.enqueue(AccountEmails.nicknameRecovery(to: email, nickname: nickname), kind: "nickname-recovery", on: connection)
    }
}
