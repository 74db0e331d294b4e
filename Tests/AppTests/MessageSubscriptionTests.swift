@testable import App
@testable import AppCore
import CommonTestSupport
import Foundation
import Logging
import QuarryTestSupport
@testable import ScreenCache
import Testing

/// `Subscription.messageReceived` through the service and the hub, without
/// a socket (Tests/ServerTests covers graphql-transport-ws, and
/// Tests/EndToEnd two server processes): the hub is fed the NOTIFY payload
/// the server's listener would pass on.
@Suite("Messages: subscription")
struct MessageSubscriptionTests {
    static let subscription = "subscription { messageReceived { text sender { id } recipient { id } } }"

    func subscribe(_ people: TestService, token: String?) async throws -> GraphQLSubscription {
        try await people.subscribe(Self.subscription, token: token)
    }

    @Test("a recipient's subscription gets each message sent to them, and ends when dropped")
    func delivers() async throws {
        let people = try await TestService.start()
        let alice = try await people.signUp("msg")
        let bob = try await people.signUp("msg")
        let carol = try await people.signUp("msg")
        try await people.befriend(alice.id, bob.id)
        try await people.befriend(alice.id, carol.id)
        let hub = people.service.messageHub
        let before = await hub.subscriberCount
        guard case .events(let events) = try await subscribe(people, token: bob.token) else {
            Issue.record("expected events")
            return
        }
        #expect(await hub.subscriberCount == before + 1)
        // A message to someone else is not delivered to Bob; his own is.
        let toCarol = try await people.send("for carol", from: alice.token, to: carol.globalID)
        let toBob = try await people.send("for bob", from: alice.token, to: bob.globalID)
        for response in [toCarol, toBob] {
            let id = try #require(response.string("data.sendMessage.id").flatMap(GlobalID.init)).id
            let recipient = response.string("data.sendMessage.recipient.id").flatMap(GlobalID.init)!.id
            try await hub.receive(MessageNotification(messageID: id, recipientID: recipient).payload)
        }
        let first = try #require(try await events.next())
        let json: [String: Any]? = try TestService.Response(body: first).json
        let message = (json?["data"] as? [String: Any])?["messageReceived"] as? [String: Any]
        #expect(message?["text"] as? String == "for bob")
        #expect((message?["sender"] as? [String: Any])?["id"] as? String == alice.globalID)
        #expect(json?["errors"] == nil)
    }

    @Test("a subscription whose consumer stops is removed from the hub; shutdown ends the rest")
    func cleanup() async throws {
        let people = try await TestService.start()
        let bob = try await people.signUp("msg")
        let hub = people.service.messageHub
        guard case .events(let dropped) = try await subscribe(people, token: bob.token),
              case .events(let kept) = try await subscribe(people, token: bob.token)
        else {
            Issue.record("expected events")
            return
        }
        #expect(await hub.subscriberCount == 2)
        let consumer = Task { for try await _ in dropped {} }
        consumer.cancel()
        _ = await consumer.result
        // The hub removes it when the dropped stream's termination reaches it.
        try await waitUntil { await hub.subscriberCount == 1 }
        await hub.shutdown()
        #expect(await hub.subscriberCount == 0)
        #expect(try await kept.next() == nil)
    }

    @Test("a subscriber whose token is revoked gets UNAUTHENTICATED instead of the next message")
    func endsWhenSignedOut() async throws {
        let people = try await TestService.start()
        let (alice, bob) = try await people.friends()
        let hub = people.service.messageHub
        guard case .events(let events) = try await subscribe(people, token: bob.token) else {
            Issue.record("expected events")
            return
        }
        _ = try await people.pool.execute("DELETE FROM access_tokens WHERE user_id = \(bob.id)")
        let sent = try await people.send("not for a signed-out socket", from: alice.token, to: bob.globalID)
        let id = try #require(sent.string("data.sendMessage.id").flatMap(GlobalID.init)).id
        try await hub.receive(MessageNotification(messageID: id, recipientID: bob.id).payload)
        do {
            let event = try await events.next()
            Issue.record("expected the stream to end with an error, got \(String(describing: event))")
        } catch let ended as GraphQLSubscriptionEnded {
            let errors = try JSONSerialization.jsonObject(with: Data(ended.errors)) as? [[String: Any]] ?? []
            #expect(errors.compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String } == ["UNAUTHENTICATED"])
            #expect(!String(decoding: ended.errors, as: UTF8.self).contains("not for a signed-out socket"))
        }
    }

    @Test("a guest's subscription fails with UNAUTHENTICATED")
    func guest() async throws {
        let people = try await TestService.start()
        guard case .failed(let errors) = try await subscribe(people, token: nil) else {
            Issue.record("expected a failure")
            return
        }
        let list = try JSONSerialization.jsonObject(with: Data(errors)) as? [[String: Any]] ?? []
        #expect(list.count == 1)
        #expect((list.first?["extensions"] as? [String: Any])?["code"] as? String == "UNAUTHENTICATED")
        #expect(list.first?["path"] as? [String] == ["messageReceived"])
    }
}
