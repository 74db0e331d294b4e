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
    /// Whether sign-up may send the verification code by SMS: `QUARRY_SMS_URL` is set (issue 16).
    public var smsVerification = false
    /// Life of a code sent by SMS (issue 16: 10 minutes; a link by e-mail lives `verificationLinkLifetime`).
    public var smsCodeLifetime: Duration = .seconds(600)
    /// Wrong codes accepted before a verification code stops working.
    public var maxCodeAttempts = 5
    /// Shortest time between two resends of a verification link (onboarding seed: one per 24 h).
    public var resendInterval: Duration = .seconds(24 * 3600)
    /// Wrong answers to a reset link's security question before the link stops working (issue 16).
    public var maxSecurityAnswerAttempts = 5
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
