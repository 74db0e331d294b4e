/// Why an ID token was refused. The lead maps every reason to the GraphQL error
/// of `signInWithProvider`; `description` says what exactly was wrong, for logs.
public struct IdentityTokenError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The provider has no configuration (no audience), so it is disabled.
        case providerNotConfigured
        /// Not a compact JWS, or its header or claims are not the JSON an ID token has.
        case malformed
        /// Unsigned (`alg: none`), an unsupported algorithm, a key the provider does
        /// not publish, or a signature that does not verify.
        case badSignature
        /// `iss` is missing or not one of the provider's issuers.
        case wrongIssuer
        /// `aud` does not name this application, or names another one as well.
        case wrongAudience
        /// `exp` has passed.
        case expired
        /// `nbf` or `iat` lies in the future (beyond the clock-skew leeway).
        case notYetValid
        /// The provider's keys could not be read (file or URL) or held no usable key.
        case keysUnavailable
    }

    public let reason: Reason
    public let description: String

    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description
    }
}
