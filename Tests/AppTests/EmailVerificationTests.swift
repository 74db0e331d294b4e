@testable import Accounts
@testable import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import Testing

/// E-mail verification by link and by code (onboarding seed stories 7–8). The
/// secrets are made here with the same function sign-up uses, so each rule is
/// tested on its own; the SMTP round trip follows a real e-mail's link elsewhere.
@Suite("E-mail verification (API.md verifyEmail, verifyCode, resendVerification)")
struct EmailVerificationTests {
    static let verifyEmail = "mutation($t: String!) { verifyEmail(token: $t) { token user { nickname onboarding { emailVerified } } } }"
    static let verifyCode = "mutation($e: String!, $c: String!) { verifyCode(email: $e, code: $c) { token } }"
    static let resend = "mutation($e: String!) { resendVerification(email: $e) }"

    /// A new unverified account and a fresh verification of its address.
    func pendingUser(_ h: TestService) async throws -> (email: String, nickname: String, id: UUID, secrets: EmailVerification.Secrets) {
        let (email, nickname) = TestService.uniqueUser("pending")
        let r = try await h.post(TestService.signUpMutation, ["input": ["email": email, "nickname": nickname, "password": TestService.strongPassword, "acceptedTerms": true]])
        #expect(r.errors.isEmpty, "\(r.json)")
        let id = try await h.pool.query("SELECT id FROM users WHERE nickname = \(nickname)")[0].decode("id", as: UUID.self)
        let secrets = try await h.pool.withConnection { connection in
            try await EmailVerification.start(userID: id, email: email, settings: AccountSettings(), on: connection)
        }
        return (email, nickname, id, secrets)
    }

    @Test("a valid link verifies the address, signs the user in, and then stops working")
    func link() async throws {
        let h = try await TestService.start()
        let user = try await pendingUser(h)
        let r = try await h.post(Self.verifyEmail, ["t": user.secrets.token])
        #expect(r.string("data.verifyEmail.token")?.hasPrefix("qry_") == true, "\(r.json)")
        #expect(r["data.verifyEmail.user.onboarding.emailVerified"] as? Bool == true)
        let again = try await h.post(Self.verifyEmail, ["t": user.secrets.token])
        #expect(again.codes == ["INVALID_VERIFICATION_LINK"])
        #expect(again.messages == ["This verification link is invalid or has expired."])
        #expect(try await h.post(LogInTests.logIn, ["e": user.email, "p": TestService.strongPassword]).string("data.logIn.token") != nil)
    }

    @Test("an expired link, a superseded link and a made-up link are refused")
    func invalidLinks() async throws {
        let h = try await TestService.start()
        let user = try await pendingUser(h)
        let newer = try await h.pool.withConnection { connection in
            try await EmailVerification.start(userID: user.id, email: user.email, settings: AccountSettings(), on: connection)
        }
        #expect(try await h.post(Self.verifyEmail, ["t": user.secrets.token]).codes == ["INVALID_VERIFICATION_LINK"])
        #expect(try await h.post(Self.verifyEmail, ["t": "qrv_made_up"]).codes == ["INVALID_VERIFICATION_LINK"])
        _ = try await h.pool.execute("UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE user_id = \(user.id)")
        #expect(try await h.post(Self.verifyEmail, ["t": newer.token]).codes == ["INVALID_VERIFICATION_LINK"])
        let pending = try await h.pool.query("SELECT email_verified_at IS NULL AS pending FROM users WHERE id = \(user.id)")
        #expect(try pending[0].decode("pending", as: Bool.self))
    }

    @Test("a code verifies once; wrong codes are counted and stop the code after the limit")
    func code() async throws {
        let h = try await TestService.start()
        let user = try await pendingUser(h)
        let wrong = user.secrets.code == "000000" ? "111111" : "000000"
        for _ in 0..<4 {
            #expect(try await h.post(Self.verifyCode, ["e": user.email, "c": wrong]).codes == ["INVALID_VERIFICATION_CODE"])
        }
        #expect(try await h.post(Self.verifyCode, ["e": user.email.uppercased(), "c": user.secrets.code]).string("data.verifyCode.token") != nil)
        let other = try await pendingUser(h)
        for _ in 0..<5 { _ = try await h.post(Self.verifyCode, ["e": other.email, "c": wrong]) }
        #expect(try await h.post(Self.verifyCode, ["e": other.email, "c": other.secrets.code]).codes == ["INVALID_VERIFICATION_CODE"])
    }

    @Test("the wait is named in its largest whole unit, rounded up, as the seed's \"30 sec\"")
    func readableWait() {
        #expect(VerificationResend.readable(seconds: 30) == "30 sec")
        #expect(VerificationResend.readable(seconds: 29.2) == "30 sec")
        #expect(VerificationResend.readable(seconds: 90) == "2 min")
        #expect(VerificationResend.readable(seconds: 86_399) == "24 h")
    }

    @Test("resend makes a new link (the old one dies) once per 24 hours, then answers with the seed's message")
    func resend() async throws {
        let h = try await TestService.start()
        let user = try await pendingUser(h)
        let first = try await h.post(Self.resend, ["e": user.email])
        #expect(first["data.resendVerification"] as? Bool == true, "\(first.json)")
        #expect(try await h.post(Self.verifyEmail, ["t": user.secrets.token]).codes == ["INVALID_VERIFICATION_LINK"])
        let second = try await h.post(Self.resend, ["e": user.email])
        #expect(second.codes == ["RATE_LIMITED"])
        #expect(second.messages == ["You reached out of attempts to resend the verification link. Please try again in 24 h."])
        _ = try await h.pool.execute("UPDATE email_verifications SET last_resent_at = now() - interval '23 hours 59 minutes 30 seconds' WHERE user_id = \(user.id)")
        // 30 s are left when the UPDATE runs; the resend reads the clock again, up to seconds later on a loaded CI
        // machine, so the whole seconds it names may have dropped below 30 (never below 1 s of what is left).
        let messages = try await h.post(Self.resend, ["e": user.email]).messages
        let waits = (20...30).map { "You reached out of attempts to resend the verification link. Please try again in \($0) sec." }
        #expect(messages.count == 1 && waits.contains(messages[0]), "\(messages)")
        let unknown = try await h.post(Self.resend, ["e": "nobody.\(UUID().uuidString.prefix(6))@example.com"])
        #expect(unknown["data.resendVerification"] as? Bool == true, "unknown addresses are not revealed")
    }
}
