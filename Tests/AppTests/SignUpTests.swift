import AppCore
import Foundation
import Postgres
import QuarryTestSupport
import Testing

@Suite("Sign-up (API.md signUp; Screen Cache and onboarding seeds)")
struct SignUpTests {
    func signUp(_ h: TestService, _ input: [String: Any]) async throws -> TestService.Response {
        try await h.post(TestService.signUpMutation, ["input": input])
    }

    @Test("a valid sign-up creates the account, returns no token before verification, and says a link was sent")
    func requiresVerification() async throws {
        let h = try await TestService.start()
        let (email, nickname) = TestService.uniqueUser()
        let r = try await signUp(h, ["email": " \(email) ", "nickname": nickname, "password": TestService.strongPassword, "acceptedTerms": true])
        #expect(r.errors.isEmpty, "\(r.json)")
        #expect(r["data.signUp.token"] is NSNull)
        #expect(r["data.signUp.verificationRequired"] as? Bool == true)
        #expect(r.string("data.signUp.message") == "Confirmation link has been sent to your email. Please open it and verify your email address.")
        #expect(r.string("data.signUp.user.nickname") == nickname)
        let rows = try await h.pool.query("SELECT email, email_verified_at IS NULL AS pending, password_hash FROM users WHERE nickname = \(nickname)")
        #expect(try rows[0].decode("email", as: String.self) == email)
        #expect(try rows[0].decode("pending", as: Bool.self))
        #expect(try rows[0].decode("password_hash", as: String.self).hasPrefix("$argon2id$"))
        let login = try await h.post("mutation { logIn(email: \"\(email)\", password: \"\(TestService.strongPassword)\") { token } }")
        #expect(login.codes == ["EMAIL_NOT_VERIFIED"])
    }

    @Test("with verification off (Screen Cache), sign-up returns a working token at once")
    func tokenAtOnce() async throws {
        // QUARRY_AUTH_REQUIRE_EMAIL_VERIFICATION=false, the setting under test (shipped: true).
        var settings = TestService.defaultSettings
        settings.requireEmailVerification = false
        let h = try await TestService.start(settings: settings)
        let (email, nickname) = TestService.uniqueUser()
        let r = try await signUp(h, ["email": email, "nickname": nickname, "password": TestService.strongPassword, "acceptedTerms": true])
        let token = try #require(r.string("data.signUp.token"), "\(r.json)")
        #expect(token.hasPrefix("qry_"))
        let viewer = try await h.post("{ viewer { nickname email onboarding { emailVerified nextStep } } }", token: token)
        #expect(viewer.string("data.viewer.nickname") == nickname)
        #expect(viewer.string("data.viewer.email") == email)
        #expect(viewer["data.viewer.onboarding.emailVerified"] as? Bool == true)
        #expect(viewer.string("data.viewer.onboarding.nextStep") == "EMOTION_VERIFICATION")
    }

    @Test("every invalid field is reported at once with the seeds' messages, and nothing is created")
    func validationMessages() async throws {
        let h = try await TestService.start()
        let r = try await signUp(h, ["email": "not-an-email", "nickname": "   ", "password": "password", "acceptedTerms": false])
        #expect(r.codes == ["BAD_USER_INPUT"])
        let fields = r.fieldMessages
        #expect(fields["email"] == "Please enter a valid email")
        #expect(fields["nickname"] == "Please enter a nickname")
        #expect(fields["password"]?.isEmpty == false)
        #expect(fields["acceptedTerms"] == "Please accept the Terms and Conditions and the Privacy Policy")
        #expect(r.messages == ["Please enter a valid email"])
        for email in ["", "a@b", "a b@example.com", "@example.com", "a@-x.com", "a@@example.com"] {
            let bad = try await signUp(h, ["email": email, "nickname": "n", "password": TestService.strongPassword, "acceptedTerms": true])
            #expect(bad.fieldMessages["email"] == "Please enter a valid email", "\(email)")
        }
    }

    @Test("address and nickname must be unique, without regard to case")
    func uniqueness() async throws {
        let h = try await TestService.start()
        let (email, nickname) = TestService.uniqueUser()
        let first = try await signUp(h, ["email": email, "nickname": nickname, "password": TestService.strongPassword, "acceptedTerms": true])
        #expect(first.errors.isEmpty)
        let again = try await signUp(h, ["email": email.uppercased(), "nickname": nickname.uppercased(), "password": TestService.strongPassword, "acceptedTerms": true])
        #expect(again.fieldMessages["email"] == "An account with this email already exists")
        #expect(again.fieldMessages["nickname"] == "This nickname is already taken")
        let available = try await h.post(
            "query($e: String!, $n: String!, $f: String!) { a: emailAvailable(email: $e) b: nicknameAvailable(nickname: $n) c: emailAvailable(email: $f) }",
            ["e": email.uppercased(), "n": nickname, "f": "free.\(UUID().uuidString.prefix(6))@example.com"]
        )
        #expect(available["data.a"] as? Bool == false)
        #expect(available["data.b"] as? Bool == false)
        #expect(available["data.c"] as? Bool == true)
        let blank = try await h.post("{ nicknameAvailable(nickname: \" \") }")
        #expect(blank.fieldMessages["nickname"] == "Please enter a nickname")
    }

    @Test("a weak password is refused with the reason it is weak; passwordStrength feeds the strength bar")
    func passwordStrength() async throws {
        let h = try await TestService.start()
        let weak = try await h.post("{ passwordStrength(password: \"password\") { score warning suggestions meetsPolicy } }")
        #expect(weak["data.passwordStrength.score"] as? Int == 0)
        #expect(weak["data.passwordStrength.meetsPolicy"] as? Bool == false)
        let warning = try #require(weak.string("data.passwordStrength.warning"))
        let strong = try await h.post("{ passwordStrength(password: \"\(TestService.strongPassword)\") { score warning meetsPolicy } }")
        #expect((strong["data.passwordStrength.score"] as? Int ?? 0) >= 3)
        #expect(strong["data.passwordStrength.meetsPolicy"] as? Bool == true)
        let (email, nickname) = TestService.uniqueUser()
        let refused = try await signUp(h, ["email": email, "nickname": nickname, "password": "password", "acceptedTerms": true])
        #expect(refused.fieldMessages["password"] == warning)
    }

    @Test("SMS verification is refused with a clear error, since no SMS gateway is configured")
    func smsChannel() async throws {
        let h = try await TestService.start()
        let (email, nickname) = TestService.uniqueUser()
        let r = try await signUp(h, ["email": email, "nickname": nickname, "password": TestService.strongPassword, "acceptedTerms": true, "verificationChannel": "SMS"])
        #expect(r.codes == ["SMS_UNAVAILABLE"])
        #expect(try await h.pool.query("SELECT 1 FROM users WHERE nickname = \(nickname)").isEmpty)
    }

    @Test("sign-up is written to the event log with address and user agent")
    func eventLogged() async throws {
        let h = try await TestService.start()
        let (email, nickname) = TestService.uniqueUser()
        _ = try await signUp(h, ["email": email, "nickname": nickname, "password": TestService.strongPassword, "acceptedTerms": true])
        let rows = try await h.pool.query("""
            SELECT e.ip, e.user_agent FROM event_log e JOIN users u ON u.id = e.user_id WHERE u.nickname = \(nickname) AND e.type = 'SIGN_UP'
            """)
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(try row.decode("ip", as: String.self) == "127.0.0.1")
        #expect(try row.decode("user_agent", as: String.self) == "quarry-tests")
    }
}
