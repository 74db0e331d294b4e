import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType

/// `IssuerInput` checked: a name, and optional links that must be absolute http(s) URLs (the app opens
/// them and loads the logo from them).
struct IssuerForm: Sendable {
    let name: String
    let logoURL: String?
    let website: String?

    static let maxNameLength = 100
    static let maxURLLength = 2_000

    init(_ input: GraphQLObjectValue) throws {
        var problems: [(field: String, message: String)] = []
        name = try input.string("name").trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty || name.unicodeScalars.count > Self.maxNameLength {
            problems.append(("name", "An issuer's name has 1 to \(Self.maxNameLength) characters."))
        }
        logoURL = Self.link(input.optionalString("logoUrl"), field: "logoUrl", problems: &problems)
        website = Self.link(input.optionalString("website"), field: "website", problems: &problems)
        if !problems.isEmpty { throw ClientError.invalidInput(problems) }
    }

    private static func link(_ text: String?, field: String, problems: inout [(field: String, message: String)]) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        let scheme = URLComponents(string: text)?.scheme?.lowercased()
        if text.count > maxURLLength || !(scheme == "http" || scheme == "https") || URLComponents(string: text)?.host?.isEmpty != false {
            problems.append((field, "Write an absolute http or https address of at most \(maxURLLength) characters."))
        }
        return text
    }
}
