import Auth
import Foundation
import JWTKit
import Postgres
import QuarryTestSupport
import Testing

/// Sign-in with Google, Facebook and Apple ID tokens (onboarding seed sign-up
/// stories 4–6, sign-in stories 3–5). The tokens are signed here with a key
/// the test generates and publishes as a JWKS file the server is configured with.
@Suite("signInWithProvider")
struct ProviderSignInTests {
    struct Claims: JWTPayload {
        var iss: String
        var aud: String
        var sub: String
        var exp: Int
        var iat: Int
        var email: String?
        var email_verified: Bool?
        var given_name: String?
        var family_name: String?
        var is_private_email: Bool?

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    static let key = ES256PrivateKey()
    static let audience = "quarry-test-client"

    /// A harness whose three providers trust `key`, published in a JWKS file.
    func harness() async throws -> TestService {
        let parameters = try #require(Self.key.publicKey.parameters)
        let jwks = #"{"keys":[{"kty":"EC","crv":"P-256","kid":"test-key","alg":"ES256","use":"sig","x":"\#(parameters.x)","y":"\#(parameters.y)"}]}"#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quarry-jwks-\(UUID().uuidString).json")
        try jwks.write(to: file, atomically: true, encoding: .utf8)
        let providers = IdentityProvider.allCases.map { provider in
            IdentityProviderConfiguration(provider: provider, jwks: .file(file.path), audience: Self.audience)
        }
        return try await TestService.start(identityProviders: providers)
    }

    func token(
        issuer: String = "https://accounts.google.com", email: String?, verified: Bool? = true, subject: String = UUID().uuidString,
        expiresIn: Int = 600, privateRelay: Bool? = nil
    ) async throws -> String {
        let now = Int(Date().timeIntervalSince1970)
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: Self.key, kid: "test-key")
        return try await keys.sign(Claims(
            iss: issuer, aud: Self.audience, sub: subject, exp: now + expiresIn, iat: now, email: email,
            email_verified: verified, given_name: "Grace", family_name: "Hopper", is_private_email: privateRelay
        ), kid: "test-key")
    }

    static let signIn = """
        mutation($p: IdentityProvider!, $t: String!, $c: Boolean!) {
          signInWithProvider(provider: $p, idToken: $t, createAccount: $c) { token user { nickname realName email onboarding { emailVerified } } }
        }
        """

    @Test("signing up with Google creates a verified account; the same identity signs in again to it")
    func googleSignUp() async throws {
        let h = try await harness()
        let email = TestService.uniqueUser("grace").email
        let subject = UUID().uuidString
        let first = try await h.post(Self.signIn, ["p": "GOOGLE", "t": try await token(email: email, subject: subject), "c": true])
        #expect(first.string("data.signInWithProvider.token")?.hasPrefix("qry_") == true, "\(first.json)")
        #expect(first.string("data.signInWithProvider.user.realName") == "Grace Hopper")
        #expect(first["data.signInWithProvider.user.onboarding.emailVerified"] as? Bool == true)
        let again = try await h.post(Self.signIn, ["p": "GOOGLE", "t": try await token(email: email, subject: subject), "c": false])
        #expect(again.string("data.signInWithProvider.user.email") == email)
        let count = try await h.pool.query("SELECT count(*)::int AS n FROM users WHERE lower(email) = lower(\(email))")
        #expect(try count[0].decode("n", as: Int.self) == 1)
    }

    @Test("a provider identity with the address of an existing account enters that account")
    func existingAccount() async throws {
        let h = try await harness()
        let user = try await h.signUp()
        let r = try await h.post(Self.signIn, ["p": "FACEBOOK", "t": try await token(issuer: "https://www.facebook.com", email: user.email), "c": false])
        #expect(r.string("data.signInWithProvider.user.nickname") == user.nickname, "\(r.json)")
        #expect(try await h.pool.query("SELECT 1 FROM event_log WHERE user_id = \(user.id) AND type = 'PROVIDER_SIGN_IN'").count == 1)
    }

    @Test("the seeds' errors: no account on sign-in, no address on sign-up")
    func seedErrors() async throws {
        let h = try await harness()
        let unknown = TestService.uniqueUser().email
        let notFound = try await h.post(Self.signIn, ["p": "GOOGLE", "t": try await token(email: unknown), "c": false])
        #expect(notFound.codes == ["ACCOUNT_NOT_FOUND"])
        #expect(notFound.messages == ["Account was not found"])
        let noEmail = try await h.post(Self.signIn, ["p": "FACEBOOK", "t": try await token(issuer: "https://www.facebook.com", email: nil), "c": true])
        #expect(noEmail.codes == ["PROVIDER_SIGNUP_FAILED"])
        #expect(noEmail.messages == ["Unable to sign up with this account"])
    }

    @Test("Apple's hidden relay address signs up")
    func appleRelay() async throws {
        let h = try await harness()
        let relay = "\(UUID().uuidString.prefix(10).lowercased())@privaterelay.appleid.com"
        let r = try await h.post(Self.signIn, ["p": "APPLE", "t": try await token(issuer: "https://appleid.apple.com", email: relay, verified: nil, privateRelay: true), "c": true])
        #expect(r.string("data.signInWithProvider.user.email") == relay, "\(r.json)")
    }

    @Test("an expired token, a token for another provider's issuer, and garbage are refused")
    func invalidTokens() async throws {
        let h = try await harness()
        let email = TestService.uniqueUser().email
        let expired = try await h.post(Self.signIn, ["p": "GOOGLE", "t": try await token(email: email, expiresIn: -3600), "c": true])
        #expect(expired.codes == ["INVALID_ID_TOKEN"])
        let wrongIssuer = try await h.post(Self.signIn, ["p": "APPLE", "t": try await token(email: email), "c": true])
        #expect(wrongIssuer.codes == ["INVALID_ID_TOKEN"])
        #expect(try await h.post(Self.signIn, ["p": "GOOGLE", "t": "not.a.jwt", "c": true]).codes == ["INVALID_ID_TOKEN"])
        let unconfigured = try await TestService.start()
        let off = try await unconfigured.post(Self.signIn, ["p": "GOOGLE", "t": try await token(email: email), "c": true])
        #expect(off.codes == ["PROVIDER_NOT_CONFIGURED"])
    }

    @Test("a blocked account cannot sign in with a provider")
    func blocked() async throws {
        let h = try await harness()
        let user = try await h.signUp()
        _ = try await h.pool.execute("UPDATE users SET blocked_at = now() WHERE id = \(user.id)")
        let r = try await h.post(Self.signIn, ["p": "GOOGLE", "t": try await token(email: user.email), "c": false])
        #expect(r.codes == ["ACCOUNT_BLOCKED"])
    }
}
