/// What a verified ID token says about the person signing in: only claims whose
/// signature, issuer, audience and validity period were checked.
public struct VerifiedIdentity: Sendable, Equatable {
    public let provider: IdentityProvider
    /// `sub`: the provider's stable identifier for the person (never reused).
    public let subject: String
    /// `email`, lower-cased; `nil` when the token carries none (the person declined).
    public let email: String?
    /// `email_verified`; Google and Apple send it as a boolean or as the string
    /// `"true"`, and both are accepted. `false` when absent (Facebook never sends it).
    public let emailVerified: Bool
    /// Apple's "Hide My Email" relay address (`is_private_email`, or an address at
    /// `privaterelay.appleid.com`): mail sent to it reaches the person, so it is a
    /// real address for the account, but it matches no existing account by email.
    public let isPrivateRelayEmail: Bool
    /// `given_name`, `family_name`, `phone_number` when the provider sends them.
    public let givenName: String?
    public let familyName: String?
    public let phone: String?

    public init(
        provider: IdentityProvider,
        subject: String,
        email: String?,
        emailVerified: Bool,
        isPrivateRelayEmail: Bool,
        givenName: String?,
        familyName: String?,
        phone: String?
    ) {
        self.provider = provider
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.isPrivateRelayEmail = isPrivateRelayEmail
        self.givenName = givenName
        self.familyName = familyName
        self.phone = phone
    }
}
