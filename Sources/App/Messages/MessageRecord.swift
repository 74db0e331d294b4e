import Foundation
import GraphQLExecution
import Postgres

/// A row of `messages` (db/migrations/0007_messages.sql) as the GraphQL
/// `Message` type reads it; `sender` and `recipient` are loaded in batches
/// (``MessagesResolvers``), and `createdAt` with `id` is the conversation's
/// keyset position (``Cursor``).
struct MessageRecord: Sendable, FieldReadable, GraphQLTyped {
    let id: UUID
    let senderID: UUID
    let recipientID: UUID
    let text: String
    let createdAt: Date

    var graphQLTypeName: String { "Message" }

    /// The columns ``init(row:)`` reads, from `messages` aliased `m`.
    static let columns: SQL = "m.id, m.sender_id, m.recipient_id, m.text, m.created_at"

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        senderID = try row.decode("sender_id", as: UUID.self)
        recipientID = try row.decode("recipient_id", as: UUID.self)
        text = try row.decode("text", as: String.self)
        createdAt = try row.decode("created_at", as: Date.self)
    }

    /// Where this message sits in its conversation.
    var cursor: Cursor { Cursor(time: createdAt, id: id) }

    /// The participant who is not `user`.
    func other(than user: UUID) -> UUID { senderID == user ? recipientID : senderID }

    func graphQLField(_ name: String) -> (any Sendable)? {
        switch name {
        case "id": GlobalID(typeName: "Message", id: id).text
        case "text": text
        case "createdAt": createdAt
        default: nil
        }
    }
}
