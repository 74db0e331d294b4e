@testable import App
@testable import AppCore
import Foundation
import GraphQLType
import Logging
import QuarryTestSupport
import Testing

/// `User.friends` (Screen Cache "As a user, I can view my friends" and "I can
/// search friends on the messages screen"), `User.friendship`, who may read a
/// friends list, and the statement count of a friends query, which must not
/// grow with the number of friends.
@Suite("Friends lists")
struct FriendListTests {
    typealias User = FriendRequestTests.User

    /// Makes `friends` friends of `user`, the friendship with `friends[i]` `i` minutes old.
    static func befriend(_ h: TestService, _ user: User, _ friends: [User]) async throws {
        for (age, friend) in friends.enumerated() {
            try await h.befriend(user.id, friend.id, since: Date().addingTimeInterval(-60 * Double(age)))
        }
    }

    static func nicknames(_ r: TestService.Response, _ path: String) -> [String]? {
        (r["data." + path] as? [[String: Any]])?.compactMap { ($0["node"] as? [String: Any])?["nickname"] as? String }
    }

    static let page = """
        query($first: Int, $after: String, $search: String) { viewer { friends(first: $first, after: $after, search: $search) {
          edges { cursor node { nickname } } pageInfo { hasNextPage endCursor } } } }
        """

    @Test("friends are listed newest friendship first, and pages cover the list once")
    func newestFirstPaged() async throws {
        let h = try await TestService.start()
        let me = try await h.signUp("me")
        var friends: [User] = []
        for index in 0..<5 { friends.append(try await h.signUp("f\(index)")) }
        try await Self.befriend(h, me, friends)

        let all = try await h.post(Self.page, token: me.token)
        #expect(Self.nicknames(all, "viewer.friends.edges") == friends.map(\.nickname), "\(all.json)")
        #expect(all["data.viewer.friends.pageInfo.hasNextPage"] as? Bool == false)

        var seen: [String] = []
        var after: String?
        var pages = 0
        repeat {
            var variables: [String: Any] = ["first": 2]
            if let after { variables["after"] = after }
            let r = try await h.post(Self.page, variables, token: me.token)
            #expect(r.errors.isEmpty, "\(r.json)")
            seen += Self.nicknames(r, "viewer.friends.edges") ?? []
            after = (r["data.viewer.friends.pageInfo.hasNextPage"] as? Bool == true)
                ? r.string("data.viewer.friends.pageInfo.endCursor") : nil
            pages += 1
        } while after != nil && pages < 10
        #expect(seen == friends.map(\.nickname))
        #expect(pages == 3)

        let bad = try await h.post(Self.page, ["after": "nonsense"], token: me.token)
        #expect(bad.codes == ["BAD_USER_INPUT"])
        let tooMany = try await h.post(Self.page, ["first": 101], token: me.token)
        #expect(tooMany.messages == ["first must be between 0 and 100."])

        let lonely = try await h.signUp("lonely")
        let empty = try await h.post(Self.page, token: lonely.token)
        #expect(Self.nicknames(empty, "viewer.friends.edges") == [], "\(empty.json)")
    }

    @Test("search is a case-insensitive substring, as typed: not split into words, % and _ literal, blank = all")
    func search() async throws {
        let h = try await TestService.start()
        let me = try await h.signUp("me")
        let digits = String(UInt32.random(in: 10_000_000...99_999_999))
        let names = ["Ana Bell \(digits)", "ANABEL\(digits)", "bob\(digits)", "50%_off\(digits)", "zed\(digits)"]
        var friends: [User] = []
        for name in names {
            let user = try await h.signUp("f")
            _ = try await h.pool.execute("UPDATE users SET nickname = \(name) WHERE id = \(user.id)")
            friends.append(user)
        }
        try await Self.befriend(h, me, friends)
        let stranger = try await h.signUp("stranger")
        _ = try await h.pool.execute("UPDATE users SET nickname = \("anabelle" + digits) WHERE id = \(stranger.id)")

        let expectations: [(search: String?, names: [String])] = [
            ("ana", [names[0], names[1]]),
            ("aNaB", [names[1]]),
            ("a b", [names[0]]),
            ("%", [names[3]]),
            ("_", [names[3]]),
            ("0%_o", [names[3]]),
            ("b\(digits)", [names[2]]),
            ("nobody", []),
            ("", names),
            ("   ", names),
            (nil, names),
        ]
        for expected in expectations {
            let variables: [String: Any] = expected.search.map { ["search": $0] } ?? [:]
            let r = try await h.post(Self.page, variables, token: me.token)
            #expect(Self.nicknames(r, "viewer.friends.edges") == expected.names, "search \(expected.search ?? "nil"): \(r.json)")
        }
    }

