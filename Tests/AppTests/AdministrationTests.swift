import Accounts
import AppCore
import Foundation
import GraphQLType
import QuarryTestSupport
import TestDatabaseSupport
import Testing

/// The admin dashboard's account operations (API.md "Administration"; issue 13
/// "Users and roles"; roles-and-onboarding.md story 8 for the blocked account's
/// pop-up): who may list, block, unblock, promote and delete whom, each refusal
/// coded and changing nothing.
@Suite("Administration: users and roles")
struct AdministrationTests {
    static let users = """
        query($s: String, $r: Role, $b: Boolean, $f: Int, $a: String) {
          users(search: $s, role: $r, blocked: $b, first: $f, after: $a) {
            edges { node { nickname role blocked } } pageInfo { hasNextPage endCursor } } }
        """
    static let block = "mutation($id: ID!, $r: String!) { blockUser(id: $id, reason: $r) { nickname blocked blockReason } }"
    static let unblock = "mutation($id: ID!) { unblockUser(id: $id) { nickname blocked blockReason } }"
    static let setRole = "mutation($id: ID!, $r: Role!) { setUserRole(id: $id, role: $r) { nickname role } }"
    static let delete = "mutation($id: ID!) { deleteUser(id: $id) }"
    static let logIn = "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }"

    /// A label no other test's users share, so lists can be searched for this test's users alone.
    static func label() -> String { "adm" + String(UUID().uuidString.prefix(6)).lowercased() }

    static func nicknames(_ r: TestService.Response) -> [String] {
        (r["data.users.edges"] as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["nickname"] as? String }
    }

    @Test("users: newest first; search by nickname or e-mail substring, role and blocked narrow it; pages do not repeat")
    func listing() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("boss", role: .admin)
        let tag = Self.label()
        let first = try await h.signUp(tag)
        let second = try await h.signUp(tag, role: .admin)
        let third = try await h.signUp(tag)
        _ = try await h.post(Self.block, ["id": third.globalID, "r": "spam"], token: admin.token)

        let all = try await h.post(Self.users, ["s": tag.uppercased()], token: admin.token)
        #expect(all.errors.isEmpty, "\(all)")
        #expect(Self.nicknames(all) == [third.nickname, second.nickname, first.nickname])
        let byEmail = try await h.post(Self.users, ["s": "\(first.email.split(separator: "@")[0])@example"], token: admin.token)
        #expect(Self.nicknames(byEmail) == [first.nickname])
        let admins = try await h.post(Self.users, ["s": tag, "r": "ADMIN"], token: admin.token)
        #expect(Self.nicknames(admins) == [second.nickname])
        let blocked = try await h.post(Self.users, ["s": tag, "b": true], token: admin.token)
        #expect(Self.nicknames(blocked) == [third.nickname])
        let active = try await h.post(Self.users, ["s": tag, "b": false], token: admin.token)
        #expect(Self.nicknames(active) == [second.nickname, first.nickname])

        var seen: [String] = []
        var after: String?
        repeat {
            var variables: [String: Any] = ["s": tag, "f": 2]
            if let after { variables["a"] = after }
            let page = try await h.post(Self.users, variables, token: admin.token)
            seen += Self.nicknames(page)
            after = page["data.users.pageInfo.hasNextPage"] as? Bool == true ? page.string("data.users.pageInfo.endCursor") : nil
        } while after != nil
        #expect(seen == [third.nickname, second.nickname, first.nickname])

