/// Per-client-address limits on the account mutations a stranger can call without a
/// token, each costly or a way to probe or spam (issue 18, "Abuse limits"): signing up,
/// logging in (besides the lockout after failed logins, this bounds the argon2 work one
/// address can ask for), requesting a password reset, resending a verification link.
///
/// Each is `QUARRY_RATE_LIMIT_<MUTATION>` = `COUNT/SECONDS`: at most COUNT calls of the
/// mutation from one address in a window of SECONDS (a fixed window, starting with the
/// first call); `0` turns the limit off. Every call counts, successful or not, and each
/// field of a request counts once (two aliased `logIn`s are two calls).
public struct AccountRateLimits: Sendable, Equatable {
    public struct Limit: Sendable, Equatable {
        public var count: Int
        public var windowSeconds: Int

        public init(count: Int, windowSeconds: Int) {
            self.count = count
            self.windowSeconds = windowSeconds
        }
    }

    /// The limit of each mutation, by its field name on `Mutation`; a missing one is unlimited.
    public var limits: [String: Limit]

    public init(limits: [String: Limit]) {
        self.limits = limits
    }

    /// The variable of each limited mutation, with its shipped limit.
    static let mutations: [(variable: String, field: String, shipped: Limit)] = [
        ("QUARRY_RATE_LIMIT_SIGN_UP", "signUp", Limit(count: 10, windowSeconds: 3_600)),
        ("QUARRY_RATE_LIMIT_LOG_IN", "logIn", Limit(count: 20, windowSeconds: 60)),
        ("QUARRY_RATE_LIMIT_PASSWORD_RESET", "requestPasswordReset", Limit(count: 5, windowSeconds: 3_600)),
        ("QUARRY_RATE_LIMIT_RESEND_VERIFICATION", "resendVerification", Limit(count: 5, windowSeconds: 3_600)),
    ]

    public static let shipped = AccountRateLimits(
        limits: Dictionary(uniqueKeysWithValues: mutations.map { ($0.field, $0.shipped) })
    )

    static let variables = mutations.map(\.variable)

    init(_ env: EnvironmentReader) throws {
        var limits: [String: Limit] = [:]
        for mutation in Self.mutations {
            guard let text = env.raw(mutation.variable) else {
                limits[mutation.field] = mutation.shipped
                continue
            }
            if text == "0" { continue }
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let count = Int(parts[0]), let seconds = Int(parts[1]),
                  (1...1_000_000).contains(count), (1...86_400).contains(seconds) else {
                throw ConfigurationError(
                    variable: mutation.variable, value: text,
                    expected: "COUNT/SECONDS (1 to 1000000 calls per 1 to 86400 seconds), or 0 for no limit"
                )
            }
            limits[mutation.field] = Limit(count: count, windowSeconds: seconds)
        }
        self.limits = limits
    }
}
