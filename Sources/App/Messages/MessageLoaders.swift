import Foundation
import GraphQLExecution
import Postgres

/// The batch loaders of the messages area (DESIGN.md "One round trip per
/// level"): a conversation's senders and recipients, and the last message of
/// each user of a list, each cost one statement per level of the response,
/// however many messages or users it holds. The viewer is part of every key,
/// since what a user looks like (their friendship with the viewer) and which
/// conversation is meant both depend on who asks.
struct MessageLoaders: Sendable {
    /// A user as `viewer` sees them, or the conversation of `viewer` with that user.
    struct Key: Hashable, Sendable {
        let viewer: UUID?
        let user: UUID
    }

    let users: BatchLoader<Key, UserRecord>
    let lastMessages: BatchLoader<Key, MessageRecord>

    init(database: PostgresPool) {
        users = BatchLoader { keys in
            try await Self.byViewer(keys) { viewer, ids in
                let rows = try await database.query(
                    "SELECT \(UserRecord.columns(seenBy: viewer)) FROM users u WHERE u.id = ANY(\(ids))"
                )
                return try rows.map { row in
                    let user = try UserRecord(row: row)
                    return (user.id, user)
                }
            }
        }
        lastMessages = BatchLoader { keys in
            try await Self.byViewer(keys) { viewer, others in
                guard let viewer else { return [] }
                return try await Messages.lastMessages(of: viewer, with: others, database: database).map { ($0.key, $0.value) }
            }
        }
    }

    /// Runs `load` once per viewer among `keys` (a request has one) with that
    /// viewer's users, and answers every key; errors become field errors.
    private static func byViewer<Value: Sendable>(
        _ keys: [Key], _ load: (UUID?, [UUID]) async throws -> [(UUID, Value)]
    ) async throws -> [Key: Value] {
        var answers: [Key: Value] = [:]
        do {
            for (viewer, group) in Dictionary(grouping: keys, by: \.viewer) {
                for (user, value) in try await load(viewer, group.map(\.user)) {
                    answers[Key(viewer: viewer, user: user)] = value
                }
            }
        } catch {
            throw ErrorMasking.fieldError(error)
        }
        return answers
    }
}
