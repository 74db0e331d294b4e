import AppCore
import Foundation
import QuarryTestSupport
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
