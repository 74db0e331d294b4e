import AppCore
import Foundation
import GraphQLLanguage
import Postgres

/// The screenshot mutations (seed screen-cache.md "Screenshots"): each one
/// checks its input before touching anything and writes in one transaction,
/// so a refused request changes nothing.
package enum ScreenshotChanges {
    /// Stores `file` (a PNG or JPEG, checked by content, at most
    /// ``MediaServices/maxScreenshotBytes``) as a screenshot of `owner`, shared
    /// with their friends, with `annotation`. A refused file leaves no row and no file (``MediaIngest``).
    static func upload(_ file: UploadedFile, annotation: String?, owner: UUID, context: QuarryContext) async throws -> ScreenshotRecord {
        let media = try context.requireMedia()
        return try await MediaIngest.storeImage(
            file, argument: "image", owner: owner, kind: .screenshot, visibility: .friends,
            maxBytes: media.maxScreenshotBytes, context: context
        ) { mediaID, connection in
            let id = try await connection.query("""
                INSERT INTO screenshots (owner_id, media_id, annotation) VALUES (\(owner), \(mediaID), \(annotation))
                RETURNING id
                """)[0].decode("id", as: UUID.self)
            return try ScreenshotRecord(row: try await connection.query("""
                SELECT \(ScreenshotRecord.columns) FROM screenshots s JOIN media m ON m.id = s.media_id WHERE s.id = \(id)
                """)[0])
        }
    }

    /// Replaces the annotation of `owner`'s screenshot `id`; someone else's, or
    /// one that does not exist, is ``ScreenshotInput/notFound`` and stays as it is.
    static func updateAnnotation(of id: UUID, to annotation: String?, owner: UUID, database: PostgresPool) async throws -> ScreenshotRecord {
        let rows = try await database.query("""
            UPDATE screenshots s SET annotation = \(annotation), updated_at = now()
            FROM media m WHERE m.id = s.media_id AND s.id = \(id) AND s.owner_id = \(owner)
            RETURNING \(ScreenshotRecord.columns)
            """)
        guard let row = rows.first else { throw ScreenshotInput.notFound }
        return try ScreenshotRecord(row: row)
    }

    /// Deletes `ids` (all `owner`'s) and their media rows in one transaction, or
    /// nothing when any is not `owner`'s (``ScreenshotInput/notAllFound``).
    ///
    /// The image bytes stay in the content-addressed store: the same bytes may
    /// belong to another medium, and a file is only ever added, never replaced,
    /// so a concurrent upload of the same bytes can never lose its file.
    static func delete(_ ids: [UUID], owner: UUID, database: PostgresPool) async throws -> [UUID] {
        guard !ids.isEmpty else { return [] }
        try await database.withTransaction { connection in
            let deleted = try await connection.query("""
                DELETE FROM screenshots WHERE id = ANY(\(ids)) AND owner_id = \(owner) RETURNING media_id
                """)
            guard deleted.count == ids.count else { throw ScreenshotInput.notAllFound }
            let media = try deleted.map { try $0.decode("media_id", as: UUID.self) }
            _ = try await connection.execute("DELETE FROM media WHERE id = ANY(\(media)) AND owner_id = \(owner)")
        }
        return ids
    }
}