        let asUser = try await h.post(Self.users, ["s": tag], token: first.token)
        #expect(asUser.codes == ["FORBIDDEN"])
    }

    @Test("blockUser revokes the tokens at once, logIn then shows the seed's pop-up text; unblockUser lets them in again")
    func blockAndUnblock() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")
        let blocked = try await h.post(Self.block, ["id": user.globalID, "r": "  Spam in messages  "], token: admin.token)
        #expect(blocked.errors.isEmpty, "\(blocked)")
        #expect(blocked["data.blockUser.blocked"] as? Bool == true)
        #expect(blocked.string("data.blockUser.blockReason") == "Spam in messages")

        let viewer = try await h.post("{ viewer { nickname } }", token: user.token)
        #expect(viewer["data.viewer"] is NSNull, "\(viewer)")
        let refused = try await h.post(Self.logIn, ["e": user.email, "p": user.password])
        #expect(refused.codes == ["ACCOUNT_BLOCKED"])
        #expect(refused.messages == [
            "Your account was blocked by the Administration. To get more information about the reason of blocking please contact us via email support@quarry.local",
        ])
        let events = try await h.pool.query("""
            SELECT details->>'reason' AS reason, details->>'by' AS by FROM event_log WHERE user_id = \(user.id) AND type = 'USER_BLOCKED'
            """)
        #expect(events.count == 1)
        #expect(try events.first?.decode("reason", as: String.self) == "Spam in messages")
        #expect(try events.first?.decode("by", as: String.self) == admin.id.uuidString.lowercased())

        let lifted = try await h.post(Self.unblock, ["id": user.globalID], token: admin.token)
        #expect(lifted["data.unblockUser.blocked"] as? Bool == false)
        #expect(lifted["data.unblockUser.blockReason"] is NSNull)
        let again = try await h.post(Self.logIn, ["e": user.email, "p": user.password])
        #expect(again.string("data.logIn.token") != nil, "\(again)")
        // The tokens revoked by the block stay revoked.
        let old = try await h.post("{ viewer { nickname } }", token: user.token)
        #expect(old["data.viewer"] is NSNull)
    }

    @Test("only a SUPER_ADMIN blocks or deletes an ADMIN; nobody acts on a SUPER_ADMIN or on their own account")
    func hierarchy() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("boss", role: .admin)
        let otherAdmin = try await h.signUp("peer", role: .admin)
        let superAdmin = try await h.signUp("root", role: .superAdmin)
        let otherSuper = try await h.signUp("root2", role: .superAdmin)

        let adminOnAdmin = try await h.post(Self.block, ["id": otherAdmin.globalID, "r": "x"], token: admin.token)
        #expect(adminOnAdmin.codes == ["FORBIDDEN"])
        #expect(adminOnAdmin.messages == ["Only a super administrator can block, unblock or delete an administrator."])
        let deleteAdmin = try await h.post(Self.delete, ["id": otherAdmin.globalID], token: admin.token)
        #expect(deleteAdmin.codes == ["FORBIDDEN"])
        for (target, token) in [(superAdmin, admin.token), (otherSuper, superAdmin.token)] {
            let onSuper = try await h.post(Self.block, ["id": target.globalID, "r": "x"], token: token)
            #expect(onSuper.codes == ["FORBIDDEN"])
            #expect(onSuper.messages == ["A super administrator's account cannot be changed through the API."])
            #expect(try await h.post(Self.delete, ["id": target.globalID], token: token).codes == ["FORBIDDEN"])
        }
        let own = try await h.post(Self.block, ["id": admin.globalID, "r": "x"], token: admin.token)
        #expect(own.codes == ["FORBIDDEN"])
        #expect(own.messages == ["You cannot block, delete or change the role of your own account here."])
        let stillActive = try await h.pool.query("""
            SELECT count(*) AS n FROM users WHERE id = ANY(\([admin.id, otherAdmin.id, superAdmin.id, otherSuper.id])) AND blocked_at IS NULL
            """)
        #expect(try stillActive[0].decode("n", as: Int.self) == 4)

        let bySuper = try await h.post(Self.block, ["id": otherAdmin.globalID, "r": "Left the team"], token: superAdmin.token)
        #expect(bySuper["data.blockUser.blocked"] as? Bool == true, "\(bySuper)")
        let deleted = try await h.post(Self.delete, ["id": otherAdmin.globalID], token: superAdmin.token)
        #expect(deleted["data.deleteUser"] as? Bool == true, "\(deleted)")
    }

    @Test("bad input and unknown accounts are coded and change nothing")
    func refusals() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")
        let blank = try await h.post(Self.block, ["id": user.globalID, "r": "   "], token: admin.token)
        #expect(blank.codes == ["BAD_USER_INPUT"])
        #expect(blank.fieldMessages == ["reason": "Say why the account is blocked."])
        let long = try await h.post(Self.block, ["id": user.globalID, "r": String(repeating: "x", count: 501)], token: admin.token)
        #expect(long.fieldMessages == ["reason": "The reason can be at most 500 characters long."])
        let unknown = GlobalID(typeName: "User", id: UUID()).text
        for r in [
            try await h.post(Self.block, ["id": unknown, "r": "x"], token: admin.token),
            try await h.post(Self.unblock, ["id": "not an id"], token: admin.token),
            try await h.post(Self.delete, ["id": GlobalID(typeName: "Screenshot", id: user.id).text], token: admin.token),
        ] {
            #expect(r.codes == ["USER_NOT_FOUND"], "\(r)")
        }
        let row = try await h.pool.query("SELECT blocked_at IS NULL AS active FROM users WHERE id = \(user.id)")
        #expect(try row[0].decode("active", as: Bool.self))
        let asUser = try await h.post(Self.block, ["id": admin.globalID, "r": "x"], token: user.token)
        #expect(asUser.codes == ["FORBIDDEN"])
    }

    @Test("setUserRole: a SUPER_ADMIN makes a user ADMIN and back, at once for their current token; nothing else")
    func roles() async throws {
        let h = try await TestService.start()
        let superAdmin = try await h.signUp("root", role: .superAdmin)
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")

        let promoted = try await h.post(Self.setRole, ["id": user.globalID, "r": "ADMIN"], token: superAdmin.token)
        #expect(promoted.string("data.setUserRole.role") == "ADMIN", "\(promoted)")
        // The promoted user's existing token now carries the role: the admin list answers them.
        let list = try await h.post(Self.users, ["s": user.nickname], token: user.token)
        #expect(list.errors.isEmpty, "\(list)")
        let event = try await h.pool.query("""
            SELECT details->>'from' AS from_role, details->>'to' AS to_role FROM event_log
            WHERE user_id = \(user.id) AND type = 'ROLE_CHANGED'
            """)
        #expect(try event.first?.decode("from_role", as: String.self) == "USER")
        #expect(try event.first?.decode("to_role", as: String.self) == "ADMIN")
        let demoted = try await h.post(Self.setRole, ["id": user.globalID, "r": "USER"], token: superAdmin.token)
        #expect(demoted.string("data.setUserRole.role") == "USER")
        #expect(try await h.post(Self.users, ["s": user.nickname], token: user.token).codes == ["FORBIDDEN"])

        #expect(try await h.post(Self.setRole, ["id": user.globalID, "r": "ADMIN"], token: admin.token).codes == ["FORBIDDEN"])
        let toSuper = try await h.post(Self.setRole, ["id": user.globalID, "r": "SUPER_ADMIN"], token: superAdmin.token)
        #expect(toSuper.codes == ["BAD_USER_INPUT"])
        #expect(try await h.post(Self.setRole, ["id": user.globalID, "r": "GUEST"], token: superAdmin.token).codes == ["BAD_USER_INPUT"])
        #expect(try await h.post(Self.setRole, ["id": superAdmin.globalID, "r": "USER"], token: superAdmin.token).codes == ["FORBIDDEN"])
        let roleNow = try await h.pool.query("SELECT role FROM users WHERE id = \(user.id)")
        #expect(try roleNow[0].decode("role", as: String.self) == "USER")
    }

    @Test("deleteUser deletes the account as deleteAccount does: the row and its tokens go, the event stays")
    func deletion() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")
        let r = try await h.post(Self.delete, ["id": user.globalID], token: admin.token)
        #expect(r["data.deleteUser"] as? Bool == true, "\(r)")
        #expect(try await h.pool.query("SELECT 1 FROM users WHERE id = \(user.id)").isEmpty)
        #expect(try await h.pool.query("SELECT 1 FROM access_tokens WHERE user_id = \(user.id)").isEmpty)
        let events = try await h.pool.query("""
            SELECT details->>'by' AS by FROM event_log WHERE user_id = \(user.id) AND type = 'ACCOUNT_DELETED'
            """)
        #expect(try events.first?.decode("by", as: String.self) == admin.id.uuidString.lowercased())
        let viewer = try await h.post("{ viewer { nickname } }", token: user.token)
        #expect(viewer["data.viewer"] is NSNull)
    }
}

