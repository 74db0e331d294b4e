import Accounts
import AppCore
import Auth
import Foundation
import GraphQLExecution
import Postgres

/// A row of `friend_requests` (db/migrations/0004_friends.sql) as the GraphQL
/// `FriendRequest` type reads it, seen from one of its two users.
///
/// `FriendRequest` is guarded by `@auth(requires: USER, self: true)`: its
/// "owner" is the user it is seen from (``perspective``), which is the viewer
/// whenever the viewer is its sender or recipient, so both parties may read it
/// and nobody else but ADMIN. `sender` and `recipient` are loaded in batches
/// (``UserLoader``), so a list of requests costs one statement for
/// its users whatever its length.
package struct FriendRequestRecord: NodeRecord, OwnedByUser {
    package let id: UUID
    let senderID: UUID
    let recipientID: UUID
    let createdAt: Date
    /// The user the request is seen from: its sender or its recipient.
    let perspective: UUID

    package static let objectTypeName = "FriendRequest"
    package var ownerID: UUID { perspective }

    /// The columns ``init(row:seenFrom:)`` reads, from `friend_requests` aliased `r`.
    static let columns: SQL = "r.id, r.sender_id, r.recipient_id, r.created_at"

    /// A row seen from `user`: the viewer when they are a party to it, else its recipient.
    init(row: PostgresRow, seenFrom user: UUID?) throws {
        id = try row.decode("id", as: UUID.self)
        senderID = try row.decode("sender_id", as: UUID.self)
        recipientID = try row.decode("recipient_id", as: UUID.self)
        createdAt = try row.decode("created_at", as: Date.self)
        perspective = user == senderID ? senderID : recipientID
    }

    var direction: String { perspective == recipientID ? "INCOMING" : "OUTGOING" }

    package static let fieldReaders: [String: @Sendable (FriendRequestRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "createdAt": { $0.createdAt }, "direction": { $0.direction },
    ]

    /// The request with `id` for `Query.node`: `nil` when it does not exist, and
    /// when the viewer is neither party to it nor ADMIN (so its existence is not told).
    package static func read(id: UUID, context: QuarryContext) async throws -> FriendRequestRecord? {
        guard let viewer = context.viewer else { return nil }
        let rows = try await context.database.query("""
            SELECT \(columns) FROM friend_requests r
            WHERE r.id = \(id) AND (\(viewer.role.includes(.admin)) OR \(viewer.userID) IN (r.sender_id, r.recipient_id))
            """)
        return try rows.first.map { try FriendRequestRecord(row: $0, seenFrom: viewer.userID) }
    }
}
