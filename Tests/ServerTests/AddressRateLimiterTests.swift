import Testing

@testable import Server

/// The per-address limits of the account mutations (issue 18, "Abuse limits"), on a
/// clock the test moves: windows, `Retry-After`, addresses and mutations apart.
@Suite("Rate limits: per address and mutation")
struct AddressRateLimiterTests {
    static let limits = AccountRateLimits(limits: [
        "logIn": .init(count: 3, windowSeconds: 60), "signUp": .init(count: 1, windowSeconds: 3_600),
    ])

    @Test("the call past the limit is refused with the seconds left in its window, until the window ends")
    func window() {
        let limiter = AddressRateLimiter(limits: Self.limits)
        let start = ContinuousClock.now
        for offset in 0..<3 {
            #expect(limiter.admit(["logIn"], from: "192.0.2.1", now: start + .seconds(offset)) == nil)
        }
        let refused = limiter.admit(["logIn"], from: "192.0.2.1", now: start + .seconds(10.5))
        #expect(refused?.mutation == "logIn" && refused?.retryAfterSeconds == 50)
        #expect(limiter.admit(["logIn"], from: "192.0.2.1", now: start + .seconds(59.9))?.retryAfterSeconds == 1)
        #expect(limiter.admit(["logIn"], from: "192.0.2.1", now: start + .seconds(60)) == nil)
    }

    @Test("addresses and mutations count apart; unlimited mutations are never counted")
    func apart() {
        let limiter = AddressRateLimiter(limits: Self.limits)
        #expect(limiter.admit(["signUp"], from: "192.0.2.1") == nil)
        #expect(limiter.admit(["signUp"], from: "192.0.2.1") != nil)
        #expect(limiter.admit(["signUp"], from: "192.0.2.2") == nil)
        #expect(limiter.admit(["logIn", "logIn", "logIn"], from: "192.0.2.1") == nil)
        #expect(limiter.admit(Array(repeating: "sendMessage", count: 100), from: "192.0.2.1") == nil)
    }

    @Test("a request with several calls is admitted whole or refused whole, counting nothing")
    func wholeRequest() {
        let limiter = AddressRateLimiter(limits: Self.limits)
        #expect(limiter.admit(["logIn", "logIn"], from: nil) == nil)
        #expect(limiter.admit(["logIn", "logIn", "signUp"], from: nil)?.mutation == "logIn")
        #expect(limiter.admit(["signUp", "logIn"], from: nil) == nil)
    }

    @Test("QUARRY_RATE_LIMIT_*: shipped defaults, COUNT/SECONDS, 0 for none, anything else named")
    func configuration() throws {
        #expect(try ServerConfiguration(environment: [:]).rateLimits == .shipped)
        let set = try ServerConfiguration(environment: ["QUARRY_RATE_LIMIT_LOG_IN": "5/30", "QUARRY_RATE_LIMIT_SIGN_UP": "0"])
        #expect(set.rateLimits.limits["logIn"] == .init(count: 5, windowSeconds: 30))
        #expect(set.rateLimits.limits["signUp"] == nil)
        for bad in ["5", "5/0", "x/60", "-1/60", "5/60/1"] {
            #expect(throws: ConfigurationError.self) {
                try ServerConfiguration(environment: ["QUARRY_RATE_LIMIT_PASSWORD_RESET": bad])
            }
        }
    }
}