/// The selfie review (issue 13 "Selfie review"; roles-and-onboarding.md: the
/// emotion/selfie verification is reviewed by the administration).
@Suite("Administration: selfie review")
struct SelfieReviewTests {
    static let submit = """
        mutation($c: ID!, $s: Upload!) { submitSelfie(challengeId: $c, selfie: $s) { id status } }
        """
    static let pending = """
        query($f: Int, $a: String) { pendingSelfieVerifications(first: $f, after: $a) {
          edges { node { id status imageUrl challenge { id } user { nickname } } } pageInfo { hasNextPage endCursor } } }
        """
    static let review = """
        mutation($id: ID!, $ok: Boolean!, $r: String) { reviewSelfie(id: $id, approve: $ok, reason: $r) {
          status reason reviewedAt } }
        """
    static let onboarding = "{ viewer { onboarding { emotionVerified } selfieVerifications { status reason } } }"

    /// `user` sends a selfie (a small JPEG) for the "happy" challenge; returns its id.
    static func submitSelfie(_ h: TestService, _ user: TestUser) async throws -> String {
        let selfie = try MediaTestImages.upload(try MediaTestImages.jpeg(width: 120, height: 160), filename: "me.jpg")
        let r = try await h.post(submit, ["c": "happy"], files: ["s": selfie], token: user.token)
        return try #require(r.string("data.submitSelfie.id"), "\(r)")
    }

