import AppCore
import GraphQLLanguage

/// The coded errors of offers and stores (API.md "Conventions"): ADMIN's writes name what is missing; a
/// store or issuer an input names but that does not exist is a field error of that input.
package enum OfferErrors {
    static let offerNotFound = ClientError.make("NOT_FOUND", "This offer does not exist.")
    static let storeNotFound = ClientError.make("NOT_FOUND", "This store does not exist.")
    /// The field message of an `OfferInput.storeId` that names no store.
    static let unknownStore = "This store does not exist; choose one of the issuer's stores."
}
