import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType

/// `OfferInput` checked: every rule at once, each failure a field of `extensions.fields`, so the admin
/// dashboard marks every wrong field of its form in one round trip. `thumbnail` is the uploaded file.
struct OfferForm: Sendable {
    let storeID: UUID
    let details: String
    let validFrom: Date
    let validTo: Date
    let thumbnail: UploadedFile?

    static let maxDetailsLength = 2_000

    init(_ input: GraphQLObjectValue, context: QuarryContext) throws {
        var problems: [(field: String, message: String)] = []
        let store = GlobalID.id(of: StoreRecord.self, input.optionalString("storeId"))
        if store == nil { problems.append(("storeId", OfferErrors.unknownStore)) }
        details = try input.string("details").trimmingCharacters(in: .whitespacesAndNewlines)
        if details.isEmpty || details.unicodeScalars.count > Self.maxDetailsLength || details.unicodeScalars.contains("\u{0}") {
            problems.append(("details", "An offer's details have 1 to \(Self.maxDetailsLength) characters."))
        }
        let from = input.optionalDate("validFrom")
        let to = input.optionalDate("validTo")
        if let from, let to, from >= to {
            problems.append(("validTo", "An offer ends after it starts: validTo is later than validFrom."))
        }
        if let upload = input["thumbnail"], !upload.isNull {
            thumbnail = try context.uploadedFile(upload, argument: "thumbnail")
        } else {
            thumbnail = nil
        }
        // Both dates are DateTime! in the SDL, so coercion has already refused a missing or malformed one.
        guard problems.isEmpty, let store, let from, let to else { throw ClientError.invalidInput(problems) }
        storeID = store
        validFrom = from
        validTo = to
    }
}
