import AppCore
import Foundation
import Postgres

/// `submitSelfie` (API.md "Onboarding"): the selfie is stored as a private
/// medium and a PENDING verification row is written in the same transaction;
/// an administrator's approval later sets `users.emotion_verified_at`, which
/// `viewer.onboarding.emotionVerified` reads.
package enum SelfieChanges {
    static func submit(challengeID: String, selfie: UploadedFile, context: QuarryContext) async throws -> SelfieVerificationRecord {
        let viewer = try context.signedIn()
        guard let challenge = EmotionChallenge.named(challengeID) else {
            throw ClientError.make(
                "CHALLENGE_NOT_FOUND", "This emotion challenge does not exist. Please ask for a new picture.",
                fields: [(field: "challengeId", message: "This emotion challenge does not exist.")]
            )
        }
        let publicURL = context.publicURL
        return try await MediaIngest.storeImage(
            selfie, argument: "selfie", owner: viewer.userID, kind: .selfie, visibility: .private, context: context
        ) { mediaID, connection in
            let rows = try await connection.query("""
                INSERT INTO selfie_verifications (user_id, media_id, challenge_id)
                VALUES (\(viewer.userID), \(mediaID), \(challenge.id))
                RETURNING id, status, created_at
                """)
            return SelfieVerificationRecord(
                id: try rows[0].decode("id", as: UUID.self), status: try rows[0].decode("status", as: String.self),
                challenge: challenge, createdAt: try rows[0].decode("created_at", as: Date.self),
                imageURL: MediaQueries.url(of: mediaID, publicURL: publicURL), publicURL: publicURL
            )
        }
    }
}
