import AppCore
import Foundation
import Postgres

/// One page of one image's comments: what `FeedImage.comments` asks its loader for.
struct ImageCommentPageKey: ChildPageKey {
    let imageID: UUID
    let page: PageRequest

    var parent: UUID { imageID }
    /// Every image's comments are read by the same statement text.
    var shape: Bool { true }
}

/// The feed's reads: the feed itself, one image, and images' comments. Who
/// may see an image is decided here, in the statement, once
/// (``visible(to:)``): the GraphQL fields and the REST routes both read
/// through these functions.
package enum FeedQueries {
    /// Whether `viewer` may see the feed image aliased `f` (statement text):
    /// a guest sees PUBLIC images; a user also their own and their friends';
    /// ADMIN and above see every image.
    static func visible(to viewer: Viewer?) -> SQL {
        guard let viewer else { return "f.visibility = 'PUBLIC'" }
        if viewer.role >= .admin { return "TRUE" }
        return """
            (f.visibility = 'PUBLIC' OR f.author_id = \(viewer.userID)
             OR EXISTS (SELECT 1 FROM friendships vf WHERE vf.user_id = \(viewer.userID) AND vf.friend_id = f.author_id))
            """
    }

    /// Whether the image aliased `f` is in `viewer`'s feed (statement text): a
    /// signed-in user's own and friends' images (both visibilities), a guest's
    /// PUBLIC images (issue 14).
    static func inFeed(of viewer: Viewer?) -> SQL {
        guard let viewer else { return "f.visibility = 'PUBLIC'" }
        return "f.author_id IN (\(authors(inFeedOf: viewer)))"
    }

    /// The authors of a signed-in `viewer`'s feed as a one-column select (`author`):
    /// the viewer and their friends.
    static func authors(inFeedOf viewer: Viewer) -> SQL {
        "SELECT \(viewer.userID)::uuid AS author UNION ALL SELECT friend_id FROM friendships WHERE user_id = \(viewer.userID)"
    }

    /// One page of `viewer`'s feed, newest first (``inFeed(of:)``). A signed-in
    /// user's page reads each author's newest images after the cursor from the
    /// (author_id, created_at, id) index, at most a page of them per author, and
    /// keeps the newest of those: its cost follows the friends and the page, not
    /// the images they have (an `author_id IN (…)` filter read every image of
    /// every friend before sorting: 6.5 ms for 255 of them in `make bench-feed`).
    package static func feed(for viewer: Viewer?, page: PageRequest, database: PostgresPool) async throws -> Connection<FeedImageRecord> {
        let from: SQL = if let viewer {
            """
            (\(authors(inFeedOf: viewer))) a
            CROSS JOIN LATERAL (
                SELECT * FROM feed_images i
                WHERE i.author_id = a.author AND \(page.condition(time: "i.created_at", id: "i.id"))
                ORDER BY \(page.ordering(time: "i.created_at", id: "i.id")) LIMIT \(page.limit)
            ) f
            JOIN media m ON m.id = f.media_id
            """
        } else {
            "feed_images f JOIN media m ON m.id = f.media_id"
        }
        let query = PageQuery(
            columns: FeedImageRecord.columns, from: from, condition: viewer == nil ? inFeed(of: nil) : "TRUE",
            time: "f.created_at", id: "f.id"
        )
        return try await ListPages.read(page: page, query: query, database: database, record: FeedImageRecord.init(row:))
    }

    /// The position of image `id` in `viewer`'s feed, for the REST `after_id`;
    /// `nil` when the image is not in that feed.
    package static func cursor(of id: UUID, inFeedOf viewer: Viewer?, database: PostgresPool) async throws -> Cursor? {
        let rows = try await database.query("SELECT f.created_at, f.id FROM feed_images f WHERE f.id = \(id) AND \(inFeed(of: viewer))")
        return try rows.first.map { Cursor(time: try $0.decode("created_at", as: Date.self), id: try $0.decode("id", as: UUID.self)) }
    }

    /// Image `id` if `viewer` may see it.
    package static func image(_ id: UUID, seenBy viewer: Viewer?, database: PostgresPool) async throws -> FeedImageRecord? {
        try await database.query("""
            SELECT \(FeedImageRecord.columns) FROM feed_images f JOIN media m ON m.id = f.media_id
            WHERE f.id = \(id) AND \(visible(to: viewer))
            """).first.map(FeedImageRecord.init(row:))
    }

    /// How an image's comments are read: newest first, with their authors' nicknames.
    static let commentPages = PageQuery(
        columns: ImageCommentRecord.columns, from: ImageCommentRecord.from, condition: "c.image_id = k.parent",
        time: "c.created_at", id: "c.id"
    )

    /// The comment pages of many images (already known to be visible to the
    /// caller: `FeedImage.comments` of a feed page), one statement per different page among `keys`.
    static func commentPages(_ keys: [ImageCommentPageKey], database: PostgresPool) async throws -> [ImageCommentPageKey: Connection<ImageCommentRecord>] {
        try await ChildPages.read(keys, database: database, query: { _ in commentPages }, record: ImageCommentRecord.init(row:))
    }

    /// One page of the comments of image `id`, or `nil` when `viewer` may not
    /// see the image (or it does not exist): one statement either way.
    package static func comments(
        ofImage id: UUID, seenBy viewer: Viewer?, page: PageRequest, database: PostgresPool
    ) async throws -> Connection<ImageCommentRecord>? {
        try await ChildPages.read(
            parents: [id], page: page, query: commentPages,
            parentTable: "(SELECT f.id FROM feed_images f WHERE \(visible(to: viewer))) AS visible_images",
            database: database, record: ImageCommentRecord.init(row:)
        )[id]
    }

    /// Comment `id` if `viewer` may see its image (`Query.node`).
    package static func comment(_ id: UUID, seenBy viewer: Viewer?, database: PostgresPool) async throws -> ImageCommentRecord? {
        try await database.query("""
            SELECT \(ImageCommentRecord.columns) FROM \(ImageCommentRecord.from) JOIN feed_images f ON f.id = c.image_id
            WHERE c.id = \(id) AND \(visible(to: viewer))
            """).first.map(ImageCommentRecord.init(row:))
    }
}
