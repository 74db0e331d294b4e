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
struct UserLoader: Sendable {
    private struct Key: Hashable, Sendable {
        let id: UUID
        let viewer: UUID?
    }

    private let loader: BatchLoader<Key, UserRecord>

    init(database: PostgresPool) {
        loader = BatchLoader { keys in
            do {
                return try await Self.users(keys, database: database)
            } catch {
                throw ErrorMasking.fieldError(error)
            }
        }
    }

    /// The user `id` as the request's viewer sees them; `null` when there is no such user.
    func load(_ id: UUID, _ context: QuarryContext) -> LoadRequest {
        loader.load(Key(id: id, viewer: context.viewer?.userID))
    }

    /// One statement per viewer among `keys` (a request has one).
    private static func users(_ keys: [Key], database: PostgresPool) async throws -> [Key: UserRecord] {
        var answers: [Key: UserRecord] = [:]
        for (viewer, group) in Dictionary(grouping: keys, by: \.viewer) {
            let rows = try await database.query(
                "SELECT \(UserRecord.columns(seenBy: viewer)) FROM users u WHERE u.id = ANY(\(group.map(\.id)))"
            )
            for row in rows {
                let user = try UserRecord(row: row)
                answers[Key(id: user.id, viewer: viewer)] = user
            }
        }
        return answers
    }
}
