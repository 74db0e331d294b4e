@testable import AppCore
import CommonTestSupport
import Foundation
import GraphQLExecution
import Logging
import Postgres
import QuarryTestSupport
@testable import ScreenCache
import Testing

/// Users for the messages tests: verified accounts with tokens, made friends
/// straight in the database (friend requests have tests of their own).
struct MessagePeople {
    let harness: AccountsHarness

    static func make() async throws -> MessagePeople {
        MessagePeople(harness: try await AccountsHarness.make())
    }

    typealias UserInfo = (id: UUID, token: String, globalID: String)

    func user(_ label: String = "msg") async throws -> UserInfo {
        let user = try await TestUsers.create(label: label, pool: harness.pool)
        return (user.id, user.token, GlobalID(typeName: "User", id: user.id).text)
    }

    /// Two new users who are friends.
    func friends() async throws -> (UserInfo, UserInfo) {
        let (a, b) = (try await user("alice"), try await user("bob"))
        try await befriend(a.id, b.id)
        return (a, b)
    }

    func befriend(_ a: UUID, _ b: UUID) async throws {
        _ = try await harness.pool.execute("INSERT INTO friendships (user_id, friend_id) VALUES (\(a), \(b)), (\(b), \(a))")
    }

    /// Runs an operation and also answers how many SQL statements it cost.
    func run(_ query: String, _ variables: [String: Any] = [:], token: String?) async throws -> (AccountsHarness.Response, Int) {
        let prepared = try harness.service.prepare(query: query, operationName: nil).get()
        let variableJSON = try JSONSerialization.data(withJSONObject: variables)
        let values = try variableJSON.withUnsafeBytes { try JSONReader.read($0) }
        let result = await harness.service.execute(
            prepared, variables: values.objectValue ?? [:], credential: RequestCredential(bearerToken: token, requestID: "test"),
            logger: Logger(label: "quarry.test")
        )
        let json = try JSONSerialization.jsonObject(with: Data(result.body)) as? [String: Any] ?? [:]
        return (AccountsHarness.Response(json: json), result.sqlStatements)
    }

    static let send = """
        mutation($to: ID!, $text: String!) {
          sendMessage(toUserId: $to, text: $text) { id text createdAt sender { id nickname } recipient { id } }
        }
        """

    /// Sends `text` and expects it to succeed.
    @discardableResult
    func send(_ text: String, from token: String, to globalID: String) async throws -> AccountsHarness.Response {
        let response = try await harness.run(Self.send, ["to": globalID, "text": text], token: token)
        #expect(response.errors.isEmpty, "\(response.json)")
        return response
    }

