@testable import Auth
import Foundation
import Testing

/// Verification against keys read from a JWKS file: claims, signatures, malformed input.
@Suite("Identity token verification")
struct IdentityTokenVerifierTests {
    typealias Maker = IdentityTokenMaker

    /// Google and Apple enabled with the test keys in a file; Facebook disabled.
    private static func withVerifier(
        keys: [IdentityTokenSigningKey] = [IdentityTokenKeys.rsa, IdentityTokenKeys.ec],
        _ body: (IdentityTokenVerifier) async throws -> Void
    ) async throws {
        let folder = try IdentityTokenTemporaryFolder()
        defer { folder.remove() }
        let path = try folder.writeJWKS(keys)
        let verifier = IdentityTokenVerifier(configurations: [
            .init(provider: .google, jwks: .file(path), audience: Maker.audience),
            .init(provider: .apple, jwks: .file(path), audience: Maker.audience),
        ])
        try await body(verifier)
        await verifier.shutdown()
    }

    /// The reason `token` is refused, or `nil` when it is accepted.
    static func refusal(
        _ token: String,
        from provider: IdentityProvider = .google,
        by verifier: IdentityTokenVerifier
    ) async -> IdentityTokenError.Reason? {
        do {
            _ = try await verifier.verify(token, from: provider)
            return nil
        } catch {
            #expect(!error.description.isEmpty)
            return error.reason
        }
    }

    /// The reason a token signed over `claims` is refused, or `nil` when accepted.
    static func refusal(
        signing claims: [String: any Sendable],
        key: IdentityTokenSigningKey = IdentityTokenKeys.rsa,
        header: [String: any Sendable] = [:],
        removingHeader: [String] = [],
        from provider: IdentityProvider = .google,
        by verifier: IdentityTokenVerifier
    ) async -> IdentityTokenError.Reason? {
        let token: String
        do {
            token = try Maker.token(claims, key: key, header: header, removingHeader: removingHeader)
        } catch {
            Issue.record(error, "cannot build the token")
            return nil
        }
        return await refusal(token, from: provider, by: verifier)
    }

    private static func claims(_ changes: [String: any Sendable], removing removed: [String] = []) -> [String: any Sendable] {
        var claims = Maker.googleClaims()
        claims.merge(changes) { $1 }
        for name in removed {
            claims[name] = nil
        }
        return claims
    }

