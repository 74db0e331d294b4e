import Auth
import Foundation
import Postgres

/// The signed-in caller of a request, from its bearer token: resolved once
/// before execution, so `@auth` checks (which run synchronously before each
/// resolver) need no database round trip.
public struct Viewer: Sendable {
    public let userID: UUID
    public let role: Role
    /// SHA-256 of the token in use: `logOut` revokes exactly this one, and a
    /// password change keeps it while revoking the others.
    public let tokenHash: [UInt8]
    /// The caller's `users` row as the token lookup read it (the columns of
    /// Accounts' `UserRecord`), so `Query.viewer` answers from it instead of
    /// reading the row again: `{ viewer { nickname } }` costs one statement.
    /// It is kept as a row because the record's type belongs to Accounts,
    /// which AppCore cannot name.
    package let userRow: PostgresRow

    /// A viewer from the token lookup's row, whose `id` and `role` are the caller's.
    package init(userRow: PostgresRow, tokenHash: [UInt8]) throws(PostgresError) {
        userID = try userRow.decode("id", as: UUID.self)
        role = Role(rawValue: try userRow.decode("role", as: String.self)) ?? .user
        self.tokenHash = tokenHash
        self.userRow = userRow
    }
}
