import Foundation
import GraphQLExecution
import GraphQLType
import Postgres

/// A row of `selfie_verifications` as the `SelfieVerification` type reads it.
struct SelfieVerificationRecord: NodeRecord {
    let id: UUID
    let status: String
    let challenge: EmotionChallenge
    let createdAt: Date
    let imageURL: String
    let publicURL: String

    static let objectTypeName = "SelfieVerification"
    static let fieldReaders: [String: @Sendable (SelfieVerificationRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "status": { $0.status },
        "challenge": { EmotionChallengeView(challenge: $0.challenge, publicURL: $0.publicURL) },
        "createdAt": { $0.createdAt }, "imageUrl": { $0.imageURL },
    ]
}

/// `submitSelfie` (API.md "Onboarding"): the selfie is stored as a private
/// medium and a PENDING verification row is written in the same transaction;
/// an administrator's approval later sets `users.emotion_verified_at`, which
/// `viewer.onboarding.emotionVerified` reads.
enum SelfieSubmission {
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
