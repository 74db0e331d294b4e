import Foundation

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
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let plain = String(data: data, encoding: .utf8),
              let colon = plain.firstIndex(of: ":"), let id = UUID(uuidString: String(plain[plain.index(after: colon)...]))
        else { return nil }
        self.init(typeName: String(plain[..<colon]), id: id)
    }

    /// The id as clients see it.
    public var text: String {
        Data("\(typeName):\(id.uuidString.lowercased())".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
