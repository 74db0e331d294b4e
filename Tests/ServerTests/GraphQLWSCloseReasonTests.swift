import Testing

@testable import Server

/// Close reasons that fit a close frame (RFC 6455 §5.5: 123 bytes after the code).
/// Found by the `ws` fuzz target (Tests/Fuzz/ws): a `subscribe` whose `documentId` is
/// malformed was closed with a 4400 reason of 157 bytes, and a reason quoting a client's
/// `type` or `id` grew with it; a client drops such a frame as a protocol error.
@Suite("Subscriptions: close reasons fit a close frame")
struct GraphQLWSCloseReasonTests {
    static let longType = String(repeating: "t", count: 500)
    static let messages = [
        // The fuzzer's input, as it found it.
        #"{"id": "3", "type": "subscribe", "payload": {"documentId": "sha256:00DefaultI0000000000000000000000000000000000000000000000000000000000000"}}"#,
        #"{"type":"\#(longType)"}"#,
        #"{"type":"é\#(String(repeating: "é", count: 200))"}"#,
        #"{"id":"1","type":"subscribe","payload":{"query":"{ a }","extensions":{"persistedQuery":{"version":2}}}}"#,
    ]

    @Test("every 4400 reason is at most 123 bytes", arguments: messages)
    func invalidMessageReasons(text: String) {
        #expect {
            _ = try GraphQLWSClientMessage.parse(text)
        } throws: { error in
            guard let close = error as? GraphQLWSClose else { return false }
            return close.code == 4400 && close.reason.utf8.count <= GraphQLWSClose.maxReasonBytes
                && close.reason.hasPrefix("Invalid message received")
        }
    }

    @Test("a long reason is cut at a character boundary and marked with an ellipsis")
    func cut() {
        let close = GraphQLWSClose.subscriberExists(String(repeating: "ü", count: 100))
        #expect(close.reason.utf8.count <= 123 && close.reason.utf8.count >= 120)
        #expect(close.reason.hasPrefix("Subscriber for üü") && close.reason.hasSuffix("ü…"))
        #expect(GraphQLWSClose.invalidMessage("short").reason == "short")
    }

    @Test("over a live socket, a malformed documentId closes with 4400 and a reason the client reads")
    func liveSocket() async throws {
        let server = try await SubscriptionTestServer.make()
        try await server.test { client in
            let close = try await client.graphQLSocket { socket in
                try await socket.initialise()
                try await socket.send(Self.messages[0])
                #expect(try await socket.receive() == nil)
            }
            #expect(closeCode(close) == 4400)
            #expect(close?.reason?.hasPrefix("Invalid message received") == true)
            #expect((close?.reason?.utf8.count ?? 999) <= 123)
        }
    }
}
