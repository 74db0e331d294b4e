@testable import AppCore
import Foundation
import QuarryTestSupport
import Testing

/// Friend requests (schema/friends.graphql; Screen Cache "Friends"): sending,
/// accepting several at once, cancelling and declining, the viewer's list
/// (incoming first), reading one by id, and every refusal with its code and
/// message — a refused request changes nothing.
@Suite("Friend requests")
struct FriendRequestTests {
    typealias User = TestUser

    static let send = """
        mutation($u: ID!) { sendFriendRequest(userId: $u) {
          id direction createdAt sender { nickname } recipient { nickname } } }
        """
    static let accept = """
        mutation($ids: [ID!]!) { acceptFriendRequests(ids: $ids) { id direction sender { nickname } recipient { nickname } } }
        """
    static let cancel = "mutation($id: ID!) { cancelFriendRequest(id: $id) }"
    static let remove = "mutation($u: ID!) { removeFriend(userId: $u) }"
    static let requests = "{ viewer { friendRequests { id direction sender { nickname } recipient { nickname } } } }"

    static func gid(_ user: User) -> String { GlobalID(typeName: "User", id: user.id).text }

    /// `sender` sends `recipient` a request through the API; returns its id.
    static func request(_ h: TestService, from sender: User, to recipient: User) async throws -> String {
        let r = try await h.post(send, ["u": gid(recipient)], token: sender.token)
        return try #require(r.string("data.sendFriendRequest.id"), "\(r.json)")
    }

    /// The pending requests and friendships between the users, as a snapshot to compare before and after.
    static func state(_ h: TestService, _ users: [User]) async throws -> [String] {
        let ids = users.map(\.id)
        let requests = try await h.pool.query("""
            SELECT sender_id::text || '>' || recipient_id::text AS pair FROM friend_requests
            WHERE sender_id = ANY(\(ids)) OR recipient_id = ANY(\(ids)) ORDER BY 1
            """).map { try $0.decode("pair", as: String.self) }
        let friendships = try await h.pool.query("""
            SELECT user_id::text || '=' || friend_id::text AS pair FROM friendships
            WHERE user_id = ANY(\(ids)) OR friend_id = ANY(\(ids)) ORDER BY 1
            """).map { try $0.decode("pair", as: String.self) }
        return requests + friendships
    }

    @Test("a sent request is OUTGOING to its sender and INCOMING to its recipient, with both users")
    func sendRequest() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("alice"), bob = try await h.signUp("bob")
        let r = try await h.post(Self.send, ["u": Self.gid(bob)], token: alice.token)
        #expect(r.errors.isEmpty, "\(r.json)")
        #expect(r.string("data.sendFriendRequest.direction") == "OUTGOING")
        #expect(r.string("data.sendFriendRequest.sender.nickname") == alice.nickname)
        #expect(r.string("data.sendFriendRequest.recipient.nickname") == bob.nickname)
        #expect(r.string("data.sendFriendRequest.createdAt") != nil)
        let id = try #require(r.string("data.sendFriendRequest.id"))
        #expect(GlobalID(id)?.typeName == "FriendRequest")

