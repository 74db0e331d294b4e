import AppCore
import Foundation
import Postgres

/// The reads of the messages area (db/migrations/0007_messages.sql). A
/// conversation is the pair of its users, lower id first (`user_low`,
/// `user_high`), so both directions of it are one range of
/// `messages_conversation_idx`.
package enum MessageQueries {
    /// A page of the conversation of `viewer` with `other`, oldest first; `nil`
    /// when `other` is not a user (one statement: the user, left-joined to the
    /// page, ``ChildPages``). Only messages `viewer` sent or received are read.
    static func conversation(
        of viewer: UUID, with other: UUID, page: PageRequest, database: PostgresPool
    ) async throws -> Connection<MessageRecord>? {
        let query = PageQuery(
            columns: MessageRecord.columns, from: "messages m",
            condition: "m.user_low = least(\(viewer), k.parent) AND m.user_high = greatest(\(viewer), k.parent)",
            time: "m.created_at", id: "m.id"
        )
        return try await ChildPages.read(
            parents: [other], page: page, query: query, parentTable: "users", database: database, record: MessageRecord.init(row:)
        )[other]
    }

    /// The last message `viewer` exchanged with each of `others` (either way),
    /// in one statement: one backward probe of the conversation index per pair.
    static func lastMessages(of viewer: UUID, with others: [UUID], database: PostgresPool) async throws -> [UUID: MessageRecord] {
        guard !others.isEmpty else { return [:] }
        let rows = try await database.query("""
            SELECT o.id AS other_id, \(MessageRecord.columns)
            FROM unnest(\(others)::uuid[]) AS o (id)
            CROSS JOIN LATERAL (
                SELECT * FROM messages
                WHERE user_low = least(\(viewer), o.id) AND user_high = greatest(\(viewer), o.id)
                ORDER BY created_at DESC, id DESC LIMIT 1
            ) AS m
            """)
        var last: [UUID: MessageRecord] = [:]
        last.reserveCapacity(rows.count)
        for row in rows { last[try row.decode("other_id", as: UUID.self)] = try MessageRecord(row: row) }
        return last
    }

    /// The message `id` if `participant` sent or received it (`Query.node`,
    /// and what a subscriber of `messageReceived` gets when a
    /// ``MessageNotification`` names it); `nil` for anyone else.
    package static func message(id: UUID, participant: UUID?, database: PostgresPool) async throws -> MessageRecord? {
        guard let participant else { return nil }
        return try await database.query("""
            SELECT \(MessageRecord.columns) FROM messages m
            WHERE m.id = \(id) AND \(participant)::uuid IN (m.sender_id, m.recipient_id)
            """).first.map(MessageRecord.init(row:))
    }
}
