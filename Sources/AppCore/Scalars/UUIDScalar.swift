import Foundation
import GraphQLType

/// The `UUID` scalar (API.md "Conventions"; schema/feed.graphql): an RFC 9562
/// UUID as text, answered in lowercase (spec §3.5.1 "Custom scalars": result
/// and input coercion). The Essential Feed client reads a feed image's `id`
/// as a UUID, so its ids are these rather than opaque global ids.
public enum UUIDScalar {
    public static let coercion = GraphQLScalarCoercion(
        serialize: { value in
            switch value {
            case let uuid as UUID:
                return .string(uuid.uuidString.lowercased())
            case let text as String:
                guard let uuid = UUID(uuidString: text) else { throw ScalarCoercionError("UUID cannot represent \"\(text)\".") }
                return .string(uuid.uuidString.lowercased())
            default:
                throw ScalarCoercionError("UUID cannot represent a non-UUID value: \(value)")
            }
        },
        parseValue: { value in
            guard case .string(let text) = value, let uuid = UUID(uuidString: text) else {
                throw ScalarCoercionError("UUID must be a string such as \"6f1c1f9e-3b7e-4d4e-9a59-2c1f0e6b8d21\".")
            }
            return .string(uuid.uuidString.lowercased())
        }
    )
}
