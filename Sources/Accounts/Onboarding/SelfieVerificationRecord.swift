import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `selfie_verifications` (db/migrations/0003_media.sql) as the
/// `SelfieVerification` type reads it. The image and challenge URLs are made
/// on the public URL of the request that read the row.
package struct SelfieVerificationRecord: NodeRecord {
    package let id: UUID
    package let userID: UUID
    let status: String
    let challenge: EmotionChallenge
    let reason: String?
    let reviewedAt: Date?
    let createdAt: Date
    let imageURL: String
    let publicURL: String

    package static let objectTypeName = "SelfieVerification"

    /// The columns ``init(row:publicURL:)`` reads, from `selfie_verifications` aliased `v`.
    package static let columns: SQL = "v.id, v.user_id, v.status, v.challenge_id, v.reason, v.reviewed_at, v.created_at, v.media_id"

    package init(row: PostgresRow, publicURL: String) throws {
        id = try row.decode("id", as: UUID.self)
        userID = try row.decode("user_id", as: UUID.self)
        status = try row.decode("status", as: String.self)
        let challengeID = try row.decode("challenge_id", as: String.self)
        // A challenge retired since the selfie was sent still shows, named by its id.
        challenge = EmotionChallenge.named(challengeID) ?? EmotionChallenge(id: challengeID, emotion: challengeID)
        reason = try row.decode("reason", as: String?.self)
        reviewedAt = try row.decode("reviewed_at", as: Date?.self)
        createdAt = try row.decode("created_at", as: Date.self)
        imageURL = MediaQueries.url(of: try row.decode("media_id", as: UUID.self), publicURL: publicURL)
        self.publicURL = publicURL
    }

    package static let fieldReaders: [String: @Sendable (SelfieVerificationRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "status": { $0.status },
        "challenge": { EmotionChallengeView(challenge: $0.challenge, publicURL: $0.publicURL) },
        "reason": { $0.reason }, "reviewedAt": { $0.reviewedAt }, "createdAt": { $0.createdAt }, "imageUrl": { $0.imageURL },
    ]
}
