import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType

/// `StoreInput` checked: the issuer, a name and an address to show, and the store's point. The issuer, name and
/// address rules that fail are listed together in `extensions.fields`; the point's range is checked by
/// ``GeoPoint/read(_:field:)`` once they pass.
struct StoreForm: Sendable {
    let issuerID: UUID
    let name: String
    let address: String
    let location: GeoPoint

    static let maxNameLength = 100
    static let maxAddressLength = 300

    init(_ input: GraphQLObjectValue) throws {
        var problems: [(field: String, message: String)] = []
        let issuer = GlobalID.id(of: IssuerRecord.self, input.optionalString("issuerId"))
        if issuer == nil { problems.append(("issuerId", CardErrors.unknownIssuer)) }
        name = try input.string("name").trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty || name.unicodeScalars.count > Self.maxNameLength || name.unicodeScalars.contains("\u{0}") {
            problems.append(("name", "A store's name has 1 to \(Self.maxNameLength) characters."))
        }
        address = try input.string("address").trimmingCharacters(in: .whitespacesAndNewlines)
        if address.isEmpty || address.unicodeScalars.count > Self.maxAddressLength || address.unicodeScalars.contains("\u{0}") {
            problems.append(("address", "A store's address has 1 to \(Self.maxAddressLength) characters."))
        }
        guard problems.isEmpty, let issuer else { throw ClientError.invalidInput(problems) }
        guard let location = try GeoPoint.read(input["location"], field: "location") else {
            throw ClientError.invalidInput([("location", "Give the store's latitude and longitude.")])
        }
        issuerID = issuer
        self.location = location
    }
}
