import AppCore
import Auth
import Foundation
import Postgres

/// `Mutation.logIn` (API.md; Screen Cache's login, the onboarding seed's sign
/// in and blocked-account stories). The password is checked before anything
/// else is revealed, an unknown address costs one dummy hash verification like
/// a wrong password (no timing oracle), and repeated failures lock the address.
package enum LogIn {
    static let invalidCredentials = "Email or password are incorrect"
    static let emailNotVerified = "Please verify your email address first. Open the confirmation link we sent to your email."

    static func blockedMessage(supportEmail: String) -> String {
        "Your account was blocked by the Administration. To get more information about the reason of blocking please contact us via email \(supportEmail)"
    }

    static func run(email rawEmail: String, password: String, context: QuarryContext) async throws -> AuthPayload {
        let settings = context.accounts.settings
        let email = AccountInput.normalizedEmail(rawEmail)
        let key = email.lowercased()
        let database = context.database
        if let left = try await database.withConnection({ try await LoginThrottle.lockedFor(emailKey: key, on: $0) }) {
            throw LoginThrottle.rateLimited(retryAfter: left)
        }
        let found = try await database.withConnection { try await UserQueries.userWithPassword(email: email, on: $0) }
        let verification: PasswordVerification
        if let stored = found?.1 {
            verification = await context.accounts.hasher.verify(password, against: stored)
        } else {
            await context.accounts.hasher.verifyAgainstDummy(password)
            verification = .invalid
        }
        guard let user = found?.0, case .valid(let needsRehash) = verification else {
            try await recordFailure(emailKey: key, userID: found?.0.id, context: context)
            throw ClientError.make("INVALID_CREDENTIALS", invalidCredentials)
        }
        if user.blocked {
            throw ClientError.make("ACCOUNT_BLOCKED", blockedMessage(supportEmail: settings.supportEmail))
        }
        if settings.requireEmailVerification, !user.emailVerified {
            throw ClientError.make("EMAIL_NOT_VERIFIED", emailNotVerified)
        }
        let newHash = needsRehash ? try await context.accounts.hasher.hash(password) : nil
        return try await database.withTransaction { connection in
            if let newHash {
                _ = try await connection.execute("UPDATE users SET password_hash = \(newHash) WHERE id = \(user.id)")
            }
            try await LoginThrottle.reset(emailKey: key, on: connection)
            try await AccountEvent.login.record(userID: user.id, context: context, on: connection)
            return try await Sessions.issue(for: user, context: context, on: connection)
        }
    }

    private static func recordFailure(emailKey: String, userID: UUID?, context: QuarryContext) async throws {
        let settings = context.accounts.settings
        let locked = try await context.database.withTransaction { connection in
            try await AccountEvent.loginFailed.record(userID: userID, details: ["email": emailKey], context: context, on: connection)
            let locked = try await LoginThrottle.recordFailure(emailKey: emailKey, settings: settings, on: connection)
            if locked {
                try await AccountEvent.lockout.record(userID: userID, details: ["email": emailKey], context: context, on: connection)
                // Foodstabook 2.2.3 counts exceeded password attempts among the ERROR events.
                try await AccountEvent.error.record(userID: userID, details: [
                    "failure": "exceeded password attempts", "email": emailKey,
                    "attempts": "\(settings.maxFailedLogins)", "lockedForSeconds": "\(settings.lockoutDuration.components.seconds)",
                ], context: context, on: connection)
            }
            return locked
        }
        if locked { throw LoginThrottle.rateLimited(retryAfter: settings.lockoutDuration) }
    }
}