        let bobs = try await h.post(Self.requests, token: bob.token)
        let listed = try #require(bobs["data.viewer.friendRequests"] as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["id"] as? String == id)
        #expect(listed.first?["direction"] as? String == "INCOMING")
        #expect((listed.first?["sender"] as? [String: Any])?["nickname"] as? String == alice.nickname)
    }

    @Test("requests to oneself, to an unknown user, duplicates either way and between friends are refused, changing nothing")
    func sendRefusals() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("alice"), bob = try await h.signUp("bob")
        let carol = try await h.signUp("carol")
        _ = try await Self.request(h, from: alice, to: bob)
        try await h.befriend(alice, carol)
        let before = try await Self.state(h, [alice, bob, carol])
        let cases: [(token: String, userID: String, code: String, message: String)] = [
            (alice.token, Self.gid(alice), "FRIEND_REQUEST_TO_SELF", "You cannot send a friend request to yourself."),
            (alice.token, GlobalID(typeName: "User", id: UUID()).text, "USER_NOT_FOUND", "This user does not exist."),
            (alice.token, "not an id", "USER_NOT_FOUND", "This user does not exist."),
            (alice.token, GlobalID(typeName: "FriendRequest", id: bob.id).text, "USER_NOT_FOUND", "This user does not exist."),
            (alice.token, Self.gid(bob), "FRIEND_REQUEST_EXISTS", "You have already sent a friend request to this user."),
            (bob.token, Self.gid(alice), "FRIEND_REQUEST_EXISTS", "This user has already sent you a friend request: accept it instead."),
            (alice.token, Self.gid(carol), "ALREADY_FRIENDS", "You are already friends with this user."),
            (carol.token, Self.gid(alice), "ALREADY_FRIENDS", "You are already friends with this user."),
        ]
        for refusal in cases {
            let r = try await h.post(Self.send, ["u": refusal.userID], token: refusal.token)
            #expect(r.data == nil, "a non-null root field: \(r.json)")
            #expect(r.codes == [refusal.code], "\(r.json)")
            #expect(r.messages == [refusal.message], "\(r.json)")
        }
        #expect(try await Self.state(h, [alice, bob, carol]) == before)
    }

    @Test("a blocked account cannot be sent a request; a guest cannot send one")
    func blockedAndGuest() async throws {
        let h = try await TestService.start()
        let alice = try await h.signUp("alice"), bob = try await h.signUp("bob")
        _ = try await h.pool.execute("UPDATE users SET blocked_at = now(), block_reason = 'spam' WHERE id = \(bob.id)")
        let blocked = try await h.post(Self.send, ["u": Self.gid(bob)], token: alice.token)
        #expect(blocked.codes == ["USER_NOT_FOUND"])
        let guest = try await h.post(Self.send, ["u": Self.gid(alice)])
        #expect(guest.codes == ["UNAUTHENTICATED"])
        #expect(try await Self.state(h, [alice, bob]).isEmpty)
    }

    @Test("several requests are accepted at once: both sides become friends and the requests are gone")
    func acceptSeveral() async throws {
        let h = try await TestService.start()
        let me = try await h.signUp("me")
        let a = try await h.signUp("a"), b = try await h.signUp("b"), c = try await h.signUp("c")
        let ra = try await Self.request(h, from: a, to: me)
        let rb = try await Self.request(h, from: b, to: me)
        let rc = try await Self.request(h, from: c, to: me)
        let r = try await h.post(Self.accept, ["ids": [rb, ra, rb]], token: me.token)
        #expect(r.errors.isEmpty, "\(r.json)")
        let accepted = try #require(r["data.acceptFriendRequests"] as? [[String: Any]])
        #expect(accepted.map { $0["id"] as? String } == [rb, ra])
        #expect(accepted.map { $0["direction"] as? String } == ["INCOMING", "INCOMING"])
        #expect(accepted.map { ($0["sender"] as? [String: Any])?["nickname"] as? String } == [b.nickname, a.nickname])
        for friend in [a, b] {
            #expect(try await Friendships.areFriends(me.id, friend.id, database: h.pool))
            #expect(try await Friendships.areFriends(friend.id, me.id, database: h.pool))
        }
        #expect(try await !Friendships.areFriends(me.id, c.id, database: h.pool))
        let left = try await h.post(Self.requests, token: me.token)
        #expect((left["data.viewer.friendRequests"] as? [[String: Any]])?.map { $0["id"] as? String } == [rc])
        let none = try await h.post(Self.accept, ["ids": [String]()], token: me.token)
        #expect(none.errors.isEmpty && (none["data.acceptFriendRequests"] as? [Any])?.isEmpty == true, "\(none.json)")
    }

    @Test("accepting a request not addressed to the viewer, or unknown, accepts none of the batch")
    func acceptIsAllOrNothing() async throws {
        let h = try await TestService.start()
        let me = try await h.signUp("me"), a = try await h.signUp("a"), b = try await h.signUp("b")
        let incoming = try await Self.request(h, from: a, to: me)
        let outgoing = try await Self.request(h, from: me, to: b)
        let before = try await Self.state(h, [me, a, b])
        let message = "This friend request does not exist or is not addressed to you."
        for ids in [
            [incoming, outgoing],
            [incoming, GlobalID(typeName: "FriendRequest", id: UUID()).text],
            [incoming, "garbage"],
            [incoming, Self.gid(a)],
        ] {
            let r = try await h.post(Self.accept, ["ids": ids], token: me.token)
            #expect(r.codes == ["FRIEND_REQUEST_NOT_FOUND"], "\(r.json)")
            #expect(r.messages == [message])
            #expect(r.data == nil)
        }
        // The recipient of the outgoing request is someone else; a third user cannot accept either.
        let stranger = try await h.signUp("stranger")
        let r = try await h.post(Self.accept, ["ids": [incoming]], token: stranger.token)
        #expect(r.codes == ["FRIEND_REQUEST_NOT_FOUND"])
        #expect(try await Self.state(h, [me, a, b]) == before)
        let guest = try await h.post(Self.accept, ["ids": [incoming]])
        #expect(guest.codes == ["UNAUTHENTICATED"])
    }

    @Test("the sender cancels, the recipient declines; nobody else can, and twice is an error")
    func cancelAndDecline() async throws {
        let h = try await TestService.start()
        let a = try await h.signUp("a"), b = try await h.signUp("b"), c = try await h.signUp("c")
        let ab = try await Self.request(h, from: a, to: b)
        let cb = try await Self.request(h, from: c, to: b)
        let message = "This friend request does not exist or was already answered."

        let outsider = try await h.post(Self.cancel, ["id": ab], token: c.token)
        #expect(outsider.codes == ["FRIEND_REQUEST_NOT_FOUND"])
        #expect(outsider.messages == [message])
        #expect(try await Self.state(h, [a, b, c]).count == 2)

        let cancelled = try await h.post(Self.cancel, ["id": ab], token: a.token)
        #expect(cancelled["data.cancelFriendRequest"] as? Bool == true, "\(cancelled.json)")
        let declined = try await h.post(Self.cancel, ["id": cb], token: b.token)
        #expect(declined["data.cancelFriendRequest"] as? Bool == true, "\(declined.json)")
        #expect(try await Self.state(h, [a, b, c]).isEmpty)

        for id in [ab, "garbage"] {
            let again = try await h.post(Self.cancel, ["id": id], token: a.token)
            #expect(again.codes == ["FRIEND_REQUEST_NOT_FOUND"])
            #expect(again.messages == [message])
        }
        // Declined, the request can be sent again.
        _ = try await Self.request(h, from: c, to: b)
    }

    @Test("the viewer's requests list incoming first, then outgoing, each newest first")
    func listOrder() async throws {
        let h = try await TestService.start()
        let me = try await h.signUp("me")
        var users: [User] = []
        for label in ["in1", "out1", "in2", "out2"] { users.append(try await h.signUp(label)) }
        let in1 = try await Self.request(h, from: users[0], to: me)
        let out1 = try await Self.request(h, from: me, to: users[1])
        let in2 = try await Self.request(h, from: users[2], to: me)
        let out2 = try await Self.request(h, from: me, to: users[3])
        // Distinct, known times (the requests above may share a clock tick).
        for (offset, id) in [in1, out1, in2, out2].enumerated() {
            let uuid = try #require(GlobalID(id)).id
            let time = Date().addingTimeInterval(Double(offset - 10) * 60)
            _ = try await h.pool.execute("UPDATE friend_requests SET created_at = \(time) WHERE id = \(uuid)")
        }
        let r = try await h.post(Self.requests, token: me.token)
        let listed = try #require(r["data.viewer.friendRequests"] as? [[String: Any]], "\(r.json)")
        #expect(listed.map { $0["id"] as? String } == [in2, in1, out2, out1])
        #expect(listed.map { $0["direction"] as? String } == ["INCOMING", "INCOMING", "OUTGOING", "OUTGOING"])
    }

    @Test("a request read by id: its two users see it, anyone else gets null, ADMIN sees it from the recipient's side")
    func readByID() async throws {
        let h = try await TestService.start()
        let a = try await h.signUp("a"), b = try await h.signUp("b"), c = try await h.signUp("c")
        let id = try await Self.request(h, from: a, to: b)
        let query = "query($id: ID!) { node(id: $id) { id ... on FriendRequest { direction sender { nickname } } } }"
        let asSender = try await h.post(query, ["id": id], token: a.token)
        #expect(asSender.string("data.node.direction") == "OUTGOING", "\(asSender.json)")
        let asRecipient = try await h.post(query, ["id": id], token: b.token)
        #expect(asRecipient.string("data.node.direction") == "INCOMING")
        #expect(asRecipient.string("data.node.sender.nickname") == a.nickname)
        let asOther = try await h.post(query, ["id": id], token: c.token)
        #expect(asOther.data?["node"] is NSNull && asOther.errors.isEmpty, "\(asOther.json)")
        let asGuest = try await h.post(query, ["id": id])
        #expect(asGuest.data?["node"] is NSNull)
        _ = try await h.pool.execute("UPDATE users SET role = 'ADMIN' WHERE id = \(c.id)")
        let admin = c.token
        let asAdmin = try await h.post(query, ["id": id], token: admin)
        #expect(asAdmin.string("data.node.direction") == "INCOMING", "\(asAdmin.json)")
    }

    @Test("removing a friend ends the friendship on both sides; removing a non-friend is NOT_FRIENDS")
    func removeFriend() async throws {
        let h = try await TestService.start()
        let a = try await h.signUp("a"), b = try await h.signUp("b"), c = try await h.signUp("c")
        let request = try await Self.request(h, from: a, to: b)
        _ = try await h.post(Self.accept, ["ids": [request]], token: b.token)
        try await h.befriend(a, c)
        let friends = "{ viewer { friends { edges { node { nickname } } } } }"
        let before = try await h.post(friends, token: b.token)
        #expect((before["data.viewer.friends.edges"] as? [Any])?.count == 1, "\(before.json)")

        let r = try await h.post(Self.remove, ["u": Self.gid(b)], token: a.token)
        #expect(r["data.removeFriend"] as? Bool == true, "\(r.json)")
        #expect(try await !Friendships.areFriends(a.id, b.id, database: h.pool))
        #expect(try await !Friendships.areFriends(b.id, a.id, database: h.pool))
        #expect(try await Friendships.areFriends(a.id, c.id, database: h.pool))
        let after = try await h.post(friends, token: b.token)
        #expect((after["data.viewer.friends.edges"] as? [Any])?.isEmpty == true, "\(after.json)")

        for (token, userID) in [(a.token, Self.gid(b)), (b.token, Self.gid(a)), (a.token, Self.gid(a))] {
            let again = try await h.post(Self.remove, ["u": userID], token: token)
            #expect(again.codes == ["NOT_FRIENDS"], "\(again.json)")
            #expect(again.messages == ["You are not friends with this user."])
        }
        let malformed = try await h.post(Self.remove, ["u": "nope"], token: a.token)
        #expect(malformed.codes == ["USER_NOT_FOUND"])
        #expect(malformed.messages == ["This user does not exist."])
        #expect(try await Friendships.areFriends(c.id, a.id, database: h.pool))
    }
}
