import Foundation
import Postgres

/// Opaque global object ids (API.md "Conventions": `Node.id` is opaque and
/// global): base64url of `Type:uuid`, so `Query.node` knows which table to read
/// and clients cannot rely on what is inside.
public struct GlobalID: Sendable, Equatable {
    public let typeName: String
    public let id: UUID

    public init(typeName: String, id: UUID) {
        self.typeName = typeName
        self.id = id
    }

    /// Decodes an id a client sent; `nil` for anything that is not one of ours.
    public init?(_ text: String) {
        guard let plain = Base64URL.decode(text), let colon = plain.firstIndex(of: ":"),
              let id = UUID(canonicalText: String(plain[plain.index(after: colon)...]))
        else { return nil }
        self.init(typeName: String(plain[..<colon]), id: id)
    }

    /// The id of a `typeName` object a client sent, or `nil` when `text` is not
    /// one of ours or names an object of another type.
    public static func id(of typeName: String, _ text: String?) -> UUID? {
        guard let text, let decoded = GlobalID(text), decoded.typeName == typeName else { return nil }
        return decoded.id
    }

    /// The id as clients see it.
    public var text: String { Base64URL.encode("\(typeName):\(id.lowercasedText)") }
}
