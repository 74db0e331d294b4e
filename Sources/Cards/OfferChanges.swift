import AppCore
import Foundation
import Postgres

/// The offers' writes (ADMIN, by the schema's `@auth`), each in one transaction that checks the store before it
/// writes. An offer takes its issuer and location from its store (0017_offers.sql). A thumbnail goes through the
/// media pipeline as a PUBLIC medium: guests' apps show offers' thumbnails too.
package enum OfferChanges {
    static func create(_ form: OfferForm, admin: UUID, context: QuarryContext) async throws -> OfferRecord {
        try await write(form, admin: admin, context: context) { mediaID, connection in
            try await connection.query("""
                INSERT INTO offers (store_id, issuer_id, location, details, thumbnail_media_id, valid_from, valid_to)
                SELECT st.id, st.issuer_id, st.location, \(form.details), \(mediaID), \(form.validFrom), \(form.validTo)
                FROM stores st WHERE st.id = \(form.storeID)
                RETURNING id
                """)
        }
    }

    /// Replaces offer `id`'s fields with `form`'s; the thumbnail is kept when none is uploaded, and a new one
    /// replaces the old, whose medium is deleted in the same statement.
    static func update(_ id: UUID, with form: OfferForm, admin: UUID, context: QuarryContext) async throws -> OfferRecord {
        try await write(form, admin: admin, context: context) { mediaID, connection in
            try await connection.query("""
                WITH old AS (SELECT id, thumbnail_media_id FROM offers WHERE id = \(id) FOR UPDATE),
                changed AS (
                    UPDATE offers o SET store_id = st.id, issuer_id = st.issuer_id, location = st.location,
                        details = \(form.details), valid_from = \(form.validFrom), valid_to = \(form.validTo),
                        thumbnail_media_id = COALESCE(\(mediaID)::uuid, o.thumbnail_media_id)
                    FROM old, stores st WHERE o.id = old.id AND st.id = \(form.storeID)
                    RETURNING o.id, old.thumbnail_media_id AS replaced_media_id
                ),
                replaced AS (
                    DELETE FROM media WHERE \(mediaID)::uuid IS NOT NULL AND id = (SELECT replaced_media_id FROM changed)
                )
                SELECT id FROM changed
                """)
        }
    }

    /// Deletes offer `id` with its thumbnail's medium; ``OfferErrors/offerNotFound`` when there is no such offer.
    static func delete(_ id: UUID, database: PostgresPool) async throws {
        let rows = try await database.query("""
            WITH gone AS (DELETE FROM offers WHERE id = \(id) RETURNING id, thumbnail_media_id),
            thumbnail AS (DELETE FROM media WHERE id = (SELECT thumbnail_media_id FROM gone))
            SELECT id FROM gone
            """)
        guard !rows.isEmpty else { throw OfferErrors.offerNotFound }
    }

    /// Runs `statement` (which returns the offer's id, or no row when there is no such offer) in one transaction
    /// after checking the store, with the new thumbnail's medium when one was uploaded.
    private static func write(
        _ form: OfferForm, admin: UUID, context: QuarryContext,
        statement: @escaping @Sendable (_ mediaID: UUID?, _ connection: PostgresConnection) async throws -> [PostgresRow]
    ) async throws -> OfferRecord {
        let save: @Sendable (UUID?, PostgresConnection) async throws -> OfferRecord = { mediaID, connection in
            if try await connection.query("SELECT 1 FROM stores WHERE id = \(form.storeID)").isEmpty {
                throw ClientError.invalidInput([("storeId", OfferErrors.unknownStore)])
            }
            guard let row = try await statement(mediaID, connection).first,
                let offer = try await OfferQueries.offer(try row.decode("id", as: UUID.self), on: connection)
            else { throw OfferErrors.offerNotFound }
            return offer
        }
        guard let thumbnail = form.thumbnail else {
            return try await context.database.withTransaction { connection in try await save(nil, connection) }
        }
        return try await MediaIngest.storeImage(
            thumbnail, argument: "thumbnail", owner: admin, kind: .image, visibility: .public, context: context,
            record: { mediaID, connection in try await save(mediaID, connection) }
        )
    }
}
