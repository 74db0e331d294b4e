import AppCore
import Foundation
import Postgres

/// My Cards' writes, each in one transaction that checks before it writes. A card is its owner's alone:
/// every statement has `owner_id = owner`, so another user's card is left alone and answered as missing.
package enum CardChanges {
    /// Saves a new card of `owner`. A front photo goes through the media pipeline (a PRIVATE medium:
    /// `GET /media/{id}` serves it to its owner and ADMIN), and when the form has no dominant colours the
    /// photo's are computed before the transaction starts.
    static func create(_ form: CardForm, owner: UUID, context: QuarryContext) async throws -> CardRecord {
        try await write(form, owner: owner, context: context) { mediaID, colors, connection in
            try await connection.query("""
                INSERT INTO cards (owner_id, name, barcode_value, barcode_format, background, dominant_colors, front_media_id,
                                   card_area, issuer_id)
                VALUES (\(owner), \(form.name), \(form.barcodeValue), \(form.barcodeFormat.rawValue), \(form.background),
                        \(colors ?? []), \(mediaID), \(areaLiteral(form))::float8[], \(form.issuerID))
                RETURNING id
                """)
        }
    }

    /// Replaces card `id`'s fields with `form`'s. `frontPhoto`, `dominantColors` and `cardArea` keep the
    /// card's own when absent (an app renaming a card does not send its photo again); a new photo replaces
    /// the old one, whose medium is deleted in the same transaction, and clears an area not given with it.
    static func update(_ id: UUID, with form: CardForm, owner: UUID, context: QuarryContext) async throws -> CardRecord {
        try await write(form, owner: owner, context: context) { mediaID, colors, connection in
            try await connection.query("""
                WITH old AS (SELECT id, front_media_id FROM cards WHERE id = \(id) AND owner_id = \(owner) FOR UPDATE),
                changed AS (
                    UPDATE cards c SET name = \(form.name), barcode_value = \(form.barcodeValue),
                        barcode_format = \(form.barcodeFormat.rawValue), background = \(form.background),
                        dominant_colors = COALESCE(\(colors)::text[], c.dominant_colors),
                        front_media_id = COALESCE(\(mediaID)::uuid, c.front_media_id),
                        card_area = CASE WHEN \(areaLiteral(form))::text IS NOT NULL THEN \(areaLiteral(form))::float8[]
                                         WHEN \(mediaID)::uuid IS NOT NULL THEN NULL ELSE c.card_area END,
                        issuer_id = \(form.issuerID)
                    FROM old WHERE c.id = old.id
                    RETURNING c.id, old.front_media_id AS replaced_media_id
                ),
                replaced AS (
                    DELETE FROM media WHERE \(mediaID)::uuid IS NOT NULL AND id = (SELECT replaced_media_id FROM changed)
                )
                SELECT id FROM changed
                """)
        }
    }

    /// Deletes card `id` of `owner` with its front photo's medium; ``CardErrors/cardNotFound`` when `owner` has no such card.
    static func delete(_ id: UUID, owner: UUID, database: PostgresPool) async throws {
        let rows = try await database.query("""
            WITH gone AS (DELETE FROM cards WHERE id = \(id) AND owner_id = \(owner) RETURNING id, front_media_id),
            photo AS (DELETE FROM media WHERE id = (SELECT front_media_id FROM gone))
            SELECT id FROM gone
            """)
        guard !rows.isEmpty else { throw CardErrors.cardNotFound }
    }

    /// Records that card `id` of `owner` was just shown at a till (`recentCards`' order).
    static func markUsed(_ id: UUID, owner: UUID, database: PostgresPool) async throws -> CardRecord {
        let rows = try await database.query("""
            WITH used AS (UPDATE cards SET last_used_at = clock_timestamp() WHERE id = \(id) AND owner_id = \(owner) RETURNING *)
            SELECT \(CardRecord.columns) FROM used c LEFT JOIN issuers i ON i.id = c.issuer_id
            """)
        guard let row = rows.first else { throw CardErrors.cardNotFound }
        return try CardRecord(row: row)
    }

    /// Runs `statement` (which returns the card's id, or no row when it is not the owner's) in one transaction
    /// after checking the issuer, with the new photo's medium and the colours to store (`nil`: keep the card's).
    private static func write(
        _ form: CardForm, owner: UUID, context: QuarryContext,
        statement: @escaping @Sendable (_ mediaID: UUID?, _ colors: [String]?, _ connection: PostgresConnection) async throws -> [PostgresRow]
    ) async throws -> CardRecord {
        let save: @Sendable (UUID?, [String]?, PostgresConnection) async throws -> CardRecord = { mediaID, colors, connection in
            if let issuer = form.issuerID, try await connection.query("SELECT 1 FROM issuers WHERE id = \(issuer)").isEmpty {
                throw ClientError.invalidInput([("issuerId", CardErrors.unknownIssuer)])
            }
            guard let row = try await statement(mediaID, colors, connection).first else { throw CardErrors.cardNotFound }
            let id = try row.decode("id", as: UUID.self)
            return try CardRecord(row: try await connection.query("SELECT \(CardRecord.columns) FROM \(CardRecord.from) WHERE c.id = \(id)")[0])
        }
        guard let photo = form.frontPhoto else {
            return try await context.database.withTransaction { connection in try await save(nil, form.dominantColors, connection) }
        }
        let given = form.dominantColors
        return try await MediaIngest.storeImage(
            photo, argument: "frontPhoto", owner: owner, kind: .image, visibility: .private, context: context,
            analyze: { path in
                if let given { return given }
                return try await DominantColors.of(imageAt: path)
            },
            record: { mediaID, colors, connection in try await save(mediaID, colors, connection) }
        )
    }

    /// The card area as an array literal for `float8[]` (the driver binds no `Double` arrays), or `nil`.
    private static func areaLiteral(_ form: CardForm) -> String? {
        form.cardAreaColumn.map { "{" + $0.map { String($0) }.joined(separator: ",") + "}" }
    }
}
