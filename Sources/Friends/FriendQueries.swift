import Accounts
import AppCore
import Foundation
import Postgres

/// Friends lists and friend request lists, read for many users at once (see
/// ``FriendsLoaders``): one statement per distinct page asked for, however
/// many users it is asked for.
package enum FriendQueries {
    /// One page of `owner`'s friends, as `viewer` sees them.
    struct PageKey: ChildPageKey {
        struct Shape: Hashable {
            let viewer: UUID?
            let filter: SubstringFilter?
        }

        let owner: UUID
        let viewer: UUID?
        let filter: SubstringFilter?
        let page: PageRequest

        var parent: UUID { owner }
        var shape: Shape { Shape(viewer: viewer, filter: filter) }
    }

    /// Pages of friends, newest friendship first (``ChildPages``): each owner's
    /// page is a keyset range of the `friendships_user_created_idx` index,
    /// positioned by when the friendship began.
    static func pages(_ keys: [PageKey], database: PostgresPool) async throws -> [PageKey: Connection<UserRecord>] {
        try await ChildPages.read(keys, database: database, query: { shape in
            PageQuery(
                columns: UserRecord.columns(seenBy: shape.viewer), from: "friendships f JOIN users u ON u.id = f.friend_id",
                condition: "f.user_id = k.parent AND \(shape.filter?.matches("u.nickname") ?? "TRUE")",
                time: "f.created_at", id: "f.friend_id"
            )
        }, record: UserRecord.init(row:))
    }

    /// Where each `viewer` stands with each `other` (`FriendshipStatus` names), one statement for every key.
    static func statuses(_ keys: [StatusKey], database: PostgresPool) async throws -> [StatusKey: String] {
        let rows = try await database.query("""
            SELECT k.viewer, k.other,
                   EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = k.viewer AND f.friend_id = k.other) AS friends,
                   (SELECT r.sender_id FROM friend_requests r
                    WHERE least(r.sender_id, r.recipient_id) = least(k.viewer, k.other)
                      AND greatest(r.sender_id, r.recipient_id) = greatest(k.viewer, k.other)) AS pending_sender
            FROM unnest(\(keys.map(\.viewer)), \(keys.map(\.other))) AS k(viewer, other)
            """)
        var answers: [StatusKey: String] = [:]
        answers.reserveCapacity(rows.count)
        for row in rows {
            let key = StatusKey(viewer: try row.decode("viewer", as: UUID.self), other: try row.decode("other", as: UUID.self))
            answers[key] = if try row.decode("friends", as: Bool.self) {
                "FRIENDS"
            } else if let sender = try row.decode("pending_sender", as: UUID?.self) {
                sender == key.viewer ? "REQUEST_SENT" : "REQUEST_RECEIVED"
            } else {
                "NONE"
            }
        }
        return answers
    }

    /// Where `viewer` stands with `other`.
    struct StatusKey: Hashable, Sendable {
        let viewer: UUID
        let other: UUID
    }

    /// Each owner's pending requests: addressed to them first, then sent by
    /// them, each newest first, seen from the owner.
    static func requests(of owners: [UUID], database: PostgresPool) async throws -> [UUID: [FriendRequestRecord]] {
        let rows = try await database.query("""
            SELECT o.owner, \(FriendRequestRecord.columns)
            FROM unnest(\(owners)) AS o(owner)
            JOIN friend_requests r ON r.recipient_id = o.owner OR r.sender_id = o.owner
            ORDER BY o.owner, r.recipient_id = o.owner DESC, r.created_at DESC, r.id DESC
            """)
        var answers = Dictionary(uniqueKeysWithValues: owners.map { ($0, [FriendRequestRecord]()) })
        for row in rows {
            let owner = try row.decode("owner", as: UUID.self)
            answers[owner, default: []].append(try FriendRequestRecord(row: row, seenFrom: owner))
        }
        return answers
    }
}
