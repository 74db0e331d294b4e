import Foundation
import GraphQLLanguage
import GraphQLType
import Postgres

/// Turns an uploaded file into a stored medium without ever leaving half of
/// one behind (issue 5 "Media"): the file is checked first (nothing written
/// yet), the `media` row and whatever the caller records with it commit in
/// one transaction, and only then are the bytes copied into the store; if
/// that copy fails the row is deleted again, so no row points at nothing and
/// no file is kept without a row.
package enum MediaIngest {
    /// Stores the image uploaded as argument `argument` for `owner`, runs
    /// `record` in the same transaction with the new medium's id, and returns its
    /// result. `maxBytes` is the file's limit (default: ``MediaServices/maxUploadBytes``); every
    /// image, whatever its area, is held to ``MediaServices/maxImagePixels``.
    package static func storeImage<T: Sendable>(
        _ file: UploadedFile, argument: String, owner: UUID, kind: MediaKind, visibility: MediaVisibility,
        maxBytes: Int? = nil, context: QuarryContext,
        record: @escaping @Sendable (_ mediaID: UUID, _ connection: PostgresConnection) async throws -> T
    ) async throws -> T {
        let media = try context.requireMedia()
        let image = try await ImageInspector.inspect(
            file, argument: argument, maxBytes: maxBytes ?? media.maxUploadBytes, maxPixels: media.maxImagePixels
        )
        let (mediaID, result) = try await context.database.withTransaction { connection in
            let rows = try await connection.query("""
                INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
                VALUES (\(owner), \(image.sha256), \(image.contentType), \(image.byteSize), \(image.width), \(image.height),
                        \(kind.rawValue), \(visibility.rawValue))
                RETURNING id
                """)
            let id = try rows[0].decode("id", as: UUID.self)
            return (id, try await record(id, connection))
        }
        do {
            try await media.store.put(contentsOf: image.path, sha256: image.sha256)
        } catch {
            context.logger.error("media store write failed; removing the row", metadata: ["error": "\(error)"])
            _ = try? await context.database.execute("DELETE FROM media WHERE id = \(mediaID)")
            throw error
        }
        return result
    }
}

package extension QuarryContext {
    /// The media services, or an error when this server was built without them.
    func requireMedia() throws -> MediaServices {
        guard let media else { throw GraphQLError("Media uploads are not configured on this server.") }
        return media
    }

    /// The file of this request that an `Upload` argument's value names.
    /// Variable coercion already refused any other value (``UploadScalar``);
    /// this only guards a resolver called with a value that bypassed it.
    func uploadedFile(_ value: GraphQLValue?, argument: String) throws -> UploadedFile {
        guard let placeholder = value?.stringValue, let file = uploads[placeholder] else {
            throw ClientError.make(
                "BAD_USER_INPUT", "Upload a file in a multipart request for \(argument).",
                fields: [(field: argument, message: "Upload a file in a multipart request.")]
            )
        }
        return file
    }
}
