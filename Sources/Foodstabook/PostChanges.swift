import AppCore
import Foundation
import Postgres

/// The posts' writes: publishing, editing, deleting and purging posts; likes and comments.
package enum PostChanges {
    /// Publishes `photo` as a post of `author`: the media pipeline with
    /// ``PostInput/photo``'s rules (the stored file is the fitted, metadata-free
    /// copy), then the post row in the medium's transaction. The photo is PUBLIC
    /// media: every signed-in user may see every live post, and its URL names
    /// only a random id.
    static func create(
        _ photo: UploadedFile, caption: String?, location: GeoPoint?, author: UUID, context: QuarryContext
    ) async throws -> PostRecord {
        try await MediaIngest.storeImage(
            photo, argument: "photo", owner: author, kind: .image, visibility: .public, maxBytes: PostInput.maxPhotoBytes,
            requirements: PostInput.photo, context: context
        ) { mediaID, connection in
            let id = try await connection.query("""
                INSERT INTO posts (author_id, media_id, caption, latitude, longitude)
                VALUES (\(author), \(mediaID), \(caption), \(location?.latitude), \(location?.longitude))
                RETURNING id
                """)[0].decode("id", as: UUID.self)
            guard let post = try await PostQueries.read(id, seenBy: author, connection: connection, database: context.database) else {
                throw PostInput.postNotFound
            }
            return post
        }
    }

    /// Replaces (or, with `nil`, removes) the caption of live post `id`, which `viewer` wrote.
    static func editCaption(_ id: UUID, caption: String?, by viewer: Viewer, database: PostgresPool) async throws -> PostRecord {
        let rows = try await database.query("""
            UPDATE posts p SET caption = \(caption) WHERE p.id = \(id) AND p.author_id = \(viewer.userID) AND \(PostQueries.live)
            RETURNING p.id
            """)
        guard !rows.isEmpty, let post = try await PostQueries.read(id, seenBy: viewer.userID, connection: nil, database: database) else {
            throw PostInput.postNotFound
        }
        return post
    }

    /// Hides post `id` from everyone at once, when `viewer` is its author or ADMIN
    /// and above: the post is marked deleted and its photo becomes PRIVATE media
    /// (`GET /media/{id}` answers 404 to everyone but its owner and ADMIN), in
    /// one statement. The purge job removes the photo and archives the post later (``archiveDeleted(olderThanDays:database:)``).
    static func delete(_ id: UUID, by viewer: Viewer, database: PostgresPool) async throws {
        let mayDeleteAny = viewer.role >= .admin
        let rows = try await database.query("""
            WITH hidden AS (
                UPDATE posts p SET deleted_at = now()
                WHERE p.id = \(id) AND \(PostQueries.live) AND (p.author_id = \(viewer.userID) OR \(mayDeleteAny))
                RETURNING p.media_id
            )
            UPDATE media SET visibility = 'PRIVATE' WHERE id IN (SELECT media_id FROM hidden) RETURNING id
            """)
        guard !rows.isEmpty else { throw PostInput.postNotFound }
    }

    /// Purges the posts deleted more than `days` days ago (foodstabook.md 2.5.2: "deleted from the photo
    /// database by at least 30 days"), in one statement: each post's own row moves to `posts_archive`, and its
    /// medium is deleted, which cascades to the post, its likes and comments; the media sweep then removes the
    /// files no medium names. Answers how many posts went.
    package static func archiveDeleted(olderThanDays days: Int, database: PostgresPool) async throws -> Int {
        try await database.query("""
            WITH due AS (
                SELECT id, author_id, media_id, caption, latitude, longitude, created_at, deleted_at FROM posts
                WHERE deleted_at < now() - \(days) * interval '1 day'
            ), archived AS (
                INSERT INTO posts_archive (id, author_id, caption, latitude, longitude, created_at, deleted_at)
                SELECT id, author_id, caption, latitude, longitude, created_at, deleted_at FROM due
            )
            DELETE FROM media WHERE id IN (SELECT media_id FROM due) RETURNING id
            """).count
    }

    /// Removes from `posts_archive` the posts deleted more than `days` days ago (foodstabook.md 2.5.2:
    /// "deleted from archived by 180 days from deletion"). Answers how many went.
    package static func removeArchived(olderThanDays days: Int, database: PostgresPool) async throws -> Int {
        try await database.query("""
            DELETE FROM posts_archive WHERE deleted_at < now() - \(days) * interval '1 day' RETURNING id
            """).count
    }

    /// `viewer` likes live post `id` (liking twice changes nothing); answers the post as they now see it.
    static func like(_ id: UUID, by viewer: Viewer, database: PostgresPool) async throws -> PostRecord {
        _ = try await database.execute("""
            INSERT INTO post_likes (post_id, user_id) SELECT p.id, \(viewer.userID) FROM posts p WHERE p.id = \(id) AND \(PostQueries.live)
            ON CONFLICT DO NOTHING
            """)
        return try await readLive(id, by: viewer, database: database)
    }

    /// `viewer` takes back their like of live post `id` (nothing to do when there is none).
    static func unlike(_ id: UUID, by viewer: Viewer, database: PostgresPool) async throws -> PostRecord {
        _ = try await database.execute("DELETE FROM post_likes WHERE post_id = \(id) AND user_id = \(viewer.userID)")
        return try await readLive(id, by: viewer, database: database)
    }

    private static func readLive(_ id: UUID, by viewer: Viewer, database: PostgresPool) async throws -> PostRecord {
        guard let post = try await PostQueries.read(id, seenBy: viewer.userID, connection: nil, database: database) else {
            throw PostInput.postNotFound
        }
        return post
    }

    /// Adds `viewer`'s comment to live post `postID`.
    static func comment(on postID: UUID, text: String, by viewer: Viewer, database: PostgresPool) async throws -> PostCommentRecord {
        let rows = try await database.query("""
            INSERT INTO post_comments AS c (post_id, author_id, text)
            SELECT p.id, \(viewer.userID), \(text) FROM posts p WHERE p.id = \(postID) AND \(PostQueries.live)
            RETURNING \(PostCommentRecord.columns)
            """)
        guard let row = rows.first else { throw PostInput.postNotFound }
        return try PostCommentRecord(row: row)
    }

    /// Deletes comment `id` when `viewer` wrote it, wrote its post, or is ADMIN
    /// and above; otherwise nothing changes and the answer is ``PostInput/commentNotFound``.
    static func deleteComment(_ id: UUID, by viewer: Viewer, database: PostgresPool) async throws {
        let mayDeleteAny = viewer.role >= .admin
        let rows = try await database.query("""
            DELETE FROM post_comments c USING posts p
            WHERE c.id = \(id) AND p.id = c.post_id AND \(PostQueries.live)
              AND (c.author_id = \(viewer.userID) OR p.author_id = \(viewer.userID) OR \(mayDeleteAny))
            RETURNING c.id
            """)
        guard !rows.isEmpty else { throw PostInput.commentNotFound }
    }
}
