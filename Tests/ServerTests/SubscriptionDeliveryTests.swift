import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

/// Operations over a `graphql-transport-ws` socket: `messageReceived` gets a
/// message sent over HTTP through the real LISTEN/NOTIFY path; queries and
/// mutations answer once; errors, `complete` and closing end operations.
@Suite("Subscriptions: operations over the socket", .timeLimit(.minutes(3)))
struct SubscriptionDeliveryTests {
    static let subscription = "subscription { messageReceived { text sender { id } recipient { id } } }"
    static let send = "mutation($to: ID!, $text: String!) { sendMessage(toUserId: $to, text: $text) { id } }"

    /// Sends a message over POST /graphql.
    static func send(_ client: some TestClientProtocol, text: String, to recipient: String, token: String) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["query": send, "variables": ["to": recipient, "text": text]])
        try await client.execute(
            uri: "/graphql", method: .post,
            headers: [.contentType: "application/json", .authorization: "Bearer \(token)"], body: ByteBuffer(bytes: body)
        ) { response in
            #expect(response.status == .ok)
            #expect(!response.text.contains("\"errors\""), "\(response.text)")
        }
    }

    @Test("subscribe, then a friend's message sent over HTTP arrives as next; complete stops it; 4409 for a running id")
    func messageArrives() async throws {
        let server = try await SubscriptionTestServer.make()
        let (alice, bob) = try await server.friends()
        let subscribersBefore = await server.hub.subscriberCount
        try await server.test { client in
            let close = try await client.graphQLSocket { socket in
                try await socket.initialise(#"{"authorization":"Bearer \#(bob.token)"}"#)
                try await socket.subscribe("inbox", Self.subscription)
                try await socket.roundTrip()
                #expect(await server.hub.subscriberCount == subscribersBefore + 1)
                try await Self.send(client, text: "Hello over the socket", to: bob.globalID, token: alice.token)
                let next = try await socket.receive()
                #expect(next?["type"] as? String == "next" && next?["id"] as? String == "inbox")
                let data = (next?["payload"] as? [String: Any])?["data"] as? [String: Any]
                let message = data?["messageReceived"] as? [String: Any]
                #expect(message?["text"] as? String == "Hello over the socket")
                #expect((message?["sender"] as? [String: Any])?["id"] as? String == alice.globalID)
                #expect((message?["recipient"] as? [String: Any])?["id"] as? String == bob.globalID)
                try await socket.send(#"{"id":"inbox","type":"complete"}"#)
                try await socket.roundTrip()
                try await server.waitForSubscribers(subscribersBefore)
                // The id is free again; while it runs, reusing it is 4409.
                try await socket.subscribe("inbox", Self.subscription)
                try await socket.subscribe("inbox", Self.subscription)
                #expect(try await socket.receive() == nil)
            }
            #expect(closeCode(close) == 4409 && close?.reason == "Subscriber for inbox already exists")
        }
        // Closing the socket ends its subscriptions.
        try await server.waitForSubscribers(subscribersBefore)
    }

    @Test("a guest's subscription, and an invalid document, get error (no complete); the socket stays open")
    func errors() async throws {
        let server = try await SubscriptionTestServer.make()
        try await server.test { client in
            try await client.graphQLSocket { socket in
                try await socket.initialise()
                try await socket.subscribe("guest", Self.subscription)
                let guest = try await socket.receive()
                #expect(guest?["type"] as? String == "error" && guest?["id"] as? String == "guest")
                let errors = guest?["payload"] as? [[String: Any]] ?? []
                #expect(errors.compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String } == ["UNAUTHENTICATED"])
                try await socket.subscribe("bad", "subscription { noSuchField }")
                let invalid = try await socket.receive()
                #expect(invalid?["type"] as? String == "error" && invalid?["id"] as? String == "bad")
                let codes = (invalid?["payload"] as? [[String: Any]] ?? []).compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String }
                #expect(codes == ["GRAPHQL_VALIDATION_FAILED"])
                try await socket.roundTrip()
                try await socket.outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test("a mutation over the socket answers one next, then complete")
    func mutation() async throws {
        let server = try await SubscriptionTestServer.make()
        let (alice, bob) = try await server.friends()
        try await server.test { client in
            try await client.graphQLSocket { socket in
                try await socket.initialise(#"{"token":"\#(alice.token)"}"#)
                let payload = try JSONSerialization.data(withJSONObject: [
                    "query": Self.send, "variables": ["to": bob.globalID, "text": "sent over the socket"],
                ])
                try await socket.send(#"{"id":"m","type":"subscribe","payload":\#(String(decoding: payload, as: UTF8.self))}"#)
                let next = try await socket.receive()
                #expect(next?["type"] as? String == "next")
                let data = (next?["payload"] as? [String: Any])?["data"] as? [String: Any]
                #expect((data?["sendMessage"] as? [String: Any])?["id"] is String, "\(String(describing: next))")
                let complete = try await socket.receive()
                #expect(complete?["type"] as? String == "complete" && complete?["id"] as? String == "m")
                try await socket.outbound.close(.normalClosure, reason: nil)
            }
        }
        let stored = try await server.pool.query("SELECT text FROM messages WHERE sender_id = \(alice.id)")
        #expect(try stored.map { try $0.decode("text", as: String.self) } == ["sent over the socket"])
    }

    @Test("a socket runs at most its limit of operations at once; completing one frees a place")
    func operationLimit() async throws {
        let server = try await SubscriptionTestServer.make()
        let bob = try await server.user()
        try await server.test { client in
            try await client.graphQLSocket { socket in
                try await socket.initialise(#"{"token":"\#(bob.token)"}"#)
                for id in ["a", "b", "c"] { try await socket.subscribe(id, Self.subscription) }
                try await socket.subscribe("d", Self.subscription)
                let refused = try await socket.receive()
                #expect(refused?["type"] as? String == "error" && refused?["id"] as? String == "d")
                let codes = (refused?["payload"] as? [[String: Any]] ?? []).compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String }
                #expect(codes == ["TOO_MANY_OPERATIONS"])
                try await socket.send(#"{"id":"a","type":"complete"}"#)
                try await socket.subscribe("d", Self.subscription)
                try await socket.roundTrip()
                try await server.waitForSubscribers(3)
                try await socket.outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test("a subscriber signed out meanwhile gets error UNAUTHENTICATED, not the message; the subscription ends")
    func signedOut() async throws {
        let server = try await SubscriptionTestServer.make()
        let (alice, bob) = try await server.friends()
        let before = await server.hub.subscriberCount
        try await server.test { client in
            try await client.graphQLSocket { socket in
                try await socket.initialise(#"{"token":"\#(bob.token)"}"#)
                try await socket.subscribe("inbox", Self.subscription)
                try await socket.roundTrip()
                _ = try await server.pool.execute("DELETE FROM access_tokens WHERE user_id = \(bob.id)")
                try await Self.send(client, text: "private", to: bob.globalID, token: alice.token)
                let error = try await socket.receive()
                #expect(error?["type"] as? String == "error" && error?["id"] as? String == "inbox")
                let codes = (error?["payload"] as? [[String: Any]] ?? []).compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String }
                #expect(codes == ["UNAUTHENTICATED"])
                try await server.waitForSubscribers(before)
                try await socket.roundTrip()
                try await socket.outbound.close(.normalClosure, reason: nil)
            }
        }
    }
}
