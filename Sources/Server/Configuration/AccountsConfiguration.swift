import AppCore
import Auth

/// The accounts area's part of the configuration (API.md "Configuration";
/// README lists every variable): behaviour switches, token and lockout
/// timings, the password policy and the argon2id cost.
public struct AccountsConfiguration: Sendable, Equatable {
    public var settings: AccountSettings
    public var argon2: Argon2Parameters
    /// Threads of the password hasher's own pool (`QUARRY_AUTH_HASHING_THREADS`).
    public var hashingThreads: Int

    static let variables = [
        "QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION", "QUARRY_AUTH_REVEAL_UNKNOWN_EMAIL", "QUARRY_AUTH_TOKEN_TTL_HOURS",
        "QUARRY_AUTH_PASSWORD_MIN_SCORE", "QUARRY_AUTH_PASSWORD_COMPOSITION", "QUARRY_AUTH_MAX_FAILED_LOGINS",
        "QUARRY_AUTH_LOCKOUT_MINUTES", "QUARRY_AUTH_ARGON2_MEMORY_KIB", "QUARRY_AUTH_ARGON2_ITERATIONS",
        "QUARRY_AUTH_ARGON2_PARALLELISM", "QUARRY_AUTH_HASHING_THREADS", "QUARRY_SUPPORT_EMAIL",
    ]

    init(_ env: EnvironmentReader, publicURL: String) throws {
        var settings = AccountSettings()
        settings.requireEmailVerification = try env.boolean("QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION", default: true)
        settings.revealUnknownEmail = try env.boolean("QUARRY_AUTH_REVEAL_UNKNOWN_EMAIL", default: false)
        settings.tokenLifetime = .seconds(3600 * (try env.integer("QUARRY_AUTH_TOKEN_TTL_HOURS", default: 720, in: 1...87_600)))
        settings.passwordPolicy = PasswordPolicy(
            minimumScore: try env.integer("QUARRY_AUTH_PASSWORD_MIN_SCORE", default: 3, in: 0...4),
            requireComposition: try env.boolean("QUARRY_AUTH_PASSWORD_COMPOSITION", default: false)
        )
        settings.maxFailedLogins = try env.integer("QUARRY_AUTH_MAX_FAILED_LOGINS", default: 5, in: 1...1_000)
        settings.lockoutDuration = .seconds(60 * (try env.integer("QUARRY_AUTH_LOCKOUT_MINUTES", default: 15, in: 1...10_080)))
        settings.failureWindow = settings.lockoutDuration
        settings.publicURL = publicURL
        settings.supportEmail = env.string("QUARRY_SUPPORT_EMAIL", default: "support@quarry.local")
        self.settings = settings
        argon2 = Argon2Parameters(
            memoryKiB: try env.integer("QUARRY_AUTH_ARGON2_MEMORY_KIB", default: 19_456, in: 8...4_194_304),
            iterations: try env.integer("QUARRY_AUTH_ARGON2_ITERATIONS", default: 2, in: 1...100),
            parallelism: try env.integer("QUARRY_AUTH_ARGON2_PARALLELISM", default: 1, in: 1...64)
        )
        do {
            try argon2.validate()
        } catch {
            throw ConfigurationError(
                variable: "QUARRY_AUTH_ARGON2_MEMORY_KIB", value: "\(argon2.memoryKiB)", expected: error.message
            )
        }
        hashingThreads = try env.integer("QUARRY_AUTH_HASHING_THREADS", default: 2, in: 1...256)
    }
}
