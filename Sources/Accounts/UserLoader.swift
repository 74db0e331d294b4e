import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// Users by id as the caller sees them (``UserRecord/viewerIsFriend`` set), for
/// every field that points at a user: a screenshot's owner, a message's sender
/// and recipient, a friend request's two users. One loader serves them all, so
/// such a field under a list costs one statement for the whole level (DESIGN.md
/// "One round trip per level"), and a user met twice in a level is read once.
/// It holds no per-request state (see `BatchLoader`): one is made when the
/// schema is bound and shared by every request.
package struct UserLoader: Sendable {
    private struct Key: Hashable, Sendable {
        let id: UUID
        let viewer: UUID?
    }

    private let loader: BatchLoader<Key, UserRecord>

    package init(database: PostgresPool) {
        loader = BatchLoader(masking: { keys in
            var answers: [Key: UserRecord] = [:]
            answers.reserveCapacity(keys.count)
            // One statement per viewer among the keys (a request has one).
            for (viewer, group) in Dictionary(grouping: keys, by: \.viewer) {
                for user in try await UserQueries.users(ids: group.map(\.id), seenBy: viewer, database: database) {
                    answers[Key(id: user.id, viewer: viewer)] = user
                }
            }
            return answers
        })
    }

    /// The user `id` as the request's viewer sees them; `null` when there is no such user.
    package func load(_ id: UUID, _ context: QuarryContext) -> LoadRequest {
        loader.load(Key(id: id, viewer: context.viewer?.userID))
    }
}
