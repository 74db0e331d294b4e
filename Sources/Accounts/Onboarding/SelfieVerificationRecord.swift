import AppCore
import Foundation
import GraphQLExecution

/// A row of `selfie_verifications` as the `SelfieVerification` type reads it.
package struct SelfieVerificationRecord: NodeRecord {
    package let id: UUID
    let status: String
    let challenge: EmotionChallenge
    let createdAt: Date
    let imageURL: String
    let publicURL: String

    package static let objectTypeName = "SelfieVerification"
    package static let fieldReaders: [String: @Sendable (SelfieVerificationRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "status": { $0.status },
        "challenge": { EmotionChallengeView(challenge: $0.challenge, publicURL: $0.publicURL) },
        "createdAt": { $0.createdAt }, "imageUrl": { $0.imageURL },
    ]
}
