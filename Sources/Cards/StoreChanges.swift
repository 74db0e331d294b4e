import AppCore
import Foundation
import Postgres

/// The stores' writes (ADMIN, by the schema's `@auth`), each one statement. A store's offers carry its issuer and
/// location (0017_offers.sql), so the statement that changes a store rewrites them too.
package enum StoreChanges {
    static func create(_ form: StoreForm, database: PostgresPool) async throws -> StoreRecord {
        let rows = try await database.query("""
            WITH created AS (
                INSERT INTO stores (issuer_id, name, address, location)
                SELECT id, \(form.name), \(form.address), \(form.location.geography) FROM issuers WHERE id = \(form.issuerID)
                RETURNING *
            )
            SELECT \(StoreRecord.columns) FROM created st JOIN issuers i ON i.id = st.issuer_id
            """)
        guard let row = rows.first else { throw ClientError.invalidInput([("issuerId", CardErrors.unknownIssuer)]) }
        return try StoreRecord(row: row)
    }

    /// Replaces store `id`'s fields with `form`'s; its offers move to the new issuer and location in the same statement.
    static func update(_ id: UUID, with form: StoreForm, database: PostgresPool) async throws -> StoreRecord {
        try await database.withTransaction { connection in
            if try await connection.query("SELECT 1 FROM issuers WHERE id = \(form.issuerID)").isEmpty {
                throw ClientError.invalidInput([("issuerId", CardErrors.unknownIssuer)])
            }
            let rows = try await connection.query("""
                WITH changed AS (
                    UPDATE stores SET issuer_id = \(form.issuerID), name = \(form.name), address = \(form.address),
                        location = \(form.location.geography)
                    WHERE id = \(id) RETURNING *
                ),
                moved AS (
                    UPDATE offers o SET issuer_id = changed.issuer_id, location = changed.location FROM changed
                    WHERE o.store_id = changed.id
                )
                SELECT \(StoreRecord.columns) FROM changed st JOIN issuers i ON i.id = st.issuer_id
                """)
            guard let row = rows.first else { throw OfferErrors.storeNotFound }
            return try StoreRecord(row: row)
        }
    }

    /// Deletes store `id` with its offers (the foreign key's cascade) and their thumbnails' media.
    static func delete(_ id: UUID, database: PostgresPool) async throws {
        let rows = try await database.query("""
            WITH gone AS (DELETE FROM stores WHERE id = \(id) RETURNING id),
            thumbnails AS (DELETE FROM media m USING offers o WHERE o.store_id = \(id) AND m.id = o.thumbnail_media_id)
            SELECT id FROM gone
            """)
        guard !rows.isEmpty else { throw OfferErrors.storeNotFound }
    }
}
