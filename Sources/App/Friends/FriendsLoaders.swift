import Foundation
import GraphQLExecution
import Postgres

/// The batch loaders of the friends area (DESIGN.md "One round trip per
/// level"): a field under a list — each friend's friendship status, each
/// user's requests — asks its loader for one key and the executor runs one
/// statement for the whole level, so a page of 50 friends costs what a page of
/// 2 does. Loaders hold no per-request state, so one set is made when the
/// schema is bound and shared by every request; each key carries the viewer it
/// is read for.
final class FriendsLoaders: Sendable {
    /// Where `viewer` stands with `other`.
    struct StatusKey: Hashable, Sendable {
        let viewer: UUID
        let other: UUID
    }

    /// One page of `owner`'s friends, as `viewer` sees them.
    struct FriendsPageKey: Hashable, Sendable {
        let owner: UUID
        let viewer: UUID?
        let filter: NicknameFilter?
        let page: PageRequest
    }

    let statuses: BatchLoader<StatusKey, String>
    let friendPages: BatchLoader<FriendsPageKey, Connection<UserRecord>>
    /// The pending friend requests of a user (incoming first, then outgoing, each newest first).
    let requestLists: BatchLoader<UUID, [FriendRequestRecord]>

    init(database: PostgresPool) {
        statuses = Self.loader { try await Self.statuses($0, database: database) }
        friendPages = Self.loader { try await FriendLists.pages($0, database: database) }
        requestLists = Self.loader { try await FriendLists.requests(of: $0, database: database) }
    }

    /// A loader whose failures are field errors as for any domain resolver (see ``ErrorMasking/fieldError(_:)``).
    private static func loader<Key, Value>(
        _ batch: @escaping @Sendable ([Key]) async throws -> [Key: Value]
    ) -> BatchLoader<Key, Value> {
        BatchLoader { keys in
            do {
                return try await batch(keys)
            } catch {
                throw ErrorMasking.fieldError(error)
            }
        }
    }

    /// `FriendshipStatus` names, one statement for every key.
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
}