    @Test("a valid RS256 token gives the identity: subject, lower-cased email, names, phone")
    func validToken() async throws {
        try await Self.withVerifier { verifier in
            let identity = try await verifier.verify(Maker.token(Maker.googleClaims()), from: .google)
            #expect(
                identity
                    == VerifiedIdentity(
                        provider: .google, subject: "108234567890", email: "ann.lee@example.com", emailVerified: true,
                        isPrivateRelayEmail: false, givenName: "Ann", familyName: "Lee", phone: "+15550100"
                    )
            )
        }
    }

    @Test("a valid ES256 token is accepted")
    func validES256Token() async throws {
        try await Self.withVerifier { verifier in
            let token = try Maker.token(Maker.googleClaims(), key: IdentityTokenKeys.ec)
            let identity = try await verifier.verify(token, from: .google)
            #expect(identity.subject == "108234567890")
        }
    }

    @Test("email_verified is read as a boolean or as a string; absent means not verified")
    func emailVerifiedForms() async throws {
        try await Self.withVerifier { verifier in
            let cases: [(any Sendable, Bool)] = [(true, true), (false, false), ("true", true), ("TRUE", true), ("false", false)]
            for (value, expected) in cases {
                let token = try Maker.token(Self.claims(["email_verified": value]))
                #expect(try await verifier.verify(token, from: .google).emailVerified == expected, "\(value)")
            }
            let absent = try Maker.token(Self.claims([:], removing: ["email_verified"]))
            #expect(try await verifier.verify(absent, from: .google).emailVerified == false)
            let noEmail = try await verifier.verify(Maker.token(Self.claims([:], removing: ["email"])), from: .google)
            #expect(noEmail.email == nil && noEmail.emailVerified == false)
        }
    }

    @Test("Apple's private relay email is recognised, by claim or by domain")
    func appleRelay() async throws {
        try await Self.withVerifier { verifier in
            let relay = try await verifier.verify(Maker.token(Maker.appleClaims()), from: .apple)
            #expect(relay.isPrivateRelayEmail && relay.emailVerified)
            #expect(relay.email == "x7k2p9@privaterelay.appleid.com" && relay.provider == .apple)

            var byDomain = Maker.appleClaims()
            byDomain["is_private_email"] = nil
            #expect(try await verifier.verify(Maker.token(byDomain), from: .apple).isPrivateRelayEmail)

            var plain = Maker.appleClaims()
            plain["email"] = "ann@example.com"
            plain["is_private_email"] = false
            #expect(try await !verifier.verify(Maker.token(plain), from: .apple).isPrivateRelayEmail)

            let google = Self.claims(["email": "x7k2p9@privaterelay.appleid.com"])
            #expect(try await !verifier.verify(Maker.token(google), from: .google).isPrivateRelayEmail)
        }
    }

    @Test("the issuer must be one of the provider's")
    func issuer() async throws {
        try await Self.withVerifier { verifier in
            let alternate = try Maker.token(Self.claims(["iss": "accounts.google.com"]))
            #expect(await Self.refusal(alternate, by: verifier) == nil)
            #expect(await Self.refusal(signing: Self.claims(["iss": "https://evil.example"]), by: verifier) == .wrongIssuer)
            #expect(await Self.refusal(signing: Self.claims([:], removing: ["iss"]), by: verifier) == .wrongIssuer)
            // A genuine Google token presented as an Apple one.
            #expect(await Self.refusal(signing: Maker.googleClaims(), from: .apple, by: verifier) == .wrongIssuer)
        }
    }

    @Test("the audience must be this application's client id, alone")
    func audience() async throws {
        try await Self.withVerifier { verifier in
            #expect(await Self.refusal(signing: Self.claims(["aud": [Maker.audience]]), by: verifier) == nil)
            #expect(await Self.refusal(signing: Self.claims(["aud": "another-app"]), by: verifier) == .wrongAudience)
            let shared = Self.claims(["aud": [Maker.audience, "another-app"]])
            #expect(await Self.refusal(signing: shared, by: verifier) == .wrongAudience)
            #expect(await Self.refusal(signing: Self.claims([:], removing: ["aud"]), by: verifier) == .wrongAudience)
        }
    }

    @Test("an expired token is refused; a token without exp is malformed")
    func expiry() async throws {
        try await Self.withVerifier { verifier in
            let now = Int(Date().timeIntervalSince1970)
            let expired = Self.claims(["iat": now - 7200, "exp": now - 5])
            #expect(await Self.refusal(signing: expired, by: verifier) == .expired)
            #expect(await Self.refusal(signing: Self.claims([:], removing: ["exp"]), by: verifier) == .malformed)
        }
    }

    @Test("nbf or iat in the future is refused beyond a small leeway")
    func notYetValid() async throws {
        try await Self.withVerifier { verifier in
            let now = Int(Date().timeIntervalSince1970)
            #expect(await Self.refusal(signing: Self.claims(["nbf": now + 600]), by: verifier) == .notYetValid)
            #expect(await Self.refusal(signing: Self.claims(["iat": now + 600]), by: verifier) == .notYetValid)
            let skewed = Self.claims(["nbf": now + 20, "iat": now + 20])
            #expect(await Self.refusal(signing: skewed, by: verifier) == nil)
        }
    }

    @Test("a tampered payload fails the signature")
    func tampered() async throws {
        try await Self.withVerifier { verifier in
            let parts = try Maker.token(Maker.googleClaims()).split(separator: ".")
            let forged = try Maker.json(Self.claims(["email": "admin@example.com"])).jwsBase64URL
            let token = "\(parts[0]).\(forged).\(parts[2])"
            #expect(await Self.refusal(token, by: verifier) == .badSignature)
        }
    }

    @Test("a token signed by another key under a known kid fails the signature")
    func anotherKey() async throws {
        try await Self.withVerifier { verifier in
            let impostor = IdentityTokenKeys.stranger.renamed(IdentityTokenKeys.rsa.id)
            #expect(await Self.refusal(signing: Maker.googleClaims(), key: impostor, by: verifier) == .badSignature)
        }
    }

    @Test("a kid the provider does not publish is refused")
    func unknownKeyID() async throws {
        try await Self.withVerifier { verifier in
            let stranger = IdentityTokenKeys.stranger
            #expect(await Self.refusal(signing: Maker.googleClaims(), key: stranger, by: verifier) == .badSignature)
        }
    }

    @Test("without a kid, the token is checked against every key for its algorithm")
    func noKeyID() async throws {
        try await Self.withVerifier(keys: [IdentityTokenKeys.rotated, IdentityTokenKeys.rsa]) { verifier in
            #expect(await Self.refusal(signing: Maker.googleClaims(), removingHeader: ["kid"], by: verifier) == nil)
            let stranger = try Maker.token(Maker.googleClaims(), key: IdentityTokenKeys.stranger, removingHeader: ["kid"])
            #expect(await Self.refusal(stranger, by: verifier) == .badSignature)
        }
    }

    @Test("alg none, HS256 and an algorithm that does not match the key are refused")
    func algorithms() async throws {
        try await Self.withVerifier { verifier in
            let unsigned = try Maker.token(Maker.googleClaims(), header: ["alg": "none"])
            #expect(await Self.refusal(unsigned, by: verifier) == .badSignature)
            let noneKeepingSignature = try Maker.token(Maker.googleClaims(), header: ["alg": "none"]) + "c2ln"
            #expect(await Self.refusal(noneKeepingSignature, by: verifier) == .badSignature)
            let hmac = try Maker.token(Maker.googleClaims(), header: ["alg": "HS256"])
            #expect(await Self.refusal(hmac, by: verifier) == .badSignature)
            // Signed with the RSA key but naming the EC key's kid: the EC key is for ES256 only.
            let mismatch = try Maker.token(Maker.googleClaims(), header: ["kid": IdentityTokenKeys.ec.id])
            #expect(await Self.refusal(mismatch, by: verifier) == .badSignature)
            let relabelled = try Maker.token(Maker.googleClaims(), header: ["alg": "RS512"])
            #expect(await Self.refusal(relabelled, by: verifier) == .badSignature)
        }
    }

    @Test("garbage is malformed")
    func garbage() async throws {
        try await Self.withVerifier { verifier in
            let valid = try Maker.token(Maker.googleClaims()).split(separator: ".")
            let noAlg = try Maker.json(["kid": IdentityTokenKeys.rsa.id]).jwsBase64URL
            for token in [
                "", "garbage", "a.b", "a.b.c.d", "!!!.!!!.!!!", "e30.e30.e30",
                "\(valid[0]).\(valid[1])", "\(noAlg).\(valid[1]).\(valid[2])",
                String(repeating: "a", count: 20_000),
            ] {
                #expect(await Self.refusal(token, by: verifier) == .malformed, "\(token.prefix(40))")
            }
            let noSubject = try Maker.token(Self.claims([:], removing: ["sub"]))
            #expect(await Self.refusal(noSubject, by: verifier) == .malformed)
            let textExpiry = try Maker.token(Self.claims(["exp": "tomorrow"]))
            #expect(await Self.refusal(textExpiry, by: verifier) == .malformed)
        }
    }

    @Test("a provider without configuration is refused before anything else")
    func notConfigured() async throws {
        try await Self.withVerifier { verifier in
            #expect(verifier.enabledProviders == [.google, .apple])
            #expect(await Self.refusal(signing: Maker.googleClaims(), from: .facebook, by: verifier) == .providerNotConfigured)
            #expect(await Self.refusal("garbage", from: .facebook, by: verifier) == .providerNotConfigured)
        }
    }
}
