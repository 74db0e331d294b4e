/// How Quarry verifies one provider's ID tokens (API.md, "Configuration":
/// `QUARRY_OIDC_<GOOGLE,FACEBOOK,APPLE>_JWKS` / `_AUDIENCE` / `_ISSUER`).
public struct IdentityProviderConfiguration: Sendable, Equatable {
    public var provider: IdentityProvider
    /// The provider's public keys; defaults to the URL the provider publishes.
    public var jwks: JWKSSource
    /// Accepted `iss` values; defaults to the provider's own.
    public var issuers: [String]
    /// The application's client id at the provider: the only accepted `aud`.
    public var audience: String

    public init(provider: IdentityProvider, jwks: JWKSSource? = nil, issuers: [String]? = nil, audience: String) {
        self.provider = provider
        self.jwks = jwks ?? provider.defaultJWKS
        self.issuers = issuers ?? provider.defaultIssuers
        self.audience = audience
    }

    /// Reads `QUARRY_OIDC_<P>_JWKS` (a file path or URL), `QUARRY_OIDC_<P>_AUDIENCE`
    /// (the client id) and `QUARRY_OIDC_<P>_ISSUER` (one issuer, or several separated
    /// by commas) for each provider. A provider without an audience (unset or blank)
    /// is omitted: it is disabled, and signing in with it fails with
    /// `providerNotConfigured`.
    ///
    /// Throws ``IdentityProviderConfigurationError`` for a value that is set but
    /// unusable (an empty issuer list, a JWKS location that is neither a path nor an
    /// https URL), so a typo stops the server at start-up instead of at the first
    /// sign-in.
    public static func fromEnvironment(_ environment: [String: String]) throws -> [IdentityProviderConfiguration] {
        var configurations: [IdentityProviderConfiguration] = []
        for provider in IdentityProvider.allCases {
            let prefix = "QUARRY_OIDC_\(provider.rawValue)_"
            guard let audience = environment[prefix + "AUDIENCE"].map(IdentityTokenText.trimmed), !audience.isEmpty else {
                continue
            }
            var jwks: JWKSSource?
            if let value = environment[prefix + "JWKS"] {
                do {
                    jwks = try JWKSSource.parse(value)
                } catch {
                    throw IdentityProviderConfigurationError(variable: prefix + "JWKS", error.message)
                }
            }
            var issuers: [String]?
            if let value = environment[prefix + "ISSUER"] {
                let list = value.split(separator: ",").map(IdentityTokenText.trimmed).filter { !$0.isEmpty }
                guard !list.isEmpty else {
                    throw IdentityProviderConfigurationError(variable: prefix + "ISSUER", "no issuer is given")
                }
                issuers = list
            }
            configurations.append(.init(provider: provider, jwks: jwks, issuers: issuers, audience: audience))
        }
        return configurations
    }
}
