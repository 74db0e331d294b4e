import Foundation
import Postgres

/// Who is friends with whom (db/migrations/0004_friends.sql): the one place the
/// other Screen Cache areas ask, so that "shared with friends" means the same
/// thing for a user's screenshots, their media and their messages.
package enum Friendships {
    /// Whether `user` and `other` are friends (one primary-key lookup).
    static func areFriends(_ user: UUID, _ other: UUID, on connection: PostgresConnection) async throws -> Bool {
        try await !connection.query(
            "SELECT 1 FROM friendships WHERE user_id = \(user) AND friend_id = \(other)"
        ).isEmpty
    }

    static func areFriends(_ user: UUID, _ other: UUID, database: PostgresPool) async throws -> Bool {
        try await database.withConnection { try await areFriends(user, other, on: $0) }
    }

    /// Which of `candidates` are friends of `user`, in one statement: for the
    /// ``OwnedByUser/viewerIsFriend`` flag of a batch of rows.
    static func friends(of user: UUID, among candidates: [UUID], on connection: PostgresConnection) async throws -> Set<UUID> {
        guard !candidates.isEmpty else { return [] }
        return Set(try await connection.query(
            "SELECT friend_id FROM friendships WHERE user_id = \(user) AND friend_id = ANY(\(candidates))"
        ).map { try $0.decode("friend_id", as: UUID.self) })
    }
}

package extension Friendships {
    /// The column that says whether `viewer` is a friend of the user whose id
    /// is `owner` (statement text naming a column, never input), for the
    /// ``OwnedByUser/viewerIsFriend`` flag of the rows a statement reads.
    static func viewerIsFriendColumn(viewer: UUID, owner: SQL) -> SQL {
        "EXISTS (SELECT 1 FROM friendships vf WHERE vf.user_id = \(viewer) AND vf.friend_id = \(owner)) AS viewer_is_friend"
    }

    /// The flag ``viewerIsFriendColumn(viewer:owner:)`` put in `row`; `false` when the statement did not ask.
    ///
    /// One look-up of the column (``PostgresColumns/index(of:)`` compares lengths first): a
    /// `names.contains` and then `decode` by name compared the name with every column twice,
    /// 0.5% of the friends query's samples (issue 17).
    static func viewerIsFriend(in row: PostgresRow) throws -> Bool {
        guard let index = row.columns.index(of: "viewer_is_friend") else { return false }
        return try row.decode(Bool.self, at: index)
    }
}
