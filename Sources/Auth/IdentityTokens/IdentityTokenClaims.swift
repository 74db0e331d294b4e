import JWTKit

/// The claims of an OpenID Connect ID token (OpenID Connect Core 1.0 §2, §5.1) that
/// sign-in needs, decoded leniently where providers differ:
/// - `aud` is a string or an array of strings (RFC 7519 §4.1.3);
/// - `email_verified` and Apple's `is_private_email` are booleans or the strings
///   `"true"` / `"false"` (Apple sends strings in some tokens);
/// - times are NumericDates, integer or fractional seconds (RFC 7519 §2).
///
/// Every claim is optional here: the verifier checks presence itself, so a missing
/// `iss` is reported as a wrong issuer and a missing `exp` as a malformed token,
/// rather than as an opaque decoding failure.
struct IdentityTokenClaims: JWTPayload {
    var issuer: String?
    var subject: String?
    var audiences: [String]
    var expiresAt: Double?
    var notBefore: Double?
    var issuedAt: Double?
    var email: String?
    var emailVerified: Bool
    var isPrivateEmail: Bool
    var givenName: String?
    var familyName: String?
    var phoneNumber: String?

    private enum CodingKeys: String, CodingKey {
        case issuer = "iss"
        case subject = "sub"
        case audiences = "aud"
        case expiresAt = "exp"
        case notBefore = "nbf"
        case issuedAt = "iat"
        case email
        case emailVerified = "email_verified"
        case isPrivateEmail = "is_private_email"
        case givenName = "given_name"
        case familyName = "family_name"
        case phoneNumber = "phone_number"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        issuer = try container.decodeIfPresent(String.self, forKey: .issuer)
        subject = try container.decodeIfPresent(String.self, forKey: .subject)
        if let single = try? container.decodeIfPresent(String.self, forKey: .audiences) {
            audiences = [single]
        } else {
            audiences = try container.decodeIfPresent([String].self, forKey: .audiences) ?? []
        }
        expiresAt = try container.decodeIfPresent(Double.self, forKey: .expiresAt)
        notBefore = try container.decodeIfPresent(Double.self, forKey: .notBefore)
        issuedAt = try container.decodeIfPresent(Double.self, forKey: .issuedAt)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        emailVerified = try Self.decodeFlag(container, .emailVerified)
        isPrivateEmail = try Self.decodeFlag(container, .isPrivateEmail)
        givenName = try container.decodeIfPresent(String.self, forKey: .givenName)
        familyName = try container.decodeIfPresent(String.self, forKey: .familyName)
        phoneNumber = try container.decodeIfPresent(String.self, forKey: .phoneNumber)
    }

    /// A boolean claim sent as a JSON boolean or as a string; anything but `true`
    /// or `"true"` (any case) counts as false, so an odd value never grants trust.
    private static func decodeFlag(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Bool {
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: key) {
            return flag
        }
        if let text = try? container.decodeIfPresent(String.self, forKey: key) {
            return text.lowercased() == "true"
        }
        return false
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(issuer, forKey: .issuer)
        try container.encodeIfPresent(subject, forKey: .subject)
        try container.encode(audiences, forKey: .audiences)
        try container.encodeIfPresent(expiresAt, forKey: .expiresAt)
        try container.encodeIfPresent(notBefore, forKey: .notBefore)
        try container.encodeIfPresent(issuedAt, forKey: .issuedAt)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encode(emailVerified, forKey: .emailVerified)
        try container.encode(isPrivateEmail, forKey: .isPrivateEmail)
        try container.encodeIfPresent(givenName, forKey: .givenName)
        try container.encodeIfPresent(familyName, forKey: .familyName)
        try container.encodeIfPresent(phoneNumber, forKey: .phoneNumber)
    }

    /// Claims are checked by ``IdentityTokenVerifier`` after the signature, each
    /// with its own ``IdentityTokenError/Reason``; jwt-kit's hook has nothing to add.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