    @Test("the pending queue is oldest first with the challenge, private image and sender; approval verifies the step")
    func approve() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("boss", role: .admin)
        let alice = try await h.signUp("alice")
        let selfie = try await Self.submitSelfie(h, alice)

        var nodes: [[String: Any]] = []
        var after: String?
        repeat {
            var variables: [String: Any] = ["f": 100]
            if let after { variables["a"] = after }
            let page = try await h.post(Self.pending, variables, token: admin.token)
            #expect(page.errors.isEmpty, "\(page)")
            nodes += (page["data.pendingSelfieVerifications.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
            after = page["data.pendingSelfieVerifications.pageInfo.hasNextPage"] as? Bool == true
                ? page.string("data.pendingSelfieVerifications.pageInfo.endCursor") : nil
        } while after != nil
        let mine = try #require(nodes.first { $0["id"] as? String == selfie })
        #expect((mine["user"] as? [String: Any])?["nickname"] as? String == alice.nickname)
        #expect((mine["imageUrl"] as? String)?.hasPrefix(TestService.publicURL + "/media/") == true)
        #expect(nodes.allSatisfy { $0["status"] as? String == "PENDING" })

        let approved = try await h.post(Self.review, ["id": selfie, "ok": true], token: admin.token)
        #expect(approved.string("data.reviewSelfie.status") == "APPROVED", "\(approved)")
        #expect(approved.string("data.reviewSelfie.reviewedAt") != nil)
        let state = try await h.post(Self.onboarding, token: alice.token)
        #expect(state["data.viewer.onboarding.emotionVerified"] as? Bool == true)
        let again = try await h.post(Self.review, ["id": selfie, "ok": false], token: admin.token)
        #expect(again.codes == ["SELFIE_ALREADY_REVIEWED"])
        let events = try await h.pool.query("SELECT 1 FROM event_log WHERE user_id = \(alice.id) AND type = 'SELFIE_APPROVED'")
        #expect(events.count == 1)
        #expect(try await h.post(Self.pending, ["f": 1], token: alice.token).codes == ["FORBIDDEN"])
    }

    @Test("a rejection keeps the step open with its reason, and the user may send a new selfie")
    func reject() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("boss", role: .admin)
        let bob = try await h.signUp("bob")
        let selfie = try await Self.submitSelfie(h, bob)
        let long = try await h.post(Self.review, ["id": selfie, "ok": false, "r": String(repeating: "x", count: 501)], token: admin.token)
        #expect(long.codes == ["BAD_USER_INPUT"])
        let rejected = try await h.post(Self.review, ["id": selfie, "ok": false, "r": " Face not visible "], token: admin.token)
        #expect(rejected.string("data.reviewSelfie.status") == "REJECTED", "\(rejected)")
        #expect(rejected.string("data.reviewSelfie.reason") == "Face not visible")
        let state = try await h.post(Self.onboarding, token: bob.token)
        #expect(state["data.viewer.onboarding.emotionVerified"] as? Bool == false)
        #expect(state.string("data.viewer.selfieVerifications.0.reason") == "Face not visible")
        let second = try await Self.submitSelfie(h, bob)
        #expect(second != selfie)
        let events = try await h.pool.query("""
            SELECT details->>'reason' AS reason FROM event_log WHERE user_id = \(bob.id) AND type = 'SELFIE_REJECTED'
            """)
        #expect(try events.first?.decode("reason", as: String.self) == "Face not visible")
        let unknown = GlobalID(typeName: "SelfieVerification", id: UUID()).text
        #expect(try await h.post(Self.review, ["id": unknown, "ok": true], token: admin.token).codes == ["SELFIE_NOT_FOUND"])
    }
}

