/// A third-party identity provider whose OpenID Connect ID tokens Quarry accepts
/// for `signInWithProvider` (API.md, "Accounts").
///
/// The raw values are the GraphQL enum values of `IdentityProvider` in the SDL,
/// so the lead's resolver maps an argument with `IdentityProvider(rawValue:)`.
public enum IdentityProvider: String, Sendable, CaseIterable {
    case google = "GOOGLE"
    case facebook = "FACEBOOK"
    case apple = "APPLE"

    /// Where the provider publishes the public keys that sign its ID tokens.
    public var defaultJWKS: JWKSSource {
        switch self {
        case .google: .url("https://www.googleapis.com/oauth2/v3/certs")
        case .facebook: .url("https://limited.facebook.com/.well-known/oauth/openid/jwks/")
        case .apple: .url("https://appleid.apple.com/auth/keys")
        }
    }

    /// The `iss` values the provider puts in its ID tokens. Google documents both
    /// spellings (with and without the scheme).
    public var defaultIssuers: [String] {
        switch self {
        case .google: ["https://accounts.google.com", "accounts.google.com"]
        case .facebook: ["https://www.facebook.com"]
        case .apple: ["https://appleid.apple.com"]
        }
    }
}
