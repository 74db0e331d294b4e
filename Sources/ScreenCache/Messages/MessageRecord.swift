import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `messages` (db/migrations/0007_messages.sql) as the GraphQL
/// `Message` type reads it; `sender` and `recipient` are loaded in batches
/// (``MessagesResolvers``), and `createdAt` with `id` is the conversation's
/// keyset position (``Cursor``).
package struct MessageRecord: NodeRecord {
    package let id: UUID
    let senderID: UUID
    let recipientID: UUID
    let text: String
    let createdAt: Date

    package static let objectTypeName = "Message"

    /// The columns ``init(row:)`` reads, from `messages` aliased `m`.
    static let columns: SQL = "m.id, m.sender_id, m.recipient_id, m.text, m.created_at"

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        senderID = try row.decode("sender_id", as: UUID.self)
        recipientID = try row.decode("recipient_id", as: UUID.self)
        text = try row.decode("text", as: String.self)
        createdAt = try row.decode("created_at", as: Date.self)
    }

    /// The participant who is not `user`.
    func other(than user: UUID) -> UUID { senderID == user ? recipientID : senderID }

    package static let fieldReaders: [String: @Sendable (MessageRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "text": { $0.text }, "createdAt": { $0.createdAt },
    ]
}
