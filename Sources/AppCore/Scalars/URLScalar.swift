import Foundation
import GraphQLType

/// The `URL` scalar (API.md "Conventions"): an absolute `http` or `https` URL
/// as text (spec §3.5.1 "Custom scalars"). Quarry answers media URLs with it;
/// as input it takes only absolute web URLs.
public enum URLScalar {
    public static let coercion = GraphQLScalarCoercion(
        serialize: { value in
            guard let text = value as? String else { throw ScalarCoercionError("URL cannot represent a non-string value: \(value)") }
            return .string(text)
        },
        parseValue: { value in
            guard case .string(let text) = value, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host != nil
            else { throw ScalarCoercionError("URL must be an absolute http or https URL such as \"https://example.com/a\".") }
            return .string(text)
        }
    )
}