/// The event log (issue 13 "Event logs"; Foodstabook 2.2).
@Suite("Administration: event logs")
struct EventLogTests {
    static let events = """
        query($from: DateTime, $to: DateTime, $t: EventType, $u: ID, $ar: Boolean, $f: Int, $a: String) {
          eventLogs(from: $from, to: $to, type: $t, userId: $u, archived: $ar, first: $f, after: $a) {
            edges { node { id type at ip userAgent details user { nickname } } } pageInfo { hasNextPage endCursor } } }
        """

    static func nodes(_ r: TestService.Response) -> [[String: Any]] {
        (r["data.eventLogs.edges"] as? [[String: Any]] ?? []).compactMap { $0["node"] as? [String: Any] }
    }

    @Test("every event an account operation writes is an EventType value, and ERROR is one too")
    func eventTypesCovered() throws {
        let schema = try TestService.schema()
        guard case .enumeration(let eventType) = schema.type(named: "EventType") else {
            Issue.record("EventType is not an enum of the schema")
            return
        }
        let values = Set(eventType.values.map(\.name))
        // The issue's list: sign-up, login, failed login, lockout, logout, password change/reset, e-mail change,
        // role change, block/unblock, deletion, selfie decisions, error.
        let required: Set = [
            "SIGN_UP", "LOGIN", "LOGIN_FAILED", "LOCKOUT", "LOGOUT", "PASSWORD_CHANGED", "PASSWORD_RESET",
            "EMAIL_CHANGED", "ROLE_CHANGED", "USER_BLOCKED", "USER_UNBLOCKED", "ACCOUNT_DELETED", "SELFIE_APPROVED",
            "SELFIE_REJECTED", "ERROR",
        ]
        #expect(required.isSubset(of: values))
        #expect(Set(AccountEvent.allCases.map(\.rawValue)).isSubset(of: values))
    }

    @Test("a user's events newest first, narrowed by type; the default window is the last 7 days; pages walk it")
    func listing() async throws {
        let h = try await TestService.start()
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")
        _ = try await h.post(
            "mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }", ["e": user.email, "p": "wrong"]
        )
        // An event older than the default window, written as it would have been 8 days ago.
        _ = try await h.pool.execute("""
            INSERT INTO event_log (type, user_id, at) VALUES ('LOGOUT', \(user.id), now() - interval '8 days')
            """)

        let all = try await h.post(Self.events, ["u": user.globalID], token: admin.token)
        #expect(all.errors.isEmpty, "\(all)")
        #expect(Self.nodes(all).map { $0["type"] as? String } == ["LOGIN_FAILED", "LOGIN", "SIGN_UP"])
        #expect(Self.nodes(all).allSatisfy { ($0["user"] as? [String: Any])?["nickname"] as? String == user.nickname })
        let failed = try await h.post(Self.events, ["u": user.globalID, "t": "LOGIN_FAILED"], token: admin.token)
        #expect(Self.nodes(failed).count == 1)
        #expect(Self.nodes(failed).first?["ip"] as? String == "127.0.0.1")
        let wide = try await h.post(
            Self.events, ["u": user.globalID, "from": "2000-01-01T00:00:00Z", "t": "LOGOUT"], token: admin.token
        )
        #expect(Self.nodes(wide).count == 1)

        var seen: [String] = []
        var after: String?
        repeat {
            var variables: [String: Any] = ["u": user.globalID, "f": 1]
            if let after { variables["a"] = after }
            let page = try await h.post(Self.events, variables, token: admin.token)
            seen += Self.nodes(page).compactMap { $0["type"] as? String }
            after = page["data.eventLogs.pageInfo.hasNextPage"] as? Bool == true ? page.string("data.eventLogs.pageInfo.endCursor") : nil
        } while after != nil
        #expect(seen == ["LOGIN_FAILED", "LOGIN", "SIGN_UP"])

        let backwards = try await h.post(
            Self.events, ["from": "2026-01-02T00:00:00Z", "to": "2026-01-01T00:00:00Z"], token: admin.token
        )
        #expect(backwards.codes == ["BAD_USER_INPUT"])
        #expect(try await h.post(Self.events, [:], token: user.token).codes == ["FORBIDDEN"])
    }

