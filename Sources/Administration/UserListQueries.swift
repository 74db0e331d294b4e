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
        var condition: SQL = "TRUE"
        if let search = filter.search {
            condition = condition + " AND (" + search.matches("u.nickname") + " OR " + search.matches("u.email") + ")"
        }
        if let role = filter.role { condition = condition + " AND u.role = \(role.rawValue)" }
        if let blocked = filter.blocked { condition = condition + " AND (u.blocked_at IS NOT NULL) = \(blocked)" }
        let query = PageQuery(columns: UserRecord.columns, from: "users u", condition: condition, time: "u.created_at", id: "u.id")
        return try await ListPages.read(page: page, query: query, database: database, record: UserRecord.init(row:))
    }
}
