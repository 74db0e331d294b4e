import Foundation
import QuarryTestSupport
import Testing

/// `searchUsers` (Screen Cache "As a user, I can search for and send a friend
/// request to a friend"): a case-insensitive substring of the nickname, a
/// blank query matching nobody, never the viewer.
@Suite("User search")
struct UserSearchTests {
    static let search = "query($q: String!, $first: Int) { searchUsers(query: $q, first: $first) { nickname friendship } }"

    static func nicknames(_ r: TestService.Response) -> [String]? {
        (r["data.searchUsers"] as? [[String: Any]])?.compactMap { $0["nickname"] as? String }
    }

    /// Users named `names` (made unique by the caller), returned in order.
    static func users(_ h: TestService, named names: [String]) async throws -> [FriendRequestTests.User] {
        var users: [FriendRequestTests.User] = []
        for name in names {
            let user = try await h.signUp("s")
            _ = try await h.pool.execute("UPDATE users SET nickname = \(name) WHERE id = \(user.id)")
            users.append(user)
        }
        return users
    }

    @Test("matches a case-insensitive substring, prefixes first, never the viewer nor a blocked account")
    func substring() async throws {
        let h = try await TestService.start()
        let tag = "qx" + String(UInt32.random(in: 10_000_000...99_999_999))
        let names = ["Big\(tag)Fan", "\(tag.uppercased())", "my \(tag) life", "\(tag)_blocked", "me\(tag)"]
        let users = try await Self.users(h, named: names)
        _ = try await h.pool.execute("UPDATE users SET blocked_at = now() WHERE id = \(users[3].id)")
        let viewer = users[4]

        let r = try await h.post(Self.search, ["q": tag.uppercased()], token: viewer.token)
        #expect(r.errors.isEmpty, "\(r.json)")
        #expect(Self.nicknames(r) == [names[1], names[0], names[2]], "\(r.json)")
        let limited = try await h.post(Self.search, ["q": tag, "first": 2], token: viewer.token)
        #expect(Self.nicknames(limited) == [names[1], names[0]])
        let spaced = try await h.post(Self.search, ["q": "y \(tag) l"], token: viewer.token)
        #expect(Self.nicknames(spaced) == [names[2]])
        let words = try await h.post(Self.search, ["q": "\(tag) my"], token: viewer.token)
        #expect(Self.nicknames(words) == [], "not split into words: \(words.json)")
        let zero = try await h.post(Self.search, ["q": tag, "first": 0], token: viewer.token)
        #expect(Self.nicknames(zero) == [])
    }

    @Test("a blank or whitespace query gives an empty list")
    func blank() async throws {
        let h = try await TestService.start()
        let me = try await h.signUp("me")
        for query in ["", " ", "   \t ", "\n"] {
            let r = try await h.post(Self.search, ["q": query], token: me.token)
            #expect(r.errors.isEmpty && Self.nicknames(r) == [], "\(query.debugDescription): \(r.json)")
        }
    }

    @Test("% and _ are plain characters, not wildcards")
    func wildcardsAreLiteral() async throws {
        let h = try await TestService.start()
        let tag = "wq" + String(UInt32.random(in: 10_000_000...99_999_999))
        let names = ["\(tag)100%", "\(tag)a_b", "\(tag)axb", "\(tag)1000", "\(tag)back\\slash"]
        _ = try await Self.users(h, named: names)
        let me = try await h.signUp("me")
        for (query, expected) in [
            ("\(tag)100%", [names[0]]), ("100%", [names[0]]), ("\(tag)a_b", [names[1]]), ("\(tag)a_", [names[1]]),
            ("k\\s", [names[4]]), ("\(tag)%0", []), ("\(tag)_", []),
        ] {
            let r = try await h.post(Self.search, ["q": query], token: me.token)
            // Other tests' users never share the tag, but may contain "k\\s": keep this test's own.
            let mine = Self.nicknames(r)?.filter { $0.hasPrefix(tag) }
            #expect(mine == expected, "\(query): \(r.json)")
        }
    }

    @Test("results say where the viewer stands with each user; guests and bad sizes are refused")
    func statusAndRefusals() async throws {
        let h = try await TestService.start()
        let tag = "st" + String(UInt32.random(in: 10_000_000...99_999_999))
        let users = try await Self.users(h, named: ["\(tag)a", "\(tag)b", "\(tag)c"])
        let me = try await h.signUp("me")
        try await FriendListTests.befriend(h, me, [users[0]])
        _ = try await FriendRequestTests.request(h, from: me, to: users[1])
        let r = try await h.post(Self.search, ["q": tag], token: me.token)
        let statuses = (r["data.searchUsers"] as? [[String: Any]])?.map { $0["friendship"] as? String }
        #expect(statuses == ["FRIENDS", "REQUEST_SENT", "NONE"], "\(r.json)")
        // The friend's friends-only fields are open to the viewer straight from the search.
        let friends = try await h.post(
            "query($q: String!) { searchUsers(query: $q) { friends { edges { node { nickname } } } } }", ["q": "\(tag)a"],
            token: me.token
        )
        #expect(friends.errors.isEmpty, "\(friends.json)")

        let guest = try await h.post(Self.search, ["q": tag])
        #expect(guest.codes == ["UNAUTHENTICATED"])
        for first in [-1, 101] {
            let bad = try await h.post(Self.search, ["q": tag, "first": first], token: me.token)
            #expect(bad.codes == ["BAD_USER_INPUT"], "\(bad.json)")
            #expect(bad.messages == ["first must be between 0 and 100."])
        }
    }
}
