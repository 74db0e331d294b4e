import Auth

/// The long-lived parts of the accounts area that every request shares: the
/// settings, the password hasher (with its own threads) and the ID-token
/// verifier of the identity providers.
public final class AccountServices: Sendable {
    public let settings: AccountSettings
    public let hasher: PasswordHasher
    public let identities: IdentityTokenVerifier

    public init(settings: AccountSettings, hasher: PasswordHasher, identities: IdentityTokenVerifier) {
        self.settings = settings
        self.hasher = hasher
        self.identities = identities
    }

    /// Stops the hasher's threads and the verifier's HTTP client.
    public func shutdown() async {
        hasher.shutdown()
        await identities.shutdown()
    }
}
