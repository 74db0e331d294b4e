import Foundation
import AppCore
import GraphQLLanguage

/// The errors of the administration area (schema/administration.graphql):
/// who may act on whom, and the inputs the operations check.
enum AdminErrors {
    static let userNotFound = ClientError.make("USER_NOT_FOUND", "This user does not exist.")
    static let ownAccount = ClientError.make(
        "FORBIDDEN", "You cannot block, delete or change the role of your own account here."
    )
    static let superAdmin = ClientError.make(
        "FORBIDDEN", "A super administrator's account cannot be changed through the API."
    )
    static let adminNeedsSuperAdmin = ClientError.make(
        "FORBIDDEN", "Only a super administrator can block, unblock or delete an administrator."
    )
    static let roleNotAssignable = ClientError.invalidInput([
        ("role", "Only USER and ADMIN can be given; super administrators are made with quarry create-super-admin."),
    ])

    /// The longest block reason, in characters.
    static let maxReasonLength = 500

    /// The reason to store: trimmed, not blank, at most ``maxReasonLength`` characters.
    static func blockReason(_ text: String) throws(GraphQLError) -> String {
        let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if reason.isEmpty {
            throw ClientError.invalidInput([("reason", "Say why the account is blocked.")])
        }
        if reason.count > maxReasonLength {
            throw ClientError.invalidInput([("reason", "The reason can be at most \(maxReasonLength) characters long.")])
        }
        return reason
    }
}
