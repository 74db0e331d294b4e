import Foundation
import Postgres

/// Demo rows of the messages area: alice and bob (friends through
/// ``DemoFriends``, loaded first) have a short conversation, so the Messages
/// screen of a fresh `make run` has history to show. Idempotent: the
/// conversation is written only while the pair has none.
enum DemoMessages {
    static let conversation: [(fromAlice: Bool, text: String)] = [
        (true, "Hi Bob! Did you see the screenshot I took of that recipe app?"),
        (false, "Yes! The layout is lovely. I tried the pancake recipe this morning."),
        (true, "And? Worth the hype?"),
        (false, "Fluffiest pancakes I ever made. Come over on Sunday and I'll cook some."),
        (true, "Deal. I'll bring the maple syrup."),
    ]

    /// Writes alice and bob's conversation, a minute apart, ending five minutes ago.
    static func load(on connection: PostgresConnection) async throws {
        let rows = try await connection.query("""
            SELECT (SELECT id FROM users WHERE lower(email) = 'alice@demo.quarry.dev') AS alice,
                   (SELECT id FROM users WHERE lower(email) = 'bob@demo.quarry.dev') AS bob
            """)
        guard let alice = try rows[0].decode("alice", as: UUID?.self), let bob = try rows[0].decode("bob", as: UUID?.self) else {
            return
        }
        let existing = try await connection.query("""
            SELECT 1 FROM messages WHERE user_low = least(\(alice), \(bob)::uuid) AND user_high = greatest(\(alice), \(bob)::uuid)
            LIMIT 1
            """)
        guard existing.isEmpty else { return }
        for (index, line) in conversation.enumerated() {
            let minutesAgo = 5 + conversation.count - 1 - index
            _ = try await connection.execute("""
                INSERT INTO messages (sender_id, recipient_id, text, created_at)
                VALUES (\(line.fromAlice ? alice : bob), \(line.fromAlice ? bob : alice), \(line.text),
                        now() - \(minutesAgo) * interval '1 minute')
                """)
        }
    }
}
