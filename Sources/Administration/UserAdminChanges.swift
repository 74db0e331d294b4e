import Accounts
import AppCore
import Auth
import Foundation
import Postgres

/// The administration's writes on accounts (schema/administration.graphql):
/// block, unblock, role and deletion. Each runs in one transaction that locks
/// the account's row, checks who may act on it, writes, and records the
/// event; a refusal changes nothing.
enum UserAdminChanges {
    /// `blockUser`: the account is blocked with `reason` and every token of it
    /// revoked in the same transaction, so its next request is a guest's.
    static func block(_ id: UUID, reason: String, by admin: Viewer, context: QuarryContext) async throws -> UserRecord {
        try await change(id, by: admin, context: context) { connection in
            let rows = try await connection.query("""
                UPDATE users u SET blocked_at = coalesce(u.blocked_at, now()), block_reason = \(reason), updated_at = now()
                WHERE u.id = \(id) RETURNING \(UserRecord.columns)
                """)
            try await Sessions.revokeAll(of: id, on: connection)
            try await AccountEvent.userBlocked.record(
                userID: id, details: ["by": admin.userID.lowercasedText, "reason": reason], context: context, on: connection
            )
            return try UserRecord(row: rows[0])
        }
    }

    /// `unblockUser`: the account may sign in again (its revoked tokens stay revoked).
    static func unblock(_ id: UUID, by admin: Viewer, context: QuarryContext) async throws -> UserRecord {
        try await change(id, by: admin, context: context) { connection in
            let rows = try await connection.query("""
                UPDATE users u SET blocked_at = NULL, block_reason = NULL, updated_at = now()
                WHERE u.id = \(id) RETURNING \(UserRecord.columns)
                """)
            try await AccountEvent.userUnblocked.record(
                userID: id, details: ["by": admin.userID.lowercasedText], context: context, on: connection
            )
            return try UserRecord(row: rows[0])
        }
    }

    /// `setUserRole` (SUPER_ADMIN only, by `@auth`): USER ↔ ADMIN.
    static func setRole(_ id: UUID, to role: Role, by admin: Viewer, context: QuarryContext) async throws -> UserRecord {
        guard role == .user || role == .admin else { throw AdminErrors.roleNotAssignable }
        return try await change(id, by: admin, context: context) { connection in
            let rows = try await connection.query("""
                WITH old AS (SELECT role FROM users WHERE id = \(id))
                UPDATE users u SET role = \(role.rawValue), updated_at = now() FROM old
                WHERE u.id = \(id) RETURNING old.role AS old_role, \(UserRecord.columns)
                """)
            let from = try rows[0].decode("old_role", as: String.self)
            try await AccountEvent.roleChanged.record(
                userID: id, details: ["by": admin.userID.lowercasedText, "from": from, "to": role.rawValue],
                context: context, on: connection
            )
            return try UserRecord(row: rows[0])
        }
    }

    /// `deleteUser`: the same deletion as `deleteAccount` (``AccountChanges/delete(_:details:context:on:)``).
    static func delete(_ id: UUID, by admin: Viewer, context: QuarryContext) async throws -> Bool {
        try await change(id, by: admin, context: context) { connection in
            try await AccountChanges.delete(id, details: ["by": admin.userID.lowercasedText], context: context, on: connection)
            return true
        }
    }

    /// Runs `write` in a transaction once the account `id` is locked and `admin`
    /// may act on it: never on their own account nor a SUPER_ADMIN's, and on an
    /// ADMIN's only as a SUPER_ADMIN.
    private static func change<T: Sendable>(
        _ id: UUID, by admin: Viewer, context: QuarryContext,
        _ write: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        if id == admin.userID { throw AdminErrors.ownAccount }
        return try await context.database.withTransaction { connection in
            let rows = try await connection.query("SELECT role FROM users WHERE id = \(id) FOR UPDATE")
            guard let row = rows.first else { throw AdminErrors.userNotFound }
            switch Role(rawValue: try row.decode("role", as: String.self)) ?? .user {
            case .superAdmin: throw AdminErrors.superAdmin
            case .admin where admin.role != .superAdmin: throw AdminErrors.adminNeedsSuperAdmin
            default: return try await write(connection)
            }
        }
    }
}
