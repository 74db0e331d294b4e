import AppCore
import GraphQLExecution
import Postgres

/// `AdminStats` (schema/administration.graphql).
struct AdminStats: GraphQLRecord {
    let users: Int
    let newUsersToday: Int
    let blockedUsers: Int
    let pendingSelfies: Int
    let postsToday: Int
    let errorsLast24h: Int

    static let objectTypeName = "AdminStats"
    static let fieldReaders: [String: @Sendable (AdminStats) -> (any Sendable)?] = [
        "users": { $0.users }, "newUsersToday": { $0.newUsersToday }, "blockedUsers": { $0.blockedUsers },
        "pendingSelfies": { $0.pendingSelfies }, "postsToday": { $0.postsToday }, "errorsLast24h": { $0.errorsLast24h },
    ]
}

/// The dashboard's figures, one statement: each count reads an index
/// (`users_created_id_idx`, the pending selfies' partial index, the live
/// posts' `posts_created_idx`, the error reports' (created_at, id) index) except the blocked accounts, a
/// filter over `users`.
enum AdminStatsQueries {
    static func stats(database: PostgresPool) async throws -> AdminStats {
        let row = try await database.query("""
            SELECT (SELECT count(*) FROM users) AS users,
                   (SELECT count(*) FROM users WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
                       AS new_users_today,
                   (SELECT count(*) FROM users WHERE blocked_at IS NOT NULL) AS blocked_users,
                   (SELECT count(*) FROM selfie_verifications WHERE status = 'PENDING') AS pending_selfies,
                   (SELECT count(*) FROM posts WHERE deleted_at IS NULL
                      AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS posts_today,
                   (SELECT count(*) FROM error_reports WHERE created_at >= now() - interval '24 hours') AS errors
            """)[0]
        return AdminStats(
            users: try row.decode("users", as: Int.self), newUsersToday: try row.decode("new_users_today", as: Int.self),
            blockedUsers: try row.decode("blocked_users", as: Int.self),
            pendingSelfies: try row.decode("pending_selfies", as: Int.self),
            postsToday: try row.decode("posts_today", as: Int.self),
            errorsLast24h: try row.decode("errors", as: Int.self)
        )
    }
}
