import AppCore
import Foundation
import Postgres

/// Following and unfollowing users (Foodstabook 2.5: the newsfeed shows the posts of the people a user follows).
enum FollowChanges {
    /// `viewer` follows user `target` (following twice changes nothing).
    static func follow(_ target: UUID, by viewer: Viewer, database: PostgresPool) async throws {
        guard target != viewer.userID else { throw PostInput.followSelf }
        let rows = try await database.query("""
            WITH target AS (SELECT id FROM users WHERE id = \(target)),
                 added AS (
                     INSERT INTO follows (follower_id, followed_id) SELECT \(viewer.userID), id FROM target
                     ON CONFLICT DO NOTHING
                 )
            SELECT id FROM target
            """)
        guard !rows.isEmpty else { throw PostInput.userNotFound }
    }

    /// `viewer` stops following user `target` (nothing to do when they did not follow them).
    static func unfollow(_ target: UUID, by viewer: Viewer, database: PostgresPool) async throws {
        _ = try await database.execute("DELETE FROM follows WHERE follower_id = \(viewer.userID) AND followed_id = \(target)")
    }
}
