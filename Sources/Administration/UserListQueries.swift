import Accounts
import AppCore
import Auth
import Foundation
import Postgres

/// Which accounts `users` lists: each given criterion narrows the list.
struct UserListFilter: Sendable {
    let search: SubstringFilter?
    let role: Role?
    let blocked: Bool?
}

/// The admin dashboard's reads of `users`.
enum UserListQueries {
    /// One page of the accounts `filter` selects, newest first: a keyset range
    /// of `users_created_id_idx` (db/migrations/0009_administration.sql), one statement.
    static func users(_ filter: UserListFilter, page: PageRequest, database: PostgresPool) async throws -> Connection<UserRecord> {
        var condition = page.condition(time: "u.created_at", id: "u.id")
        if let search = filter.search {
            condition = condition + " AND (" + search.matches("u.nickname") + " OR " + search.matches("u.email") + ")"
        }
        if let role = filter.role { condition = condition + " AND u.role = \(role.rawValue)" }
        if let blocked = filter.blocked { condition = condition + " AND (u.blocked_at IS NOT NULL) = \(blocked)" }
        let users = try await database.query("""
            SELECT \(UserRecord.columns) FROM users u WHERE \(condition)
            ORDER BY \(page.ordering(time: "u.created_at", id: "u.id")) LIMIT \(page.limit)
            """).map(UserRecord.init(row:))
        return Connection(rows: users.map { ($0, Cursor(time: $0.createdAt, id: $0.id)) }, request: page)
    }
}
