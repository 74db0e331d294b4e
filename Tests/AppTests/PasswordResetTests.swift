import AppCore
import Auth
import Foundation
import Postgres
import QuarryTestSupport
import Testing

@Suite("Password reset and nickname recovery (API.md requestPasswordReset, resetPassword, recoverNickname)")
struct PasswordResetTests {
    static let request = "mutation($e: String!) { requestPasswordReset(email: $e) }"
    static let reset = "mutation($t: String!, $n: String!, $c: String!) { resetPassword(token: $t, newPassword: $n, confirmPassword: $c) }"
    static let newPassword = "marble lantern orchestra 19"

    /// A reset link's token for `userID`, made as `requestPasswordReset` makes one.
    func resetToken(for userID: UUID, _ h: TestService, expiresIn: String = "1 hour") async throws -> String {
        let token = OpaqueToken.generate(prefix: "qrr_")
        _ = try await h.pool.execute("""
            INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (\(Data(OpaqueToken.hash(token))), \(userID), now() + \(expiresIn)::interval)
            """)
        return token
    }

    @Test("a request answers success for known and unknown addresses alike, and makes a link only for the known one")
    func noEnumeration() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        #expect(try await h.post(Self.request, ["e": user.email])["data.requestPasswordReset"] as? Bool == true)
        #expect(try await h.post(Self.request, ["e": "nobody.\(UUID().uuidString.prefix(6))@example.com"])["data.requestPasswordReset"] as? Bool == true)
        #expect(try await h.pool.query("SELECT 1 FROM password_resets WHERE user_id = \(user.id)").count == 1)
        #expect(try await h.post(Self.request, ["e": "bad"]).fieldMessages["email"] == "Please enter a valid email")
    }

    @Test("with revealUnknownEmail (Screen Cache), an unknown address gets the seed's message")
    func reveal() async throws {
        // QUARRY_AUTH_REVEAL_UNKNOWN_EMAIL=true, the setting under test (shipped: false).
        var settings = TestService.defaultSettings
        settings.revealUnknownEmail = true
        let h = try await TestService.start(settings: settings)
        let r = try await h.post(Self.request, ["e": "nobody.\(UUID().uuidString.prefix(6))@example.com"])
        #expect(r.codes == ["EMAIL_NOT_FOUND"])
        #expect(r.messages == ["We're sorry, we couldn't find an account associated with this email."])
        let nickname = try await h.post("mutation($e: String!) { recoverNickname(email: $e) }", ["e": "nobody@example.com"])
        #expect(nickname.codes == ["EMAIL_NOT_FOUND"])
    }

    @Test("a reset link sets the new password once, revokes every token, and ends a lockout")
    func reset() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let token = try await resetToken(for: user.id, h)
        let mismatch = try await h.post(Self.reset, ["t": token, "n": Self.newPassword, "c": "other"])
        #expect(mismatch.fieldMessages["confirmPassword"] == "Please re-enter the same password")
        let ok = try await h.post(Self.reset, ["t": token, "n": Self.newPassword, "c": Self.newPassword])
        #expect(ok["data.resetPassword"] as? Bool == true, "\(ok.json)")
        #expect(try await h.post("{ viewer { id } }", token: user.token)["data.viewer"] is NSNull)
        #expect(try await h.post(LogInTests.logIn, ["e": user.email, "p": Self.newPassword]).string("data.logIn.token") != nil)
        let reused = try await h.post(Self.reset, ["t": token, "n": Self.newPassword, "c": Self.newPassword])
        #expect(reused.codes == ["INVALID_RESET_LINK"])
        let expired = try await resetToken(for: user.id, h, expiresIn: "-1 second")
        #expect(try await h.post(Self.reset, ["t": expired, "n": Self.newPassword, "c": Self.newPassword]).codes == ["INVALID_RESET_LINK"])
    }

    @Test("nickname recovery answers success and is logged for a known address")
    func recoverNickname() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        #expect(try await h.post("mutation($e: String!) { recoverNickname(email: $e) }", ["e": user.email])["data.recoverNickname"] as? Bool == true)
        #expect(try await h.pool.query("SELECT 1 FROM event_log WHERE user_id = \(user.id) AND type = 'NICKNAME_RECOVERY_REQUESTED'").count == 1)
    }
}
