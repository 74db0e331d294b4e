import App
import Foundation
import QuarryTestSupport
import Testing

@Suite("QUARRY_INTROSPECTION=role: each caller sees what its role may use")
struct IntrospectionByRoleTests {
    func fieldNames(_ h: TestService, type: String, token: String?) async throws -> [String] {
        let r = try await h.post("query($t: String!) { __type(name: $t) { fields { name } } }", ["t": type], token: token)
        return (r["data.__type.fields"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test("a guest does not see USER mutations nor the user's private fields; a user does; ADMIN sees blockReason")
    func byRole() async throws {
        // QUARRY_INTROSPECTION=role; every other option as shipped.
        var options = GraphQLService.Options.shipped
        options.introspectionByRole = true
        let h = try await TestService.start(options: options)
        let user = try await h.signUp()
        let guestMutations = try await fieldNames(h, type: "Mutation", token: nil)
        #expect(guestMutations.contains("logIn") && !guestMutations.contains("logOut"))
        #expect(try await fieldNames(h, type: "Mutation", token: user.token).contains("logOut"))
        let guestUser = try await fieldNames(h, type: "User", token: nil)
        #expect(guestUser.contains("nickname") && !guestUser.contains("email") && !guestUser.contains("blockReason"))
        let userUser = try await fieldNames(h, type: "User", token: user.token)
        #expect(userUser.contains("email") && !userUser.contains("blockReason"))
        _ = try await h.pool.execute("UPDATE users SET role = 'ADMIN' WHERE id = \(user.id)")
        #expect(try await fieldNames(h, type: "User", token: user.token).contains("blockReason"))
    }
}
