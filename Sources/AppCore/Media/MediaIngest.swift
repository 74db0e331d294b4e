import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GraphQLLanguage
import GraphQLType
import Postgres

/// Turns an uploaded file into a stored medium so that no `media` row ever
/// names a missing file, whatever crashes when (issue 5 "Media", issue 18
/// "Writes that survive a crash"): the file is checked first (nothing written
/// yet), then its bytes are put in the store (content-addressed, so storing
/// the same bytes again changes nothing), and only then do the `media` row
/// and whatever the caller records with it commit, in one transaction. If the
/// transaction fails, or the server dies before it commits, the file stays
/// without a row until the orphaned files' sweep removes it
/// (``MediaChanges/sweepOrphans(olderThan:store:database:)``, after a grace
/// period longer than any upload).
package enum MediaIngest {
    /// Stores the image uploaded as argument `argument` for `owner`, runs
    /// `record` in the same transaction with the new medium's id, and returns its
    /// result. `maxBytes` is the file's limit (default: ``MediaServices/maxUploadBytes``); every
    /// image, whatever its area, is held to ``MediaServices/maxImagePixels``; `requirements` are the
    /// area's own (by default any PNG or JPEG, stored as uploaded).
    package static func storeImage<T: Sendable>(
        _ file: UploadedFile, argument: String, owner: UUID, kind: MediaKind, visibility: MediaVisibility,
        maxBytes: Int? = nil, requirements: ImageRequirements = .pngOrJPEG, context: QuarryContext,
        record: @escaping @Sendable (_ mediaID: UUID, _ connection: PostgresConnection) async throws -> T
    ) async throws -> T {
        try await storeImage(
            file, argument: argument, owner: owner, kind: kind, visibility: visibility, maxBytes: maxBytes,
            requirements: requirements, context: context, analyze: { _ in () },
            record: { mediaID, _, connection in try await record(mediaID, connection) }
        )
    }

    /// ``storeImage(_:argument:owner:kind:visibility:maxBytes:requirements:context:record:)`` with a look
    /// at the pixels between the checks and the transaction: `analyze` gets the accepted file's path (a
    /// card's dominant colours), so no database connection is held while it works, and `record` gets its result.
    package static func storeImage<Analysis: Sendable, T: Sendable>(
        _ file: UploadedFile, argument: String, owner: UUID, kind: MediaKind, visibility: MediaVisibility,
        maxBytes: Int? = nil, requirements: ImageRequirements = .pngOrJPEG, context: QuarryContext,
        analyze: @escaping @Sendable (_ path: String) async throws -> Analysis,
        record: @escaping @Sendable (_ mediaID: UUID, _ analysis: Analysis, _ connection: PostgresConnection) async throws -> T
    ) async throws -> T {
        let media = try context.requireMedia()
        let image = try await ImageInspector.inspect(
            file, argument: argument, maxBytes: maxBytes ?? media.maxUploadBytes, maxPixels: media.maxImagePixels,
            requirements: requirements
        )
        let stored: Result<T, any Error>
        do {
            let analysis = try await analyze(image.path)
            stored = .success(try await store(
                image, owner: owner, kind: kind, visibility: visibility, media: media, context: context,
                record: { mediaID, connection in try await record(mediaID, analysis, connection) }
            ))
        } catch {
            stored = .failure(error)
        }
        // A normalised copy is this request's own temporary file: removed whether or not it was stored.
        if image.isCopy { _ = try? await Offload.run { _ = unlink(image.path) } }
        return try stored.get()
    }

    private static func store<T: Sendable>(
        _ image: InspectedImage, owner: UUID, kind: MediaKind, visibility: MediaVisibility, media: MediaServices,
        context: QuarryContext, record: @escaping @Sendable (_ mediaID: UUID, _ connection: PostgresConnection) async throws -> T
    ) async throws -> T {
        try await media.store.put(contentsOf: image.path, sha256: image.sha256)
        return try await context.database.withTransaction { connection in
            // The sweep's lock, shared, is held from here to the commit (``MediaChanges/sweepLock``).
            let rows = try await connection.query("""
                INSERT INTO media (owner_id, sha256, content_type, byte_size, width, height, kind, visibility)
                SELECT \(owner), \(image.sha256), \(image.contentType), \(image.byteSize), \(image.width), \(image.height),
                       \(kind.rawValue), \(visibility.rawValue)
                FROM pg_advisory_xact_lock_shared(\(MediaChanges.sweepLock))
                RETURNING id
                """)
            // Bytes stored earlier by someone else, as an orphan old enough for the sweep, may have been
            // removed since `put` found them there; under the lock they can be put back before the row commits.
            if try await !media.store.contains(image.sha256) {
                try await media.store.put(contentsOf: image.path, sha256: image.sha256)
            }
            return try await record(try rows[0].decode("id", as: UUID.self), connection)
        }
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
