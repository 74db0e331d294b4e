import AppCore
import Auth
import Foundation
import Postgres
import QuarryTestSupport
import Testing

@Suite("Log in, tokens and log out (API.md logIn, logOut, logOutEverywhere)")
struct LogInTests {
    static let logIn = "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token expiresAt user { nickname } } }"

    @Test("the right password signs in with a qry_ token that makes the caller the viewer")
    func success() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let r = try await h.post(Self.logIn, ["e": user.email.uppercased(), "p": TestService.strongPassword])
        let token = try #require(r.string("data.logIn.token"))
        #expect(token.hasPrefix("qry_") && token.count == 4 + 43)
        #expect(r.string("data.logIn.user.nickname") == user.nickname)
        #expect(r.string("data.logIn.expiresAt")?.hasSuffix("Z") == true)
        let viewer = try await h.post("{ viewer { nickname } }", token: token)
        #expect(viewer.string("data.viewer.nickname") == user.nickname)
        let stored = try await h.pool.query("SELECT count(*)::int AS n FROM access_tokens WHERE token_hash = \(Data(token.utf8))")
        #expect(try stored[0].decode("n", as: Int.self) == 0, "tokens are stored only as hashes")
    }

    /// Issue 17: the token lookup reads the user's row, so the viewer field runs no statement of its own.
    @Test("{ viewer { … } } costs one statement, the token's, and answers the row as it is now")
    func viewerInOneStatement() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let query = "{ viewer { nickname email realName role homeLocation { latitude longitude } onboarding { emailVerified } } }"
        let nickname = try await h.post("{ viewer { nickname } }", token: user.token)
        #expect(nickname.string("data.viewer.nickname") == user.nickname, "\(nickname)")
        #expect(nickname.statements == 1)
        _ = try await h.pool.execute("""
            UPDATE users SET real_name = 'Ada Lovelace', email_verified_at = now(),
                home_location = ST_SetSRID(ST_MakePoint(13.4, 52.5), 4326)::geography WHERE id = \(user.id)
            """)
        let r = try await h.post(query, token: user.token)
        #expect(r.errors.isEmpty, "\(r)")
        #expect(r.statements == 1)
        #expect(r.string("data.viewer.email") == user.email)
        #expect(r.string("data.viewer.realName") == "Ada Lovelace", "a change made since sign-up shows at once")
        #expect(r.string("data.viewer.role") == "USER")
        #expect(r["data.viewer.homeLocation.latitude"] as? Double == 52.5)
        #expect(r["data.viewer.homeLocation.longitude"] as? Double == 13.4)
        #expect(r["data.viewer.onboarding.emailVerified"] as? Bool == true)
        let guest = try await h.post("{ viewer { nickname } }")
        #expect(guest["data.viewer"] is NSNull && guest.statements == 0, "\(guest)")
    }

    @Test("a wrong password and an unknown address get the same error")
    func invalidCredentials() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let wrong = try await h.post(Self.logIn, ["e": user.email, "p": "not the password"])
        let unknown = try await h.post(Self.logIn, ["e": "nobody.\(UUID().uuidString.prefix(6))@example.com", "p": "whatever"])
        for r in [wrong, unknown] {
            #expect(r.codes == ["INVALID_CREDENTIALS"])
            #expect(r.messages == ["Email or password are incorrect"])
            #expect(r.data == nil || r["data.logIn"] is NSNull)
        }
        let failures = try await h.pool.query("SELECT count(*)::int AS n FROM event_log WHERE type = 'LOGIN_FAILED' AND user_id = \(user.id)")
        #expect(try failures[0].decode("n", as: Int.self) == 1)
    }

    @Test("repeated failures lock the address out with RATE_LIMITED, even for the right password, and are an ERROR event")
    func lockout() async throws {
        // QUARRY_AUTH_MAX_FAILED_LOGINS=3 instead of the shipped 5: the same lockout in fewer attempts.
        var settings = TestService.defaultSettings
        settings.maxFailedLogins = 3
        let h = try await TestService.start(settings: settings)
        let user = try await h.signUp()
        for _ in 0..<2 {
            #expect(try await h.post(Self.logIn, ["e": user.email, "p": "wrong"]).codes == ["INVALID_CREDENTIALS"])
        }
        let third = try await h.post(Self.logIn, ["e": user.email, "p": "wrong"])
        #expect(third.codes == ["RATE_LIMITED"])
        let locked = try await h.post(Self.logIn, ["e": user.email, "p": TestService.strongPassword])
        #expect(locked.codes == ["RATE_LIMITED"])
        #expect(locked.messages.first?.hasPrefix("Too many failed login attempts. Please try again in 15 minutes") == true)
        let events = try await h.pool.query("SELECT count(*)::int AS n FROM event_log WHERE type = 'LOCKOUT' AND user_id = \(user.id)")
        #expect(try events[0].decode("n", as: Int.self) == 1)
        // Foodstabook 2.2.3: exceeded password attempts are also an ERROR event, once, with its details.
        let errors = try await h.pool.query("""
            SELECT details->>'failure' AS failure, details->>'attempts' AS attempts FROM event_log
            WHERE type = 'ERROR' AND user_id = \(user.id)
            """)
        #expect(errors.count == 1)
        #expect(try errors.first?.decode("failure", as: String.self) == "exceeded password attempts")
        #expect(try errors.first?.decode("attempts", as: String.self) == "3")
        _ = try await h.pool.execute("UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE email_key = \(user.email.lowercased())")
        #expect(try await h.post(Self.logIn, ["e": user.email, "p": TestService.strongPassword]).string("data.logIn.token") != nil)
    }

    @Test("a blocked account sees the seed's message after a correct password, and its tokens stop working")
    func blocked() async throws {
        // A QUARRY_SUPPORT_EMAIL of the test's own, to see the message name the configured address.
        var settings = TestService.defaultSettings
        settings.supportEmail = "help@quarry.example"
        let h = try await TestService.start(settings: settings)
        let user = try await h.signUp()
        _ = try await h.pool.execute("UPDATE users SET blocked_at = now(), block_reason = 'spam' WHERE id = \(user.id)")
        let r = try await h.post(Self.logIn, ["e": user.email, "p": TestService.strongPassword])
        #expect(r.codes == ["ACCOUNT_BLOCKED"])
        #expect(r.messages == ["Your account was blocked by the Administration. To get more information about the reason of blocking please contact us via email help@quarry.example"])
        #expect(try await h.post(Self.logIn, ["e": user.email, "p": "wrong"]).codes == ["INVALID_CREDENTIALS"])
        let viewer = try await h.post("{ viewer { nickname } }", token: user.token)
        #expect(viewer["data.viewer"] is NSNull)
    }

    @Test("logOut revokes the token in use only; logOutEverywhere revokes all")
    func logOut() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let second = try #require(try await h.post(Self.logIn, ["e": user.email, "p": TestService.strongPassword]).string("data.logIn.token"))
        let third = try #require(try await h.post(Self.logIn, ["e": user.email, "p": TestService.strongPassword]).string("data.logIn.token"))
        #expect(try await h.post("mutation { logOut }", token: user.token)["data.logOut"] as? Bool == true)
        #expect(try await h.post("{ viewer { id } }", token: user.token)["data.viewer"] is NSNull)
        #expect(try await h.post("{ viewer { nickname } }", token: second).string("data.viewer.nickname") == user.nickname)
        #expect(try await h.post("mutation { logOutEverywhere }", token: second)["data.logOutEverywhere"] as? Bool == true)
        for token in [second, third] {
            #expect(try await h.post("{ viewer { id } }", token: token)["data.viewer"] is NSNull)
        }
        let guest = try await h.post("mutation { logOut }")
        #expect(guest.codes == ["UNAUTHENTICATED"])
    }

    @Test("an expired token is a guest; each use slides the expiry forward")
    func expiry() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        _ = try await h.pool.execute("UPDATE access_tokens SET expires_at = now() + interval '1 minute' WHERE user_id = \(user.id)")
        _ = try await h.post("{ viewer { id } }", token: user.token)
        let slid = try await h.pool.query("SELECT expires_at > now() + interval '29 days' AS slid FROM access_tokens WHERE user_id = \(user.id)")
        #expect(try slid[0].decode("slid", as: Bool.self))
        _ = try await h.pool.execute("UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE user_id = \(user.id)")
        #expect(try await h.post("{ viewer { id } }", token: user.token)["data.viewer"] is NSNull)
        #expect(try await h.post("{ viewer { id } }", token: "qry_unknown")["data.viewer"] is NSNull)
    }

    @Test("a token used within a minute of its last slide keeps its row as it is; one due slides once, for its blocked user not at all")
    func slideOnlyWhenDue() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let row: SQL = "SELECT expires_at::text AS e, last_used_at::text AS l FROM access_tokens WHERE user_id = \(user.id)"
        let issued = try await h.pool.query(row)[0]
        #expect(try await h.post("{ viewer { id } }", token: user.token).string("data.viewer.id") != nil)
        let after = try await h.pool.query(row)[0]
        #expect(try after.decode("e", as: String.self) == issued.decode("e", as: String.self))
        #expect(try after.decode("l", as: String?.self) == issued.decode("l", as: String?.self))
        // Due (more than a minute behind): the request slides it to a full lifetime again.
        _ = try await h.pool.execute("UPDATE access_tokens SET expires_at = now() + interval '29 days' WHERE user_id = \(user.id)")
        #expect(try await h.post("{ viewer { id } }", token: user.token).string("data.viewer.id") != nil)
        let slid = try await h.pool.query("SELECT expires_at > now() + interval '29 days 23 hours' AS slid, last_used_at IS NOT NULL AS used FROM access_tokens WHERE user_id = \(user.id)")
        #expect(try slid[0].decode("slid", as: Bool.self) && slid[0].decode("used", as: Bool.self))
        // A blocked account's token is a guest's and does not slide.
        _ = try await h.pool.execute("UPDATE access_tokens SET expires_at = now() + interval '29 days' WHERE user_id = \(user.id)")
        _ = try await h.pool.execute("UPDATE users SET blocked_at = now() WHERE id = \(user.id)")
        #expect(try await h.post("{ viewer { id } }", token: user.token)["data.viewer"] is NSNull)
        let kept = try await h.pool.query("SELECT expires_at < now() + interval '29 days 1 minute' AS kept FROM access_tokens WHERE user_id = \(user.id)")
        #expect(try kept[0].decode("kept", as: Bool.self))
    }

    @Test("an argon2id hash with older parameters is upgraded at login")
    func rehash() async throws {
        let h = try await TestService.start()
        let user = try await h.signUp()
        let old = try await PasswordHasher(parameters: Argon2Parameters(memoryKiB: 512, iterations: 1, parallelism: 1), threads: 1)
            .hash(TestService.strongPassword)
        _ = try await h.pool.execute("UPDATE users SET password_hash = \(old) WHERE id = \(user.id)")
        #expect(try await h.post(Self.logIn, ["e": user.email, "p": TestService.strongPassword]).string("data.logIn.token") != nil)
        let stored = try await h.pool.query("SELECT password_hash FROM users WHERE id = \(user.id)")[0].decode("password_hash", as: String.self)
        #expect(stored != old && stored.contains("m=1024,t=1,p=1"))
    }
}
