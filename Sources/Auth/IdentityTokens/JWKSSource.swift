/// Where a provider's JSON Web Key Set (RFC 7517 §5) is read from.
public enum JWKSSource: Sendable, Equatable {
    /// A file on this machine (absolute, or relative to the working directory).
    case file(String)
    /// An `http://` or `https://` URL, fetched with AsyncHTTPClient.
    case url(String)

    /// Reads a configured value: `http(s)://…` is a URL, anything without a scheme
    /// a file path.
    ///
    /// Plain `http://` is refused except on the loopback interface: keys fetched
    /// over an unauthenticated channel would let anyone on the path sign tokens.
    /// Other schemes are refused rather than mistaken for a file name.
    public static func parse(_ value: String) throws(IdentityProviderConfigurationError) -> JWKSSource {
        let trimmed = IdentityTokenText.trimmed(value)
        guard !trimmed.isEmpty else {
            throw IdentityProviderConfigurationError("the JWKS location is empty")
        }
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("https://") {
            return .url(trimmed)
        }
        if lowered.hasPrefix("http://") {
            guard isLoopback(urlAfterScheme: lowered.dropFirst("http://".count)) else {
                throw IdentityProviderConfigurationError(
                    "the JWKS URL \(trimmed) must use https (plain http is accepted only on localhost)"
                )
            }
            return .url(trimmed)
        }
        if trimmed.contains("://") {
            throw IdentityProviderConfigurationError(
                "the JWKS location \(trimmed) must be an http(s) URL or a file path"
            )
        }
        return .file(trimmed)
    }

    private static func isLoopback(urlAfterScheme rest: Substring) -> Bool {
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host: Substring
        if authority.hasPrefix("[") {
            host = authority.prefix { $0 != "]" }.dropFirst()
        } else {
            host = authority.prefix { $0 != ":" }
        }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isIPv4Loopback = octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
        return host == "localhost" || host == "::1" || isIPv4Loopback
    }
}