    @Test("archiveEventLogs moves old events to the archive, which eventLogs(archived: true) reads")
    func archive() async throws {
        // A database of its own: the archive moves every old event of the database, so another test's would count.
        let h = try await TestService.start(database: try await TestDatabases.migrated(prefix: "archive").pool)
        let admin = try await h.signUp("boss", role: .admin)
        let user = try await h.signUp("member")
        _ = try await h.pool.execute("""
            INSERT INTO event_log (type, user_id, at, details)
            SELECT 'LOGIN', \(user.id), now() - interval '90 days' - make_interval(secs => n), jsonb_build_object('n', n)
            FROM generate_series(1, 2500) AS n
            """)
        let archive = "mutation($d: Int) { archiveEventLogs(olderThanDays: $d) }"
        #expect(try await h.post(archive, ["d": 0], token: admin.token).codes == ["BAD_USER_INPUT"])
        let moved = try await h.post(archive, [:], token: admin.token)
        #expect(moved["data.archiveEventLogs"] as? Int == 2500, "\(moved)")
        let live = try await h.pool.query("SELECT count(*) AS n FROM event_log WHERE at < now() - interval '60 days'")
        #expect(try live[0].decode("n", as: Int.self) == 0)
        let archived = try await h.post(
            Self.events, ["u": user.globalID, "ar": true, "from": "2000-01-01T00:00:00Z", "f": 100], token: admin.token
        )
        #expect(Self.nodes(archived).count == 100, "\(archived)")
        #expect(Self.nodes(archived).first?["details"] as? String == #"{"n": 1}"#)
        let recent = try await h.post(Self.events, ["u": user.globalID], token: admin.token)
        #expect(Self.nodes(recent).map { $0["type"] as? String } == ["LOGIN", "SIGN_UP"])
        #expect(try await h.post(archive, [:], token: admin.token)["data.archiveEventLogs"] as? Int == 0)
    }
}

/// `adminStats` (issue 13): the dashboard's figures, against counts made here.
@Suite("Administration: adminStats")
struct AdminStatsTests {
    @Test("the figures count accounts, today's sign-ups, blocked accounts, pending selfies and the day's errors")
    func figures() async throws {
        // A database of its own, so that no other test's accounts change the counts.
        let h = try await TestService.start(database: try await TestDatabases.migrated(prefix: "stats").pool)
        let admin = try await h.signUp("boss", role: .admin)
        let alice = try await h.signUp("alice")
        let bob = try await h.signUp("bob")
        _ = try await h.pool.execute("UPDATE users SET created_at = now() - interval '3 days' WHERE id = \(bob.id)")
        _ = try await h.post(AdministrationTests.block, ["id": bob.globalID, "r": "spam"], token: admin.token)
        _ = try await SelfieReviewTests.submitSelfie(h, alice)
        _ = try await h.pool.execute("""
            INSERT INTO error_reports (code, message, created_at)
            VALUES ('INTERNAL_SERVER_ERROR', 'x', now() - interval '1 hour'), ('CRASH', 'y', now() - interval '2 days')
            """)
        let stats = "{ adminStats { users newUsersToday blockedUsers pendingSelfies postsToday errorsLast24h } }"
        let r = try await h.post(stats, token: admin.token)
        #expect(r.errors.isEmpty, "\(r)")
        #expect(r["data.adminStats.users"] as? Int == 3)
        #expect(r["data.adminStats.newUsersToday"] as? Int == 2)
        #expect(r["data.adminStats.blockedUsers"] as? Int == 1)
        #expect(r["data.adminStats.pendingSelfies"] as? Int == 1)
        #expect(r["data.adminStats.postsToday"] as? Int == 0)
        #expect(r["data.adminStats.errorsLast24h"] as? Int == 1)
        #expect(r.statements == 2, "the token and the figures")
        #expect(try await h.post(stats, token: alice.token).codes == ["FORBIDDEN"])
    }
}
