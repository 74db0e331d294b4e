import Foundation
import Postgres

/// The writes of the messages area (db/migrations/0007_messages.sql).
package enum MessageChanges {
    /// Sends `text` from `sender` to `recipient`, who must be friends, and
    /// NOTIFYs ``MessageNotification/channel`` in the same transaction, so
    /// listeners hear of the message exactly when it is committed.
    ///
    /// Sends within one conversation take turns (a transaction-scoped advisory
    /// lock on the pair), and a message's time is read after the lock is held,
    /// so a conversation's messages commit in the order of their times: a
    /// client pulling with `after` can never miss a message committed late
    /// with an earlier time than one it has already seen.
    static func send(from sender: UUID, to recipient: UUID, text: String, database: PostgresPool) async throws -> MessageRecord {
        try await database.withTransaction { connection in
            let users = try await connection.query("""
                SELECT pg_advisory_xact_lock(hashtextextended(
                           'quarry_messages:' || least(\(sender), \(recipient)::uuid) || greatest(\(sender), \(recipient)::uuid), 0)),
                       EXISTS (SELECT 1 FROM users WHERE id = \(recipient)) AS known,
                       EXISTS (SELECT 1 FROM friendships WHERE user_id = \(sender) AND friend_id = \(recipient)) AS friends
                """)
            guard try users[0].decode("known", as: Bool.self) else { throw MessageErrors.userNotFound }
            guard try users[0].decode("friends", as: Bool.self) else { throw MessageErrors.notFriends }
            let rows = try await connection.query("""
                INSERT INTO messages AS m (sender_id, recipient_id, text) VALUES (\(sender), \(recipient), \(text))
                RETURNING \(MessageRecord.columns)
                """)
            let message = try MessageRecord(row: rows[0])
            let payload = MessageNotification(messageID: message.id, recipientID: recipient).payload
            _ = try await connection.execute("SELECT pg_notify(\(MessageNotification.channel), \(payload))")
            return message
        }
    }
}
