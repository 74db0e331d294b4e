import AppCore
import Foundation
import Postgres

/// The account events written to `event_log` (issue 4 "Events"), for the
/// admin dashboard's event log.
package enum AccountEvent: String, CaseIterable, Sendable {
    case signUp = "SIGN_UP"
    case emailVerified = "EMAIL_VERIFIED"
    case verificationResent = "VERIFICATION_RESENT"
    case login = "LOGIN"
    case loginFailed = "LOGIN_FAILED"
    case lockout = "LOCKOUT"
    case logout = "LOGOUT"
    case logoutEverywhere = "LOGOUT_EVERYWHERE"
    case passwordChanged = "PASSWORD_CHANGED"
    case passwordResetRequested = "PASSWORD_RESET_REQUESTED"
    case passwordReset = "PASSWORD_RESET"
    case nicknameRecoveryRequested = "NICKNAME_RECOVERY_REQUESTED"
    case emailChangeRequested = "EMAIL_CHANGE_REQUESTED"
    case emailChanged = "EMAIL_CHANGED"
    case nicknameChanged = "NICKNAME_CHANGED"
    case profileUpdated = "PROFILE_UPDATED"
    case accountDeleted = "ACCOUNT_DELETED"
    case providerSignIn = "PROVIDER_SIGN_IN"
    case providerSignUp = "PROVIDER_SIGN_UP"
    case roleChanged = "ROLE_CHANGED"
    case userBlocked = "USER_BLOCKED"
    case userUnblocked = "USER_UNBLOCKED"
    case selfieApproved = "SELFIE_APPROVED"
    case selfieRejected = "SELFIE_REJECTED"
    case securityQuestionsSet = "SECURITY_QUESTIONS_SET"
    case securityAnswerFailed = "SECURITY_ANSWER_FAILED"
    /// A failure worth an administrator's look (Foodstabook 2.2.3); here, exceeded password attempts.
    case error = "ERROR"

    /// Writes the event with the request's address and user agent, on
    /// `connection` (inside the change's transaction when there is one).
    package func record(
        userID: UUID?, details: [String: String] = [:], context: QuarryContext, on connection: PostgresConnection
    ) async throws {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: details, options: [.sortedKeys]), as: UTF8.self)
        _ = try await connection.execute("""
            INSERT INTO event_log (type, user_id, ip, user_agent, details)
            VALUES (\(rawValue), \(userID), \(context.credential.clientAddress), \(context.credential.userAgent), \(json)::jsonb)
            """)
    }
}
