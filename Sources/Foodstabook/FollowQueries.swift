import Accounts
import AppCore
import Foundation
import Postgres

/// One page of a user's followers or of those they follow, as the viewer sees them.
struct FollowPageKey: ChildPageKey {
    struct Shape: Hashable {
        let viewer: UUID?
        let followers: Bool
    }

    let userID: UUID
    let viewer: UUID?
    /// `true` for `User.followers`, `false` for `User.following`.
    let followers: Bool
    let page: PageRequest

    var parent: UUID { userID }
    var shape: Shape { Shape(viewer: viewer, followers: followers) }
}

/// Who follows whom, read for many users at once: one statement per distinct page asked for.
enum FollowQueries {
    /// Pages of followers or followed users, newest follow first (``ChildPages``):
    /// each user's page is a keyset range of one of `follows`' two indexes.
    static func pages(_ keys: [FollowPageKey], database: PostgresPool) async throws -> [FollowPageKey: Connection<UserRecord>] {
        try await ChildPages.read(keys, database: database, query: { shape in
            let (listed, other): (SQL, SQL) = shape.followers ? ("fo.follower_id", "fo.followed_id") : ("fo.followed_id", "fo.follower_id")
            return PageQuery(
                columns: UserRecord.columns(seenBy: shape.viewer), from: "follows fo JOIN users u ON u.id = \(listed)",
                condition: "\(other) = k.parent", time: "fo.created_at", id: listed
            )
        }, record: UserRecord.init(row:))
    }
}
