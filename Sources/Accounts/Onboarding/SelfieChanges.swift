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
                INSERT INTO selfie_verifications AS v (user_id, media_id, challenge_id)
                VALUES (\(viewer.userID), \(mediaID), \(challenge.id))
                RETURNING \(SelfieVerificationRecord.columns)
                """)
            return try SelfieVerificationRecord(row: rows[0], publicURL: publicURL)
        }
    }

    /// `reviewSelfie`: an administrator's decision on a PENDING selfie, in one
    /// transaction with its event. Approval verifies the user's emotion step
    /// (`users.emotion_verified_at`, which `onboarding.emotionVerified` reads);
    /// a rejection, with its reason, leaves the step open: the user sends a new
    /// selfie for a new challenge.
    package static func review(
        _ id: UUID, approve: Bool, reason: String?, by admin: Viewer, context: QuarryContext
    ) async throws -> SelfieVerificationRecord {
        try await context.database.withTransaction { connection in
            let rows = try await connection.query("""
                UPDATE selfie_verifications v
                SET status = \(approve ? "APPROVED" : "REJECTED"), reason = \(reason), reviewed_by = \(admin.userID),
                    reviewed_at = now()
                WHERE v.id = \(id) AND v.status = 'PENDING'
                RETURNING \(SelfieVerificationRecord.columns)
                """)
            guard let row = rows.first else {
                let known = try await !connection.query("SELECT 1 FROM selfie_verifications WHERE id = \(id)").isEmpty
                throw known ? SelfieErrors.alreadyReviewed : SelfieErrors.notFound
            }
            let selfie = try SelfieVerificationRecord(row: row, publicURL: context.publicURL)
            if approve {
                _ = try await connection.execute("""
                    UPDATE users SET emotion_verified_at = coalesce(emotion_verified_at, now()), updated_at = now()
                    WHERE id = \(selfie.userID)
                    """)
            }
            var details = ["by": admin.userID.lowercasedText, "selfie": id.lowercasedText]
            if let reason { details["reason"] = reason }
            try await (approve ? AccountEvent.selfieApproved : .selfieRejected).record(
                userID: selfie.userID, details: details, context: context, on: connection
            )
            return selfie
        }
    }
}
