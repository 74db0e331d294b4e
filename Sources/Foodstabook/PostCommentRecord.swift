import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `post_comments`, as `PostComment` reads it.
package struct PostCommentRecord: NodeRecord {
    package let id: UUID
    let postID: UUID
    let authorID: UUID
    let text: String
    let createdAt: Date

    package static let objectTypeName = "PostComment"

    /// The columns ``init(row:)`` reads, from `post_comments` aliased `c`.
    static let columns: SQL = "c.id, c.post_id, c.author_id, c.text, c.created_at"

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        postID = try row.decode("post_id", as: UUID.self)
        authorID = try row.decode("author_id", as: UUID.self)
        text = try row.decode("text", as: String.self)
        createdAt = try row.decode("created_at", as: Date.self)
    }

    package static let fieldReaders: [String: @Sendable (PostCommentRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "text": { $0.text }, "createdAt": { $0.createdAt },
    ]
}
