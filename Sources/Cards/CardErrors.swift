import AppCore
import GraphQLLanguage

/// The coded errors of My Cards (API.md "Conventions"). A card that does not exist and another user's card
/// get the same answer, so a card's id reveals nothing.
package enum CardErrors {
    static let cardNotFound = ClientError.make("NOT_FOUND", "This card does not exist.")
    static let issuerNotFound = ClientError.make("NOT_FOUND", "This issuer does not exist.")
    /// The field message of a `CardInput.issuerId` that names no issuer.
    static let unknownIssuer = "This issuer does not exist; choose one from the list."

    /// The field error of an issuer name another issuer already has (ignoring case).
    static let issuerNameTaken = ClientError.invalidInput([("name", "An issuer with this name already exists.")])
}
