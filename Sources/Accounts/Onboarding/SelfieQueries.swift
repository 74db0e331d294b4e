import AppCore
import Foundation
import Postgres

/// The reads of `selfie_verifications` (db/migrations/0003_media.sql).
package enum SelfieQueries {
    /// The user's selfie verifications, newest first.
    static func list(of userID: UUID, first: Int, context: QuarryContext) async throws -> [SelfieVerificationRecord] {
        try await context.database.query("""
            SELECT \(SelfieVerificationRecord.columns) FROM selfie_verifications v
            WHERE v.user_id = \(userID) ORDER BY v.created_at DESC, v.id LIMIT \(first)
            """).map { try SelfieVerificationRecord(row: $0, publicURL: context.publicURL) }
    }

    /// One page of the selfies waiting for review, oldest first (the first sent
    /// is the first reviewed): a keyset range of `selfie_verifications_pending_idx`.
    package static func pending(page: PageRequest, context: QuarryContext) async throws -> Connection<SelfieVerificationRecord> {
        let query = PageQuery(
            columns: SelfieVerificationRecord.columns, from: "selfie_verifications v", condition: "v.status = 'PENDING'",
            time: "v.created_at", id: "v.id"
        )
        return try await ListPages.read(page: page, query: query, database: context.database) {
            try SelfieVerificationRecord(row: $0, publicURL: context.publicURL)
        }
    }
}
