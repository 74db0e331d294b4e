import AppCore
import Foundation
import Postgres

/// The reads of `selfie_verifications` (db/migrations/0003_media.sql).
package enum SelfieQueries {
    /// The user's selfie verifications, newest first.
    static func list(of userID: UUID, first: Int, context: QuarryContext) async throws -> [SelfieVerificationRecord] {
        let publicURL = context.publicURL
        let rows = try await context.database.query("""
            SELECT id, status, challenge_id, created_at, media_id FROM selfie_verifications
            WHERE user_id = \(userID) ORDER BY created_at DESC, id LIMIT \(first)
            """)
        return try rows.map { row in
            let challengeID = try row.decode("challenge_id", as: String.self)
            return SelfieVerificationRecord(
                id: try row.decode("id", as: UUID.self), status: try row.decode("status", as: String.self),
                challenge: EmotionChallenge.named(challengeID) ?? EmotionChallenge(id: challengeID, emotion: challengeID),
                createdAt: try row.decode("created_at", as: Date.self),
                imageURL: MediaQueries.url(of: try row.decode("media_id", as: UUID.self), publicURL: publicURL),
                publicURL: publicURL
            )
        }
    }
}
