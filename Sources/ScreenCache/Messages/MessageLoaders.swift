import Accounts
import Foundation
import GraphQLExecution
import Postgres

/// The batch loaders of the messages area (DESIGN.md "One round trip per
/// level"): the last message of each user of a list costs one statement per
/// level of the response, however many users it holds (a message's sender and
/// recipient come from the shared ``UserLoader``). The viewer is part of every
/// key, since which conversation is meant depends on who asks.
package struct MessageLoaders: Sendable {
    /// The conversation of `viewer` with `user`.
    struct Key: Hashable, Sendable {
        let viewer: UUID?
        let user: UUID
    }

    let lastMessages: BatchLoader<Key, MessageRecord>

    init(database: PostgresPool) {
        lastMessages = BatchLoader(masking: { keys in
            try await Self.byViewer(keys) { viewer, others in
                guard let viewer else { return [] }
                return try await MessageQueries.lastMessages(of: viewer, with: others, database: database).map { ($0.key, $0.value) }
            }
        })
    }

    /// Runs `load` once per viewer among `keys` (a request has one) with that
    /// viewer's users, and answers every key.
    private static func byViewer<Value: Sendable>(
        _ keys: [Key], _ load: (UUID?, [UUID]) async throws -> [(UUID, Value)]
    ) async throws -> [Key: Value] {
        var answers: [Key: Value] = [:]
        answers.reserveCapacity(keys.count)
        for (viewer, group) in Dictionary(grouping: keys, by: \.viewer) {
            for (user, value) in try await load(viewer, group.map(\.user)) {
                answers[Key(viewer: viewer, user: user)] = value
            }
        }
        return answers
    }
}
