import Auth

/// How the accounts area behaves, from the server's configuration (API.md
/// "Configuration"; where the seeds disagree, the safer behaviour is the default).
public struct AccountSettings: Sendable, Equatable {
    /// No token before the e-mail address is verified (`QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION`).
    public var requireEmailVerification = true
    /// Password reset says when an address is unknown, as Screen Cache asks (`QUARRY_AUTH_REVEAL_UNKNOWN_EMAIL`).
    public var revealUnknownEmail = false
    /// Idle time after which a token expires; each use slides the expiry forward.
    public var tokenLifetime: Duration = .seconds(30 * 24 * 3600)
    public var verificationLinkLifetime: Duration = .seconds(24 * 3600)
    public var passwordResetLifetime: Duration = .seconds(3600)
    /// Wrong codes accepted before a verification code stops working.
    public var maxCodeAttempts = 5
    /// Shortest time between two resends of a verification link (onboarding seed: one per 24 h).
    public var resendInterval: Duration = .seconds(24 * 3600)
    /// Failed logins for one address within `failureWindow` that start a lockout of `lockoutDuration`.
    public var maxFailedLogins = 5
    public var failureWindow: Duration = .seconds(15 * 60)
    public var lockoutDuration: Duration = .seconds(15 * 60)
    public var passwordPolicy = PasswordPolicy()
    /// Base of the absolute links in e-mails and URLs (`QUARRY_PUBLIC_URL`).
    public var publicURL = "http://127.0.0.1:8080"
    /// The address a blocked user is told to write to (`QUARRY_SUPPORT_EMAIL`).
    public var supportEmail = "support@quarry.local"

    public init() {}
}