    func messageCount(between a: UUID, _ b: UUID) async throws -> Int {
        try await harness.pool.query("""
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
        let people = try await MessagePeople.make()
        let (alice, bob) = try await people.friends()
        let response = try await people.send("Hello Bob", from: alice.token, to: bob.globalID)
        #expect(response.string("sendMessage.text") == "Hello Bob")
        #expect(response.string("sendMessage.sender.id") == alice.globalID)
        #expect(response.string("sendMessage.recipient.id") == bob.globalID)
        #expect(response.string("sendMessage.createdAt") != nil)
        let id = try #require(response.string("sendMessage.id").flatMap(GlobalID.init))
        #expect(id.typeName == "Message")
        #expect(try await people.messageCount(between: alice.id, bob.id) == 1)
    }

    @Test("node(id:) reads a message for its sender and recipient only")
    func nodeLookup() async throws {
        let people = try await MessagePeople.make()
        let (alice, bob) = try await people.friends()
        let carol = try await people.user()
        let sent = try await people.send("by id", from: alice.token, to: bob.globalID)
        let id = try #require(sent.string("sendMessage.id"))
        let query = "query($id: ID!) { node(id: $id) { id ... on Message { text sender { id } } } }"
        for token in [alice.token, bob.token] {
            let response = try await people.harness.run(query, ["id": id], token: token)
            #expect(response.string("node.text") == "by id" && response.string("node.sender.id") == alice.globalID)
        }
        for token in [carol.token, nil] {
            let response = try await people.harness.run(query, ["id": id], token: token)
            #expect(response.value("node") is NSNull && response.errors.isEmpty, "\(response.json)")
        }
    }

    @Test("sending to a user who is not a friend is NOT_FRIENDS and stores nothing")
    func notFriends() async throws {
        let people = try await MessagePeople.make()
        let alice = try await people.user()
        let stranger = try await people.user()
        let response = try await people.harness.run(MessagePeople.send, ["to": stranger.globalID, "text": "hi"], token: alice.token)
        #expect(response.codes == ["NOT_FRIENDS"])
        #expect(response.messages == ["You can only send messages to your friends."])
        #expect(try await people.messageCount(between: alice.id, stranger.id) == 0)
        let toSelf = try await people.harness.run(MessagePeople.send, ["to": alice.globalID, "text": "hi"], token: alice.token)
        #expect(toSelf.codes == ["NOT_FRIENDS"])
    }

    @Test("an unknown user, or an id of another type, is USER_NOT_FOUND")
    func unknownUser() async throws {
        let people = try await MessagePeople.make()
        let alice = try await people.user()
        for id in [GlobalID(typeName: "User", id: UUID()).text, GlobalID(typeName: "Message", id: alice.id).text, "nonsense"] {
            let response = try await people.harness.run(MessagePeople.send, ["to": id, "text": "hi"], token: alice.token)
            #expect(response.codes == ["USER_NOT_FOUND"], "\(id)")
            #expect(response.messages == ["This user was not found."])
        }
    }

    @Test("empty, blank, too long or NUL-bearing text is BAD_USER_INPUT naming text, and stores nothing")
    func badText() async throws {
        let people = try await MessagePeople.make()
        let (alice, bob) = try await people.friends()
        let cases = [
            ("", "Please enter a message."),
            (" \n\t ", "Please enter a message."),
            (String(repeating: "é", count: MessageText.maximumLength + 1), "A message can be at most 4000 characters long."),
            ("a\u{0}b", "A message cannot contain a NUL character."),
        ]
        for (text, message) in cases {
            let response = try await people.harness.run(MessagePeople.send, ["to": bob.globalID, "text": text], token: alice.token)
            #expect(response.codes == ["BAD_USER_INPUT"])
            #expect(response.fieldMessages == ["text": message])
        }
        #expect(try await people.messageCount(between: alice.id, bob.id) == 0)
        try await people.send(String(repeating: "é", count: MessageText.maximumLength), from: alice.token, to: bob.globalID)
        #expect(try await people.messageCount(between: alice.id, bob.id) == 1)
    }

    @Test("a guest can neither send nor read a conversation: UNAUTHENTICATED")
    func guest() async throws {
        let people = try await MessagePeople.make()
        let bob = try await people.user()
        let send = try await people.harness.run(MessagePeople.send, ["to": bob.globalID, "text": "hi"])
        #expect(send.codes == ["UNAUTHENTICATED"])
        let read = try await people.harness.run(
            "query($u: ID!) { conversation(withUserId: $u) { edges { cursor } } }", ["u": bob.globalID]
        )
        #expect(read.codes == ["UNAUTHENTICATED"])
    }

    @Test("concurrent sends both ways in one conversation all succeed, each at its own time")
    func concurrentSends() async throws {
        let people = try await MessagePeople.make()
        let (alice, bob) = try await people.friends()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<12 {
                let (from, to) = n % 2 == 0 ? (alice.token, bob.globalID) : (bob.token, alice.globalID)
                group.addTask { try await people.send("concurrent \(n)", from: from, to: to) }
            }
            try await group.waitForAll()
        }
        let times = try await people.harness.pool.query("""
            SELECT count(DISTINCT created_at)::int AS n FROM messages WHERE sender_id IN (\(alice.id), \(bob.id))
            """)[0].decode("n", as: Int.self)
        #expect(times == 12)
    }

    @Test("sending NOTIFYs quarry_messages with the message and recipient ids")
    func notifies() async throws {
        let people = try await MessagePeople.make()
        let (alice, bob) = try await people.friends()
        let listener = PostgresListener(configuration: people.harness.pool.configuration)
        defer { listener.shutdown() }
        let notifications = try await listener.notifications(channel: MessageNotification.channel)
        let response = try await people.send("ping", from: alice.token, to: bob.globalID)
        let messageID = try #require(response.string("sendMessage.id").flatMap(GlobalID.init)).id
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
