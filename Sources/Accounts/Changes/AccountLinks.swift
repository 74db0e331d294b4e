import AppCore
import Auth
import Foundation
import GraphQLLanguage
import Logging
import Postgres

/// What the links in account e-mails do when they are opened in a web browser
/// instead of the app (onboarding seed story 7: "Web pages must be
/// implemented for cases if a link is opened in a web browser"): verify an
/// address, or send a new link from the page of an expired one. A refusal
/// shows the error message catalogue's text for its code, as the API would.
public struct AccountLinks: Sendable {
    let database: PostgresPool
    let accounts: AccountServices
    let errorMessages: ErrorCatalogue

    package init(database: PostgresPool, accounts: AccountServices, errorMessages: ErrorCatalogue) {
        self.database = database
        self.accounts = accounts
        self.errorMessages = errorMessages
    }

    public enum VerificationOutcome: Sendable, Equatable {
        case verified
        /// Unknown, used, superseded or expired.
        case invalid
    }

    public enum ResendOutcome: Sendable, Equatable {
        case sent
        /// Refused, with the message to show (the once-per-24-hours limit, an invalid address).
        case refused(String)
    }

    /// Verifies the address of a verification link.
    public func verifyEmail(token: String, credential: RequestCredential, logger: Logger) async throws -> VerificationOutcome {
        let context = context(credential, logger)
        do {
            try await database.withTransaction { connection in
                _ = try await EmailVerification.complete(token: token, context: context, on: connection)
            }
            return .verified
        } catch let error as GraphQLError where error.extensions["code"] == "INVALID_VERIFICATION_LINK" {
            return .invalid
        }
    }

    /// Sends a new link for the verification an (expired) link belonged to, or
    /// else for the address typed into the page's form.
    public func resendVerification(
        linkToken: String?, email: String?, credential: RequestCredential, logger: Logger
    ) async throws -> ResendOutcome {
        let context = context(credential, logger)
        do {
            if let linkToken, !linkToken.isEmpty {
                let resent = try await database.withTransaction { connection in
                    let rows = try await connection.query("""
                        SELECT user_id FROM email_verifications WHERE token_hash = \(Data(OpaqueToken.hash(linkToken))) FOR UPDATE
                        """)
                    guard let row = rows.first else { return false }
                    try await VerificationResend.resend(userID: try row.decode("user_id", as: UUID.self), context: context, on: connection)
                    return true
                }
                if resent { return .sent }
            }
            guard let email, !email.isEmpty else { return .refused("Please enter a valid email") }
            _ = try await VerificationResend.resend(email: email, context: context)
            return .sent
        } catch let error as GraphQLError {
            guard case .string(let code)? = error.extensions["code"] else { throw error }
            return .refused(errorMessages.message(code: code, composed: error.message))
        }
    }

    private func context(_ credential: RequestCredential, _ logger: Logger) -> QuarryContext {
        QuarryContext(credential: credential, viewer: nil, database: database, accounts: accounts, logger: logger)
    }
}
