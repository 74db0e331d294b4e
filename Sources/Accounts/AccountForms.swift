import AppCore
import GraphQLLanguage
import GraphQLType

/// `SignUpInput` (schema/accounts.graphql) as the resolver read it: every
/// field typed, so `SignUp` validates values, not GraphQL input.
package struct SignUpForm: Sendable {
    let email: String
    let nickname: String
    let password: String
    let realName: String?
    let phone: String?
    let country: String?
    let zipCode: String?
    let acceptedTerms: Bool
    /// A `VerificationChannel` name (the SDL's default is `EMAIL`).
    let verificationChannel: String

    init(_ input: GraphQLObjectValue) throws(GraphQLError) {
        email = try input.string("email")
        nickname = try input.string("nickname")
        password = try input.string("password")
        realName = input.optionalString("realName")
        phone = input.optionalString("phone")
        country = input.optionalString("country")
        zipCode = input.optionalString("zipCode")
        acceptedTerms = try input.bool("acceptedTerms")
        verificationChannel = try input.string("verificationChannel")
    }
}

/// `ProfileInput` as the resolver read it: only the fields the client sent,
/// each with its text or `nil` when sent as `null` (which clears it), in
/// the order ``fields`` lists them.
package struct ProfileChanges: Sendable {
    /// The fields of `ProfileInput`, with the `users` column and the longest text each holds.
    static let fields: [(field: String, column: String, limit: Int)] = [
        ("bio", "bio", 500), ("realName", "real_name", 100), ("country", "country", 60), ("zipCode", "zip_code", 20),
        ("phone", "phone", 30),
    ]

    let changes: [(field: String, column: String, limit: Int, text: String?)]
    /// `homeLocation` as sent: `nil` when omitted, `.some(nil)` when sent as `null` (which clears it).
    let homeLocation: GeoPoint??

    init(_ input: GraphQLObjectValue) throws(GraphQLError) {
        changes = Self.fields.compactMap { field in
            guard let value = input[field.field] else { return nil }
            return (field.field, field.column, field.limit, value.stringValue)
        }
        homeLocation = try input["homeLocation"].map { value throws(GraphQLError) in try GeoPoint.read(value, field: "homeLocation") }
    }
}
