@testable import AppCore
import CommonTestSupport
import Foundation
import GraphQLExecution
import Logging
import Postgres
import QuarryTestSupport
@testable import ScreenCache
import Testing

/// The messages tests' helpers: two friends, a message sent, the messages stored.
extension TestService {
    /// Two new users who are friends.
    func friends() async throws -> (TestUser, TestUser) {
        let (a, b) = (try await signUp("alice"), try await signUp("bob"))
        try await befriend(a, b)
        return (a, b)
    }

    static let sendMutation = """
        mutation($to: ID!, $text: String!) {
          sendMessage(toUserId: $to, text: $text) { id text createdAt sender { id nickname } recipient { id } }
        }
        """

    /// Sends `text` and expects it to succeed.
    @discardableResult
    func send(_ text: String, from token: String, to globalID: String) async throws -> TestService.Response {
        let response = try await post(Self.sendMutation, ["to": globalID, "text": text], token: token)
        #expect(response.errors.isEmpty, "\(response.json)")
        return response
    }

    func messageCount(between a: UUID, _ b: UUID) async throws -> Int {
        try await pool.query("""
            SELECT count(*)::int AS n FROM messages
            WHERE (sender_id = \(a) AND recipient_id = \(b)) OR (sender_id = \(b) AND recipient_id = \(a))
            """)[0].decode("n", as: Int.self)
    }
}

/// `sendMessage` (seed Screen Cache "As a user, I can send a message to a
/// friend"): friends only, with clear errors that change nothing.
@Suite("Messages: sending")
struct MessageSendTests {
    @Test("a friend's message is stored and answered with its sender, recipient and time")
    func sendToFriend() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        let response = try await people.send("Hello Bob", from: alice.token, to: bob.globalID)
        #expect(response.string("data.sendMessage.text") == "Hello Bob")
        #expect(response.string("data.sendMessage.sender.id") == alice.globalID)
        #expect(response.string("data.sendMessage.recipient.id") == bob.globalID)
        #expect(response.string("data.sendMessage.createdAt") != nil)
        let id = try #require(response.string("data.sendMessage.id").flatMap(GlobalID.init))
        #expect(id.typeName == "Message")
        #expect(try await people.messageCount(between: alice.id, bob.id) == 1)
    }

    @Test("node(id:) reads a message for its sender and recipient only")
    func nodeLookup() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        let carol = try await people.signUp("msg")
        let sent = try await people.send("by id", from: alice.token, to: bob.globalID)
        let id = try #require(sent.string("data.sendMessage.id"))
        let query = "query($id: ID!) { node(id: $id) { id ... on Message { text sender { id } } } }"
        for token in [alice.token, bob.token] {
            let response = try await people.post(query, ["id": id], token: token)
            #expect(response.string("data.node.text") == "by id" && response.string("data.node.sender.id") == alice.globalID)
        }
        for token in [carol.token, nil] {
            let response = try await people.post(query, ["id": id], token: token)
            #expect(response["data.node"] is NSNull && response.errors.isEmpty, "\(response.json)")
        }
    }

    @Test("sending to a user who is not a friend is NOT_FRIENDS and stores nothing")
    func notFriends() async throws {
        let people = try await TestService.start()
        let alice = try await people.signUp("msg")
        let stranger = try await people.signUp("msg")
        let response = try await people.post(TestService.sendMutation, ["to": stranger.globalID, "text": "hi"], token: alice.token)
        #expect(response.codes == ["NOT_FRIENDS"])
        #expect(response.messages == ["You can only send messages to your friends."])
        #expect(try await people.messageCount(between: alice.id, stranger.id) == 0)
        let toSelf = try await people.post(TestService.sendMutation, ["to": alice.globalID, "text": "hi"], token: alice.token)
        #expect(toSelf.codes == ["NOT_FRIENDS"])
    }

    @Test("an unknown user, or an id of another type, is USER_NOT_FOUND")
    func unknownUser() async throws {
        let people = try await TestService.start()
        let alice = try await people.signUp("msg")
        for id in [GlobalID(typeName: "User", id: UUID()).text, GlobalID(typeName: "Message", id: alice.id).text, "nonsense"] {
            let response = try await people.post(TestService.sendMutation, ["to": id, "text": "hi"], token: alice.token)
            #expect(response.codes == ["USER_NOT_FOUND"], "\(id)")
            #expect(response.messages == ["This user was not found."])
        }
    }

    @Test("empty, blank, too long or NUL-bearing text is BAD_USER_INPUT naming text, and stores nothing")
    func badText() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        let cases = [
            ("", "Please enter a message."),
            (" \n\t ", "Please enter a message."),
            (String(repeating: "é", count: MessageText.maximumLength + 1), "A message can be at most 4000 characters long."),
            ("a\u{0}b", "A message cannot contain a NUL character."),
        ]
        for (text, message) in cases {
            let response = try await people.post(TestService.sendMutation, ["to": bob.globalID, "text": text], token: alice.token)
            #expect(response.codes == ["BAD_USER_INPUT"])
            #expect(response.fieldMessages == ["text": message])
        }
        #expect(try await people.messageCount(between: alice.id, bob.id) == 0)
        try await people.send(String(repeating: "é", count: MessageText.maximumLength), from: alice.token, to: bob.globalID)
        #expect(try await people.messageCount(between: alice.id, bob.id) == 1)
    }

    @Test("a guest can neither send nor read a conversation: UNAUTHENTICATED")
    func guest() async throws {
        let people = try await TestService.start()
        let bob = try await people.signUp("msg")
        let send = try await people.post(TestService.sendMutation, ["to": bob.globalID, "text": "hi"])
        #expect(send.codes == ["UNAUTHENTICATED"])
        let read = try await people.post(
            "query($u: ID!) { conversation(withUserId: $u) { edges { cursor } } }", ["u": bob.globalID]
        )
        #expect(read.codes == ["UNAUTHENTICATED"])
    }

    @Test("concurrent sends both ways in one conversation all succeed, each at its own time")
    func concurrentSends() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<12 {
                let (from, to) = n % 2 == 0 ? (alice.token, bob.globalID) : (bob.token, alice.globalID)
                group.addTask { try await people.send("concurrent \(n)", from: from, to: to) }
            }
            try await group.waitForAll()
        }
        let times = try await people.pool.query("""
            SELECT count(DISTINCT created_at)::int AS n FROM messages WHERE sender_id IN (\(alice.id), \(bob.id))
            """)[0].decode("n", as: Int.self)
        #expect(times == 12)
    }

    @Test("sending NOTIFYs quarry_messages with the message and recipient ids")
    func notifies() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        let listener = PostgresListener(configuration: people.pool.configuration)
        defer { listener.shutdown() }
        let notifications = try await listener.notifications(channel: MessageNotification.channel)
        let response = try await people.send("ping", from: alice.token, to: bob.globalID)
        let messageID = try #require(response.string("data.sendMessage.id").flatMap(GlobalID.init)).id
        var received: MessageNotification?
        while received == nil, let notification = try await notifications.next() {
            let decoded = MessageNotification(payload: notification.payload)
            if decoded?.messageID == messageID { received = decoded }
        }
        #expect(received == MessageNotification(messageID: messageID, recipientID: bob.id))
        #expect(MessageNotification(payload: received?.payload ?? "") == received)
        #expect(MessageNotification(payload: "not a payload") == nil)
    }
}
