import AppCore
import Foundation
import Postgres

/// The writes of the friends area (schema/friends.graphql): friend requests
/// sent, accepted several at once, cancelled or declined, and friendships
/// ended. Each runs in one transaction and checks everything before it
/// writes, so a refused request changes nothing.
package enum FriendChanges {
    /// `sendFriendRequest`: the viewer asks `other` to be friends.
    static func send(to other: UUID, viewer: Viewer, database: PostgresPool) async throws -> FriendRequestRecord {
        let me = viewer.userID
        if other == me { throw FriendErrors.requestToSelf }
        return try await database.withTransaction { connection in
            let state = try await connection.query("""
                SELECT EXISTS (SELECT 1 FROM users WHERE id = \(other) AND blocked_at IS NULL) AS user_exists,
                       EXISTS (SELECT 1 FROM friendships WHERE user_id = \(me) AND friend_id = \(other)) AS friends,
                       (SELECT sender_id FROM friend_requests
                        WHERE least(sender_id, recipient_id) = least(\(me), \(other))
                          AND greatest(sender_id, recipient_id) = greatest(\(me), \(other))) AS pending_sender
                """)[0]
            guard try state.decode("user_exists", as: Bool.self) else { throw FriendErrors.userNotFound }
            if try state.decode("friends", as: Bool.self) { throw FriendErrors.alreadyFriends }
            if let sender = try state.decode("pending_sender", as: UUID?.self) {
                throw sender == me ? FriendErrors.requestAlreadySent : FriendErrors.requestAlreadyReceived
            }
            // A request sent at the same moment by either user hits the pair's unique index instead.
            let inserted = try await connection.query("""
                INSERT INTO friend_requests AS r (sender_id, recipient_id) VALUES (\(me), \(other))
                ON CONFLICT DO NOTHING RETURNING \(FriendRequestRecord.columns)
                """)
            guard let row = inserted.first else { throw FriendErrors.requestAlreadySent }
            return try FriendRequestRecord(row: row, seenFrom: me)
        }
    }

    /// `acceptFriendRequests`: every request of `ids` must be addressed to the
    /// viewer, or none is accepted. Each sender and the viewer become friends
    /// (both rows) and the requests are deleted; returned in the order of `ids`.
    static func accept(ids: [UUID], viewer: Viewer, database: PostgresPool) async throws -> [FriendRequestRecord] {
        var requestIDs: [UUID] = []
        for id in ids where !requestIDs.contains(id) { requestIDs.append(id) }
        guard !requestIDs.isEmpty else { return [] }
        let me = viewer.userID
        return try await database.withTransaction { connection in
            let deleted = try await connection.query("""
                DELETE FROM friend_requests r WHERE r.id = ANY(\(requestIDs)) AND r.recipient_id = \(me)
                RETURNING \(FriendRequestRecord.columns)
                """).map { try FriendRequestRecord(row: $0, seenFrom: me) }
            // Throwing rolls the deletions back: all the requests or none.
            guard deleted.count == requestIDs.count else { throw FriendErrors.requestNotAddressedToViewer }
            let senders = deleted.map(\.senderID)
            _ = try await connection.execute("""
                INSERT INTO friendships (user_id, friend_id)
                SELECT \(me), s FROM unnest(\(senders)) AS s
                UNION ALL SELECT s, \(me) FROM unnest(\(senders)) AS s
                ON CONFLICT DO NOTHING
                """)
            let byID = Dictionary(uniqueKeysWithValues: deleted.map { ($0.id, $0) })
            return requestIDs.compactMap { byID[$0] }
        }
    }

    /// `cancelFriendRequest`: the sender withdraws the request, or the recipient declines it.
    static func cancel(id: UUID, viewer: Viewer, database: PostgresPool) async throws -> Bool {
        let deleted = try await database.execute("""
            DELETE FROM friend_requests WHERE id = \(id) AND \(viewer.userID) IN (sender_id, recipient_id)
            """)
        guard deleted.affectedRows == 1 else { throw FriendErrors.requestNotFound }
        return true
    }

    /// `removeFriend`: ends the friendship of the viewer and `other` on both sides.
    static func removeFriend(_ other: UUID, viewer: Viewer, database: PostgresPool) async throws -> Bool {
        let me = viewer.userID
        let deleted = try await database.execute("""
            DELETE FROM friendships
            WHERE (user_id = \(me) AND friend_id = \(other)) OR (user_id = \(other) AND friend_id = \(me))
            """)
        guard deleted.affectedRows > 0 else { throw FriendErrors.notFriends }
        return true
    }
}
