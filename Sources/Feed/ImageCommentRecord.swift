import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `image_comments` with its author's nickname, as `ImageComment`
/// and the REST payload read it (`author { username }`: the app shows the
/// nickname and nothing else of the author).
package struct ImageCommentRecord: NodeRecord {
    package let id: UUID
    let imageID: UUID
    let authorID: UUID
    package let message: String
    package let username: String
    package let createdAt: Date

    package static let objectTypeName = "ImageComment"

    /// The columns ``init(row:)`` reads, from `image_comments` aliased `c` joined to `users` aliased `u` (the author).
    static let columns: SQL = "c.id, c.image_id, c.author_id, c.message, u.nickname, c.created_at"
    static let from: SQL = "image_comments c JOIN users u ON u.id = c.author_id"

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        imageID = try row.decode("image_id", as: UUID.self)
        authorID = try row.decode("author_id", as: UUID.self)
        message = try row.decode("message", as: String.self)
        username = try row.decode("nickname", as: String.self)
        createdAt = try row.decode("created_at", as: Date.self)
    }

    package static let fieldReaders: [String: @Sendable (ImageCommentRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "message": { $0.message }, "createdAt": { $0.createdAt },
        "author": { ImageCommentAuthor(username: $0.username) },
    ]
}

/// `ImageCommentAuthor`: the name a comment shows.
struct ImageCommentAuthor: GraphQLRecord, Sendable {
    let username: String

    static let objectTypeName = "ImageCommentAuthor"
    static let fieldReaders: [String: @Sendable (ImageCommentAuthor) -> (any Sendable)?] = ["username": { $0.username }]
}
