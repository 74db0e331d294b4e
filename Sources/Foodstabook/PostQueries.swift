import AppCore
import Foundation
import Postgres

/// One page of one user's posts, as the viewer sees them: what `User.posts` asks its loader for.
struct PostPageKey: ChildPageKey {
    let authorID: UUID
    let viewer: UUID?
    let page: PageRequest

    var parent: UUID { authorID }
    /// Whether the viewer liked each post is part of the statement.
    var shape: UUID? { viewer }
}

/// One page of one post's comments: what `Post.comments` asks its loader for.
struct PostCommentPageKey: ChildPageKey {
    let postID: UUID
    let page: PageRequest

    var parent: UUID { postID }
    /// Every post's comments are read by the same statement text.
    var shape: Bool { true }
}

/// The posts' reads. Any signed-in user may see every live post (Foodstabook's
/// newsfeed shows everyone's recent posts); a deleted post is gone for
/// everyone the moment `deletePost` commits (``live``), until the purge job removes it.
package enum PostQueries {
    /// Whether the post aliased `p` is live (statement text).
    static let live: SQL = "p.deleted_at IS NULL"

    /// Pages of users' posts, newest first (``ChildPages``): each author's page
    /// is a keyset range of `posts_author_created_idx`.
    static func pages(_ keys: [PostPageKey], database: PostgresPool) async throws -> [PostPageKey: Connection<PostRecord>] {
        try await ChildPages.read(keys, database: database, query: { viewer in
            PageQuery(
                columns: PostRecord.columns(seenBy: viewer), from: PostRecord.from, condition: "p.author_id = k.parent AND \(live)",
                time: "p.created_at", id: "p.id"
            )
        }, record: PostRecord.init(row:))
    }

    /// How a post's comments are read: newest first.
    static let commentPages = PageQuery(
        columns: PostCommentRecord.columns, from: "post_comments c", condition: "c.post_id = k.parent", time: "c.created_at", id: "c.id"
    )

    /// The comment pages of many posts (already read as live), one statement per different page among `keys`.
    static func commentPages(_ keys: [PostCommentPageKey], database: PostgresPool) async throws -> [PostCommentPageKey: Connection<PostCommentRecord>] {
        try await ChildPages.read(keys, database: database, query: { _ in commentPages }, record: PostCommentRecord.init(row:))
    }

    /// Live post `id` as `viewer` sees it; `nil` for a guest (`Query.node`: posts are for signed-in users).
    package static func post(_ id: UUID, seenBy viewer: UUID?, database: PostgresPool) async throws -> PostRecord? {
        guard let viewer else { return nil }
        return try await read(id, seenBy: viewer, connection: nil, database: database)
    }

    /// Live post `id` as `viewer` sees it, on `connection` when given (to see its transaction's writes).
    static func read(_ id: UUID, seenBy viewer: UUID, connection: PostgresConnection?, database: PostgresPool) async throws -> PostRecord? {
        let statement: SQL = "SELECT \(PostRecord.columns(seenBy: viewer)) FROM \(PostRecord.from) WHERE p.id = \(id) AND \(live)"
        let rows = if let connection { try await connection.query(statement) } else { try await database.query(statement) }
        return try rows.first.map(PostRecord.init(row:))
    }

    /// Comment `id` of a live post, for a signed-in viewer (`Query.node`).
    package static func comment(_ id: UUID, seenBy viewer: UUID?, database: PostgresPool) async throws -> PostCommentRecord? {
        guard viewer != nil else { return nil }
        return try await database.query("""
            SELECT \(PostCommentRecord.columns) FROM post_comments c JOIN posts p ON p.id = c.post_id WHERE c.id = \(id) AND \(live)
            """).first.map(PostCommentRecord.init(row:))
    }
}
