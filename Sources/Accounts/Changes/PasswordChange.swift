import AppCore
import Auth
import Foundation
import Postgres

/// `Mutation.changePassword` (Screen Cache's change-password stories): the
/// current password proves it is the user, the new one must be confirmed and
/// meet the policy, and every other token of the user is revoked at once.
package enum PasswordChange {
    static let changedMessage = "Your password has been changed"
    static let wrongCurrentPassword = "Your current password is incorrect"

    static func run(current: String, new: String, confirm: String, context: QuarryContext) async throws -> Bool {
        let viewer = try context.signedIn()
        let user = try await UserQueries.user(id: viewer.userID, database: context.database)
        try checkNew(new, confirm: confirm, userInputs: [user?.email, user?.nickname].compactMap { $0 }, context: context)
        try await AccountChecks.verifyPassword(current, of: viewer.userID, field: "currentPassword", context: context)
        let hash = try await context.accounts.hasher.hash(new)
        return try await context.database.withTransaction { connection in
            _ = try await connection.execute("UPDATE users SET password_hash = \(hash), updated_at = now() WHERE id = \(viewer.userID)")
            try await Sessions.revokeAll(of: viewer.userID, keeping: viewer.tokenHash, on: connection)
            try await AccountEvent.passwordChanged.record(userID: viewer.userID, context: context, on: connection)
            return true
        }
    }

    /// The new password must equal its confirmation and meet the policy.
    static func checkNew(_ new: String, confirm: String, userInputs: [String], context: QuarryContext) throws {
        var problems: [(field: String, message: String)] = []
        let evaluation = context.accounts.settings.passwordPolicy.evaluate(new, userInputs: userInputs)
        if !evaluation.meetsPolicy {
            problems.append((field: "newPassword", message: PasswordStrengthQuery.weakPasswordMessage(evaluation)))
        }
        if new != confirm { problems.append((field: "confirmPassword", message: AccountInput.passwordMismatch)) }
        guard problems.isEmpty else { throw ClientError.invalidInput(problems) }
    }
}

/// Checks shared by the mutations that change an account.
package enum AccountChecks {
    /// The viewer's password must be `password`; a wrong one is `INVALID_PASSWORD` on `field`.
    /// An account created through an identity provider has no password and passes.
    static func verifyPassword(_ password: String, of userID: UUID, field: String, context: QuarryContext) async throws {
        let stored = try await context.database.withConnection { try await UserQueries.passwordHash(of: userID, on: $0) }
        guard let stored else { return }
        guard case .valid = await context.accounts.hasher.verify(password, against: stored) else {
            throw ClientError.make(
                "INVALID_PASSWORD", PasswordChange.wrongCurrentPassword,
                fields: [(field: field, message: PasswordChange.wrongCurrentPassword)]
            )
        }
    }
}
