import AppCore
import Auth
import Foundation
import Logging
import Postgres

/// `quarry create-super-admin` (issue 3; API.md "Administration": nobody makes
/// or changes a SUPER_ADMIN through the API). Creates a verified account with
/// the role, or gives the role to the existing account with that address.
public enum SuperAdmins {
    public enum Outcome: Sendable, Equatable {
        case created
        case promoted
    }

    /// - Throws: a message for the operator when the address, nickname or password is not acceptable.
    public static func createOrPromote(
        email rawEmail: String, nickname rawNickname: String?, password: String, database: PostgresPool,
        accounts: AccountServices
    ) async throws -> Outcome {
        let email = AccountInput.normalizedEmail(rawEmail)
        guard AccountInput.isValidEmail(email) else { throw SuperAdminError(AccountInput.invalidEmail) }
        let context = QuarryContext(
            credential: RequestCredential(bearerToken: nil, requestID: "cli", userAgent: "quarry create-super-admin"),
            viewer: nil, database: database, accounts: accounts, logger: Logger(label: "quarry.cli")
        )
        let promoted = try await database.withTransaction { connection in
            let rows = try await connection.query("""
                UPDATE users SET role = 'SUPER_ADMIN', updated_at = now() WHERE lower(email) = lower(\(email)) RETURNING id
                """)
            guard let row = rows.first else { return false }
            try await AccountEvent.roleChanged.record(
                userID: try row.decode("id", as: UUID.self), details: ["role": "SUPER_ADMIN", "by": "cli"], context: context, on: connection
            )
            return true
        }
        if promoted { return .promoted }
        let nickname = (rawNickname ?? String(email.prefix { $0 != "@" })).trimmingCharacters(in: .whitespaces)
        if let problem = AccountInput.nicknameProblem(nickname) { throw SuperAdminError(problem) }
        let evaluation = accounts.settings.passwordPolicy.evaluate(password, userInputs: [email, nickname])
        guard evaluation.meetsPolicy else { throw SuperAdminError(PasswordStrengthQuery.weakPasswordMessage(evaluation)) }
        let hash = try await accounts.hasher.hash(password)
        try await database.withTransaction { connection in
            let user = try await SignUp.insertUser(
                email: email, nickname: nickname, passwordHash: hash, verified: true,
                profile: (realName: nil, phone: nil, country: nil, zipCode: nil), on: connection
            )
            _ = try await connection.execute("UPDATE users SET role = 'SUPER_ADMIN' WHERE id = \(user.id)")
            try await AccountEvent.roleChanged.record(
                userID: user.id, details: ["role": "SUPER_ADMIN", "by": "cli"], context: context, on: connection
            )
        }
        return .created
    }
}

/// Why `create-super-admin` refused its input.
public struct SuperAdminError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
