@testable import AppCore
import Foundation
import QuarryTestSupport
import Testing

/// `conversation` (seed Screen Cache "As a user, I can view messages sent to a
/// friend", and the pull strategy of "send a message to a friend"): ascending
/// time, `last`/`before` back through history, `after` as the pull cursor.
@Suite("Messages: conversation")
struct MessageConversationTests {
    static let query = """
        query($u: ID!, $first: Int, $last: Int, $before: String, $after: String) {
          conversation(withUserId: $u, first: $first, last: $last, before: $before, after: $after) {
            edges { cursor node { text sender { id } recipient { id } } }
            pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
          }
        }
        """

    struct Page {
        let texts: [String]
        let senders: [String]
        let hasNextPage: Bool
        let hasPreviousPage: Bool
        let startCursor: String?
        let endCursor: String?
    }

    static func page(_ people: TestService, token: String, with user: String, _ arguments: [String: Any] = [:]) async throws -> Page {
        var variables = arguments
        variables["u"] = user
        let response = try await people.post(query, variables, token: token)
        #expect(response.errors.isEmpty, "\(response.json)")
        let edges = response["data.conversation.edges"] as? [[String: Any]] ?? []
        let nodes = edges.compactMap { $0["node"] as? [String: Any] }
        let info = response["data.conversation.pageInfo"] as? [String: Any] ?? [:]
        return Page(
            texts: nodes.compactMap { $0["text"] as? String },
            senders: nodes.compactMap { ($0["sender"] as? [String: Any])?["id"] as? String },
            hasNextPage: info["hasNextPage"] as? Bool ?? false, hasPreviousPage: info["hasPreviousPage"] as? Bool ?? false,
            startCursor: info["startCursor"] as? String, endCursor: info["endCursor"] as? String
        )
    }

    @Test("both participants see the history in ascending order, the last message last")
    func ascendingHistory() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        try await people.send("one", from: alice.token, to: bob.globalID)
        try await people.send("two", from: bob.token, to: alice.globalID)
        try await people.send("three", from: alice.token, to: bob.globalID)
        let seenByBob = try await Self.page(people, token: bob.token, with: alice.globalID)
        #expect(seenByBob.texts == ["one", "two", "three"])
        #expect(seenByBob.senders == [alice.globalID, bob.globalID, alice.globalID])
        #expect(!seenByBob.hasPreviousPage && !seenByBob.hasNextPage)
        let seenByAlice = try await Self.page(people, token: alice.token, with: bob.globalID)
        #expect(seenByAlice.texts == ["one", "two", "three"])
    }

    @Test("last/before page back through the history; the default is the latest page")
    func historyPages() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        for n in 1...25 { try await people.send("m\(n)", from: n % 2 == 0 ? bob.token : alice.token, to: n % 2 == 0 ? alice.globalID : bob.globalID) }
        let latest = try await Self.page(people, token: alice.token, with: bob.globalID)
        #expect(latest.texts == (6...25).map { "m\($0)" })
        #expect(latest.hasPreviousPage)
        let last3 = try await Self.page(people, token: alice.token, with: bob.globalID, ["last": 3])
        #expect(last3.texts == ["m23", "m24", "m25"])
        let before = try await Self.page(people, token: alice.token, with: bob.globalID, ["last": 3, "before": last3.startCursor!])
        #expect(before.texts == ["m20", "m21", "m22"] && before.hasPreviousPage)
        let oldest = try await Self.page(people, token: alice.token, with: bob.globalID, ["before": latest.startCursor!])
        #expect(oldest.texts == ["m1", "m2", "m3", "m4", "m5"] && !oldest.hasPreviousPage)
        let first = try await Self.page(people, token: alice.token, with: bob.globalID, ["first": 2])
        #expect(first.texts == ["m1", "m2"] && first.hasNextPage)
    }

    @Test("after is the pull cursor: what is new since the last page read, oldest first")
    func pullCursor() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        try await people.send("before the pull", from: alice.token, to: bob.globalID)
        let opened = try await Self.page(people, token: bob.token, with: alice.globalID)
        let cursor = try #require(opened.endCursor)
        let nothingNew = try await Self.page(people, token: bob.token, with: alice.globalID, ["after": cursor])
        #expect(nothingNew.texts.isEmpty && nothingNew.endCursor == nil)
        try await people.send("new 1", from: alice.token, to: bob.globalID)
        try await people.send("new 2", from: bob.token, to: alice.globalID)
        try await people.send("new 3", from: alice.token, to: bob.globalID)
        let update = try await Self.page(people, token: bob.token, with: alice.globalID, ["after": cursor, "first": 2])
        #expect(update.texts == ["new 1", "new 2"] && update.hasNextPage)
        let rest = try await Self.page(people, token: bob.token, with: alice.globalID, ["after": update.endCursor!])
        #expect(rest.texts == ["new 3"] && !rest.hasNextPage)
    }

    @Test("a conversation shows only the viewer's own messages with that user")
    func onlyParticipants() async throws {
        let people = try await TestService.start()
        let alice = try await people.signUp("msg")
        let bob = try await people.signUp("msg")
        let carol = try await people.signUp("msg")
        try await people.befriend(alice.id, bob.id)
        try await people.befriend(carol.id, bob.id)
        try await people.send("for bob from alice", from: alice.token, to: bob.globalID)
        try await people.send("for bob from carol", from: carol.token, to: bob.globalID)
        let carolWithAlice = try await Self.page(people, token: carol.token, with: alice.globalID)
        #expect(carolWithAlice.texts.isEmpty)
        let carolWithBob = try await Self.page(people, token: carol.token, with: bob.globalID)
        #expect(carolWithBob.texts == ["for bob from carol"])
    }

    @Test("an unknown user is USER_NOT_FOUND; a foreign cursor or size is BAD_USER_INPUT")
    func errors() async throws {
        let people = try await TestService.start()
        let alice = try await people.signUp("msg")
        let bob = try await people.signUp("msg")
        let unknown = try await people.post(Self.query, ["u": GlobalID(typeName: "User", id: UUID()).text], token: alice.token)
        #expect(unknown.codes == ["USER_NOT_FOUND"])
        let cursor = try await people.post(Self.query, ["u": bob.globalID, "after": "nonsense"], token: alice.token)
        #expect(cursor.codes == ["BAD_USER_INPUT"] && cursor.fieldMessages["after"] != nil)
        let size = try await people.post(Self.query, ["u": bob.globalID, "last": 1000], token: alice.token)
        #expect(size.codes == ["BAD_USER_INPUT"])
    }

    @Test("the senders and recipients of a page cost the same statements for 2 and 20 messages")
    func batchedParticipants() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        for n in 1...20 { try await people.send("m\(n)", from: n % 2 == 0 ? bob.token : alice.token, to: n % 2 == 0 ? alice.globalID : bob.globalID) }
        let two = try await people.post(Self.query, ["u": bob.globalID, "last": 2], token: alice.token)
        let twoStatements = two.statements
        let twenty = try await people.post(Self.query, ["u": bob.globalID, "last": 20], token: alice.token)
        let twentyStatements = twenty.statements
        #expect(two.errors.isEmpty && twenty.errors.isEmpty)
        #expect((twenty["data.conversation.edges"] as? [Any])?.count == 20)
        #expect(twoStatements == twentyStatements)
    }
}
