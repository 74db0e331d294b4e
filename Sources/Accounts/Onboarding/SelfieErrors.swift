import Foundation
import AppCore
import GraphQLLanguage

/// The errors of the selfie review (schema/administration.graphql `reviewSelfie`).
package enum SelfieErrors {
    package static let notFound = ClientError.make("SELFIE_NOT_FOUND", "This selfie verification does not exist.")
    static let alreadyReviewed = ClientError.make(
        "SELFIE_ALREADY_REVIEWED", "This selfie has already been reviewed; the list of pending selfies has changed."
    )
    /// The longest rejection reason, in characters.
    static let maxReasonLength = 500

    /// The reason to store: trimmed, `nil` when blank, at most ``maxReasonLength`` characters.
    package static func reason(_ text: String?) throws(GraphQLError) -> String? {
        guard let reason = text?.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty else { return nil }
        if reason.count > maxReasonLength {
            throw ClientError.invalidInput([("reason", "The reason can be at most \(maxReasonLength) characters long.")])
        }
        return reason
    }
}