    @Test("a friends list is visible to the user, their friends and ADMIN; friends in it are seen as friends")
    func visibility() async throws {
        let h = try await TestService.start()
        let owner = try await h.signUp("owner"), friend = try await h.signUp("friend")
        let other = try await h.signUp("other"), admin = try await h.signUp("admin", role: .admin)
        try await Self.befriend(h, owner, [friend])
        let query = """
            query($id: ID!) { node(id: $id) { ... on User { friends { edges { node { nickname friendship } } } } } }
            """
        let id = GlobalID(typeName: "User", id: owner.id).text
        let asFriend = try await h.post(query, ["id": id], token: friend.token)
        #expect(asFriend.errors.isEmpty, "\(asFriend.json)")
        // The friend sees themself in the list: no status with oneself.
        #expect(Self.nicknames(asFriend, "node.friends.edges") == [friend.nickname])
        let asAdmin = try await h.post(query, ["id": id], token: admin.token)
        #expect(Self.nicknames(asAdmin, "node.friends.edges") == [friend.nickname], "\(asAdmin.json)")
        #expect(((asAdmin["data.node.friends.edges"] as? [[String: Any]])?.first?["node"] as? [String: Any])?["friendship"] as? String == "NONE")
        let asOther = try await h.post(query, ["id": id], token: other.token)
        #expect(asOther.codes == ["FORBIDDEN"], "\(asOther.json)")
        let asGuest = try await h.post(query, ["id": id])
        #expect(asGuest.codes == ["UNAUTHENTICATED"], "\(asGuest.json)")

        // The owner's friends are the owner's friends: their own friends lists (friends-only) are open to the owner.
        let nested = try await h.post("""
            { viewer { friends { edges { node { nickname friendship friends { edges { node { nickname } } } } } } } }
            """, token: owner.token)
        #expect(nested.errors.isEmpty, "\(nested.json)")
        let node = (nested["data.viewer.friends.edges"] as? [[String: Any]])?.first?["node"] as? [String: Any]
        #expect(node?["friendship"] as? String == "FRIENDS")
        #expect(((node?["friends"] as? [String: Any])?["edges"] as? [[String: Any]])?.count == 1)
    }

    @Test("friendship tells where the viewer stands: NONE, REQUEST_SENT, REQUEST_RECEIVED, FRIENDS; null for oneself and guests")
    func friendshipStatus() async throws {
        let h = try await TestService.start()
        let me = try await h.signUp("me")
        let none = try await h.signUp("none"), sent = try await h.signUp("sent")
        let received = try await h.signUp("received"), friend = try await h.signUp("friend")
        _ = try await FriendRequestTests.request(h, from: me, to: sent)
        _ = try await FriendRequestTests.request(h, from: received, to: me)
        try await Self.befriend(h, me, [friend])
        let query = "query($id: ID!) { node(id: $id) { ... on User { friendship } } }"
        for (user, status) in [(none, "NONE"), (sent, "REQUEST_SENT"), (received, "REQUEST_RECEIVED"), (friend, "FRIENDS")] {
            let r = try await h.post(query, ["id": GlobalID(typeName: "User", id: user.id).text], token: me.token)
            #expect(r.string("data.node.friendship") == status, "\(r.json)")
        }
        let myself = try await h.post("{ viewer { friendship } }", token: me.token)
        #expect(myself["data.viewer.friendship"] is NSNull && myself.errors.isEmpty, "\(myself.json)")
        let guest = try await h.post(query, ["id": GlobalID(typeName: "User", id: me.id).text])
        #expect(guest["data.node.friendship"] is NSNull && guest.errors.isEmpty, "\(guest.json)")
    }

    /// The SQL statements one run of `query` costs.
    static func statements(_ h: TestService, _ query: String, token: String) async throws -> (Int, String) {
        let response = try await h.post(query, token: token)
        return (response.statements, response.text)
    }

    @Test("the statements of a friends query do not grow with the number of friends")
    func constantStatements() async throws {
        let h = try await TestService.start()
        let query = """
            { viewer { friends(first: 50) { edges { node { nickname friendship
                friends(first: 3) { edges { node { nickname friendship } } } } } }
              friendRequests { direction sender { nickname friendship } recipient { nickname } } } }
            """
        var counts: [Int] = []
        for size in [2, 6] {
            let me = try await h.signUp("me")
            var friends: [User] = []
            for index in 0..<size { friends.append(try await h.signUp("f\(index)")) }
            try await Self.befriend(h, me, friends)
            // Each friend has a friend of their own besides me, and one more user per friend asks me to be friends.
            for (index, friend) in friends.enumerated() {
                try await Self.befriend(h, friend, [try await h.signUp("ff\(index)")])
                let asker = try await h.signUp("ask\(index)")
                _ = try await FriendRequestTests.request(h, from: asker, to: me)
            }
            _ = try await Self.statements(h, query, token: me.token)
            let (count, body) = try await Self.statements(h, query, token: me.token)
            #expect(!body.contains("\"errors\""), "\(body)")
            #expect(body.components(separatedBy: "\"friendship\":\"FRIENDS\"").count - 1 >= size, "\(body)")
            counts.append(count)
        }
        #expect(counts[0] == counts[1], "statements for 2 and 6 friends: \(counts)")
    }

    @Test("demo data: alice is friends with bob and carol, dan asked alice; loading twice changes nothing")
    func demoFriends() async throws {
        let demo = try await DemoHarness.make(prefix: "quarry_demo_friends")
        defer { demo.shutdown() }
        let h = demo.harness
        let token = try await demo.token("alice@demo.quarry.dev")
        let r = try await h.post("""
            { viewer { friends { edges { node { nickname } } } friendRequests { direction sender { nickname } } } }
            """, token: token)
        #expect(Set(Self.nicknames(r, "viewer.friends.edges") ?? []) == ["bob_cooks", "carol"], "\(r.json)")
        let requests = r["data.viewer.friendRequests"] as? [[String: Any]]
        #expect(requests?.map { ($0["sender"] as? [String: Any])?["nickname"] as? String } == ["dan"])
        #expect(requests?.map { $0["direction"] as? String } == ["INCOMING"])
        let rows = try await h.pool.query("SELECT (SELECT count(*) FROM friendships) AS f, (SELECT count(*) FROM friend_requests) AS r")
        #expect(try rows[0].decode("f", as: Int.self) == 4 && rows[0].decode("r", as: Int.self) == 1)
    }
}
