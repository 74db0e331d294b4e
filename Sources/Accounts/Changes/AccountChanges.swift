import AppCore
import Foundation
import GraphQLType
import Postgres

/// The signed-in user's changes to their own account (API.md "Accounts"):
/// e-mail address (re-verified before it takes effect), nickname, profile
/// fields, and deletion. Each runs in one transaction and is logged.
package enum AccountChanges {
    /// Starts a change of address: the new address gets a verification link and
    /// replaces the old one when it is verified; until then the old one stays.
    static func changeEmail(newEmail raw: String, password: String, context: QuarryContext) async throws -> Bool {
        let viewer = try context.signedIn()
        let email = try AccountInput.validEmail(raw, field: "newEmail")
        try await AccountChecks.verifyPassword(password, of: viewer.userID, field: "password", context: context)
        let settings = context.accounts.settings
        return try await context.database.withTransaction { connection in
            if try await UserQueries.emailInUse(email, on: connection) {
                throw ClientError.invalidInput([(field: "newEmail", message: AccountInput.emailTaken)])
            }
            guard let user = try await UserQueries.user(id: viewer.userID, on: connection) else {
                throw AuthDirective.unauthenticated
            }
            let secrets = try await EmailVerification.start(userID: user.id, email: email, settings: settings, on: connection)
            try await AccountMail.emailChange(to: email, nickname: user.nickname, secrets: secrets, settings: settings, on: connection)
            try await AccountEvent.emailChangeRequested.record(userID: user.id, details: ["to": email], context: context, on: connection)
            return true
        }
    }

    static func changeNickname(_ raw: String, context: QuarryContext) async throws -> UserRecord {
        let viewer = try context.signedIn()
        let nickname = try AccountInput.validNickname(raw)
        return try await context.database.withTransaction { connection in
            let rows: [PostgresRow]
            do {
                rows = try await connection.query("""
                    UPDATE users u SET nickname = \(nickname), updated_at = now() WHERE u.id = \(viewer.userID) RETURNING \(UserRecord.columns)
                    """)
            } catch let error as PostgresError where error.sqlState == "23505" {
                throw ClientError.invalidInput([(field: "nickname", message: AccountInput.nicknameTaken)])
            }
            try await AccountEvent.nicknameChanged.record(userID: viewer.userID, details: ["nickname": nickname], context: context, on: connection)
            return try UserRecord(row: rows[0])
        }
    }

    /// The profile fields `input` names: a given value is set, an explicit null clears it, an omitted one stays.
    static func updateProfile(_ profile: ProfileChanges, context: QuarryContext) async throws -> UserRecord {
        let viewer = try context.signedIn()
        var assignments: SQL = "updated_at = now()"
        var problems: [(field: String, message: String)] = []
        for (field, column, limit, sent) in profile.changes {
            let text = sent?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let text, text.count > limit { problems.append((field: field, message: "At most \(limit) characters")) }
            assignments = assignments + SQL(unsafeSQL: ", \(column) = ") + "\(text.flatMap { $0.isEmpty ? nil : $0 })"
        }
        guard problems.isEmpty else { throw ClientError.invalidInput(problems) }
        if let home = profile.homeLocation { assignments = assignments + ", home_location = " + (home?.geography ?? "NULL") }
        return try await context.database.withTransaction { connection in
            let rows = try await connection.query(
                "UPDATE users u SET " + assignments + " WHERE u.id = \(viewer.userID) RETURNING \(UserRecord.columns)"
            )
            try await AccountEvent.profileUpdated.record(userID: viewer.userID, context: context, on: connection)
            return try UserRecord(row: rows[0])
        }
    }

    /// Deletes the account and, through the foreign keys' cascades, everything
    /// it owns (tokens included) in one transaction; the event log keeps the deletion.
    static func deleteAccount(password: String, context: QuarryContext) async throws -> Bool {
        let viewer = try context.signedIn()
        try await AccountChecks.verifyPassword(password, of: viewer.userID, field: "password", context: context)
        return try await context.database.withTransaction { connection in
            try await delete(viewer.userID, details: [:], context: context, on: connection)
            return true
        }
    }

    /// The one deletion of an account (`deleteAccount`, and `deleteUser` of the
    /// administration): the row goes, and with it, through the foreign keys'
    /// cascades, everything it owns, its tokens included; the event log keeps
    /// the deletion with `details` (who deleted it, when it was not the user).
    package static func delete(
        _ userID: UUID, details: [String: String], context: QuarryContext, on connection: PostgresConnection
    ) async throws {
        _ = try await connection.execute("DELETE FROM users WHERE id = \(userID)")
        try await AccountEvent.accountDeleted.record(userID: userID, details: details, context: context, on: connection)
    }
}
