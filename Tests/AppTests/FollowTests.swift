import AppCore
import Foundation
import QuarryTestSupport
import Testing

/// Following users (issue 16; Foodstabook 2.5): `follow`, `unfollow`, `User.followers` and `User.following`.
@Suite("Posts: follows")
struct FollowTests {
    static let follow = "mutation($id: ID!) { follow(userId: $id) }"
    static let unfollow = "mutation($id: ID!) { unfollow(userId: $id) }"
    static let lists = """
        query($id: ID!) { node(id: $id) { ... on User {
          followers { edges { node { id } } } following { edges { node { id } } } } } }
        """

    @Test("follow and unfollow; the lists are newest first; following twice changes nothing")
    func lists() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("star")
        let bob = try await h.signUp("fan")
        let carol = try await h.signUp("fan")
        #expect(try await h.post(Self.follow, ["id": alice.globalID], token: bob.token)["data.follow"] as? Bool == true)
        #expect(try await h.post(Self.follow, ["id": alice.globalID], token: bob.token)["data.follow"] as? Bool == true)
        _ = try await h.post(Self.follow, ["id": alice.globalID], token: carol.token)
        _ = try await h.post(Self.follow, ["id": carol.globalID], token: alice.token)
        let r = try await h.post(Self.lists, ["id": alice.globalID], token: bob.token)
        #expect(r.errors.isEmpty, "\(r)")
        #expect(ids(r["data.node.followers.edges"]) == [carol.globalID, bob.globalID])
        #expect(ids(r["data.node.following.edges"]) == [carol.globalID])
        #expect(try await h.post(Self.unfollow, ["id": alice.globalID], token: bob.token)["data.unfollow"] as? Bool == true)
        #expect(try await h.post(Self.unfollow, ["id": alice.globalID], token: bob.token)["data.unfollow"] as? Bool == true)
        let after = try await h.post(Self.lists, ["id": alice.globalID], token: bob.token)
        #expect(ids(after["data.node.followers.edges"]) == [carol.globalID])
        #expect(try await h.post(Self.lists, ["id": alice.globalID]).codes.contains("UNAUTHENTICATED"))
    }

    @Test("refusals: oneself, a missing user, a foreign id, a guest")
    func refusals() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("star")
        let own = try await h.post(Self.follow, ["id": alice.globalID], token: alice.token)
        #expect(own.codes == ["BAD_USER_INPUT"] && own.fieldMessages["userId"] == "You cannot follow yourself.", "\(own)")
        let gone = GlobalID(typeName: "User", id: UUID()).text
        #expect(try await h.post(Self.follow, ["id": gone], token: alice.token).codes == ["USER_NOT_FOUND"])
        #expect(try await h.post(Self.follow, ["id": "nonsense"], token: alice.token).codes == ["USER_NOT_FOUND"])
        #expect(try await h.post(Self.follow, ["id": alice.globalID]).codes == ["UNAUTHENTICATED"])
    }

    private func ids(_ edges: Any?) -> [String] {
        (edges as? [[String: Any]] ?? []).compactMap { ($0["node"] as? [String: Any])?["id"] as? String }
    }
}
