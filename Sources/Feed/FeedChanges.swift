import AppCore
import Foundation
import Postgres

/// The feed's writes: sharing and deleting images, commenting and deleting comments.
package enum FeedChanges {
    /// Shares `file` as a feed image of `author`: the media pipeline's checks
    /// and limits, then the image row in the medium's transaction.
    static func create(
        _ file: UploadedFile, description: String?, location: String?, visibility: FeedVisibility, author: UUID,
        context: QuarryContext
    ) async throws -> FeedImageRecord {
        try await MediaIngest.storeImage(
            file, argument: "image", owner: author, kind: .image, visibility: visibility.media, context: context
        ) { mediaID, connection in
            let id = try await connection.query("""
                INSERT INTO feed_images (author_id, media_id, description, location, visibility)
                VALUES (\(author), \(mediaID), \(description), \(location), \(visibility.rawValue))
                RETURNING id
                """)[0].decode("id", as: UUID.self)
            return try FeedImageRecord(row: try await connection.query("""
                SELECT \(FeedImageRecord.columns) FROM feed_images f JOIN media m ON m.id = f.media_id WHERE f.id = \(id)
                """)[0])
        }
    }

    /// Deletes image `id` with its comments and medium, when `viewer` is its
    /// author or ADMIN and above; otherwise (or when it does not exist) nothing
    /// changes and the answer is ``FeedInput/imageNotFound``.
    static func deleteImage(_ id: UUID, by viewer: Viewer, database: PostgresPool) async throws {
        let mayDeleteAny = viewer.role >= .admin
        let rows = try await database.query("""
            DELETE FROM media WHERE id = (
                SELECT media_id FROM feed_images WHERE id = \(id) AND (author_id = \(viewer.userID) OR \(mayDeleteAny))
            ) RETURNING id
            """)
        guard !rows.isEmpty else { throw FeedInput.imageNotFound }
    }

    /// Adds `viewer`'s comment to image `imageID`, which they must be able to see.
    static func comment(on imageID: UUID, message: String, by viewer: Viewer, database: PostgresPool) async throws -> ImageCommentRecord {
        let rows = try await database.query("""
            WITH added AS (
                INSERT INTO image_comments (image_id, author_id, message)
                SELECT f.id, \(viewer.userID), \(message) FROM feed_images f WHERE f.id = \(imageID) AND \(FeedQueries.visible(to: viewer))
                RETURNING *
            )
            SELECT \(ImageCommentRecord.columns) FROM added c JOIN users u ON u.id = c.author_id
            """)
        guard let row = rows.first else { throw FeedInput.imageNotFound }
        return try ImageCommentRecord(row: row)
    }

    /// Deletes comment `id` when `viewer` wrote it, owns its image, or is ADMIN
    /// and above; otherwise nothing changes and the answer is ``FeedInput/commentNotFound``.
    static func deleteComment(_ id: UUID, by viewer: Viewer, database: PostgresPool) async throws {
        let mayDeleteAny = viewer.role >= .admin
        let rows = try await database.query("""
            DELETE FROM image_comments c USING feed_images f
            WHERE c.id = \(id) AND f.id = c.image_id
              AND (c.author_id = \(viewer.userID) OR f.author_id = \(viewer.userID) OR \(mayDeleteAny))
            RETURNING c.id
            """)
        guard !rows.isEmpty else { throw FeedInput.commentNotFound }
    }
}
