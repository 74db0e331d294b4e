import Foundation
import Postgres

/// The demo accounts' friends (issue 5 "Profile and friends"), so the Profile
/// and Messages screens have something to show: alice is friends with bob and
/// with carol, and dan, who just joined, has sent alice a friend request.
/// Idempotent: pairs that are already friends, or already have a request
/// pending either way, are left alone.
enum DemoFriends {
    static let friendships = [("alice@demo.quarry.dev", "bob@demo.quarry.dev"), ("alice@demo.quarry.dev", "carol@demo.quarry.dev")]
    /// (sender, recipient)
    static let requests = [("dan@demo.quarry.dev", "alice@demo.quarry.dev")]

    static func load(on connection: PostgresConnection) async throws {
        for (one, other) in friendships {
            _ = try await connection.execute("""
                INSERT INTO friendships (user_id, friend_id)
                SELECT a.id, b.id FROM users a, users b
                WHERE (lower(a.email), lower(b.email)) IN ((\(one), \(other)), (\(other), \(one)))
                ON CONFLICT DO NOTHING
                """)
        }
        for (sender, recipient) in requests {
            _ = try await connection.execute("""
                INSERT INTO friend_requests (sender_id, recipient_id)
                SELECT s.id, r.id FROM users s, users r
                WHERE lower(s.email) = \(sender) AND lower(r.email) = \(recipient)
                  AND NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = s.id AND f.friend_id = r.id)
                ON CONFLICT DO NOTHING
                """)
        }
    }
}
