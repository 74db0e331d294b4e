import AppCore
import CommonTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import Logging
import Postgres
import QuarryTestSupport
import ScreenCache
import TestDatabaseSupport
import Testing
import WSCore

@testable import Server

/// A live Quarry server with its message listener, and scripted
/// `graphql-transport-ws` conversations with it.
struct SubscriptionTestServer {
    let server: TestServer
    var configuration: ServerConfiguration { server.configuration }
    var components: ServerComponents { server.components }
    var pool: PostgresPool { server.pool }

    static func make(environment: [String: String] = [:]) async throws -> SubscriptionTestServer {
        SubscriptionTestServer(server: try await TestServer.start(environment: environment))
    }

    var hub: MessageHub { components.graphQL.messageHub }

    /// Runs `body` against the live server, once its message listener LISTENs. Sockets
    /// get the shipped `connection_init` timeout, so a busy machine never closes one that
    /// is about to initialise; only the test of the timeout itself passes a short one.
    func test(
        connectionInitTimeout: Duration = GraphQLWebSocketUpgrade.Settings().connectionInitTimeout,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let logger = Logger(label: "quarry.test")
        let (listening, signal) = AsyncStream.makeStream(of: Void.self)
        var listener = NotificationListenerService(channels: [.messages(hub)], configuration: pool.configuration, logger: logger)
        listener.onListening = { _ in signal.yield() }
        let app = buildApplication(
            configuration: configuration, components: components, services: [listener],
            webSocket: .init(connectionInitTimeout: connectionInitTimeout, maxOperationsPerSocket: 3), logger: logger
        )
        try await app.test(.live) { client in
            _ = try await listening.next()
            try await body(client)
        }
    }

    /// A verified user with a token.
    func user() async throws -> TestUser {
        try await server.service.signUp("ws")
    }

    /// Waits until the hub has `expected` subscribers: a subscription ends
    /// asynchronously after its socket or operation does.
    func waitForSubscribers(_ expected: Int) async throws {
        try await waitUntil { await hub.subscriberCount == expected }
    }

    /// Two new users who are friends.
    func friends() async throws -> (TestUser, TestUser) {
        let (a, b) = (try await user(), try await user())
        try await server.service.befriend(a, b)
        return (a, b)
    }
}

/// One side of a socket, for tests: writes JSON text, reads messages parsed.
struct SocketScript {
    var inbound: WebSocketInboundMessageStream.AsyncIterator
    let outbound: WebSocketOutboundWriter

    init(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) {
        self.inbound = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        self.outbound = outbound
    }

    func send(_ text: String) async throws {
        try await outbound.writeTextMessage(text)
    }

    /// The next message as a JSON object; `nil` once the server closed the socket.
    mutating func receive() async throws -> [String: Any]? {
        guard let message = try await inbound.next() else { return nil }
        guard case .text(let text) = message else { return ["binary": true] }
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    /// `connection_init` with `payload`, expecting `connection_ack`.
    mutating func initialise(_ payload: String = "{}") async throws {
        try await send(#"{"type":"connection_init","payload":\#(payload)}"#)
        let ack = try await receive()
        #expect(ack?["type"] as? String == "connection_ack", "\(String(describing: ack))")
    }

    /// `subscribe` with `query` as operation `id`.
    func subscribe(_ id: String, _ query: String) async throws {
        let payload = try JSONSerialization.data(withJSONObject: ["query": query])
        try await send(#"{"id":"\#(id)","type":"subscribe","payload":\#(String(decoding: payload, as: UTF8.self))}"#)
    }

    /// A ping answered by a pong: every message sent before it has been handled.
    mutating func roundTrip() async throws {
        try await send(#"{"type":"ping"}"#)
        let pong = try await receive()
        #expect(pong?["type"] as? String == "pong", "\(String(describing: pong))")
    }
}

extension TestClientProtocol {
    /// A `graphql-transport-ws` socket to `/graphql`; the close frame the server sent, if any.
    @discardableResult
    func graphQLSocket(
        headers: HTTPFields = [:], _ script: @escaping @Sendable (inout SocketScript) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        var fields: HTTPFields = [.secWebSocketProtocol: GraphQLWebSocketUpgrade.subprotocol]
        fields.append(contentsOf: headers)
        return try await ws("/graphql", configuration: .init(additionalHeaders: fields)) { inbound, outbound, _ in
            var socket = SocketScript(inbound, outbound)
            try await script(&socket)
        }
    }
}

func closeCode(_ frame: WebSocketCloseFrame?) -> UInt16? {
    guard case .unknown(let code)? = frame?.closeCode else { return nil }
    return code
}

/// The `graphql-transport-ws` protocol (github.com/enisdenjo/graphql-ws,
/// PROTOCOL.md) at `GET /graphql`: initialisation, ping/pong, and the close
/// codes for each way a client can break it.
@Suite("Subscriptions: graphql-transport-ws protocol", .timeLimit(.minutes(3)))
struct SubscriptionProtocolTests {
    @Test("connection_init is acknowledged; ping gets pong before and after it; pong is ignored")
    func initAndPing() async throws {
        let server = try await SubscriptionTestServer.make()
        try await server.test { client in
            try await client.graphQLSocket { socket in
                try await socket.roundTrip()
                try await socket.initialise()
                try await socket.send(#"{"type":"pong"}"#)
                try await socket.send(#"{"type":"ping","payload":{"at":1}}"#)
                #expect(try await socket.receive()?["type"] as? String == "pong")
                try await socket.outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test("messages outside the protocol close the socket with 4400")
    func invalidMessages() async throws {
        let server = try await SubscriptionTestServer.make()
        let invalid = [
            "not json", "[]", #"{"type":42}"#, #"{"type":"shout"}"#, #"{"type":"connection_init","payload":"x"}"#,
            #"{"type":"subscribe","id":"1","payload":{"query":"{ viewer { id } }"}}"#,
            #"{"type":"subscribe","id":"","payload":{"query":"{ viewer { id } }"}}"#,
            #"{"type":"subscribe","id":"1","payload":{"variables":{}}}"#, #"{"type":"complete"}"#,
        ]
        try await server.test { client in
            for (index, text) in invalid.enumerated() {
                let close = try await client.graphQLSocket { socket in
                    // The sixth one is valid before initialisation only in form: it gets 4401 below instead.
                    if index != 5 { try await socket.initialise() }
                    try await socket.send(text)
                    #expect(try await socket.receive() == nil)
                }
                #expect(closeCode(close) == (index == 5 ? 4401 : 4400), "\(text)")
                if index != 5 { #expect(close?.reason?.hasPrefix("Invalid message received") == true) }
            }
            let binary = try await client.graphQLSocket { socket in
                try await socket.initialise()
                try await socket.outbound.writeBinaryMessage(ByteBuffer(string: "{}"))
                #expect(try await socket.receive() == nil)
            }
            #expect(closeCode(binary) == 4400)
        }
    }

    @Test("subscribe before connection_ack is 4401; a second connection_init is 4429; no init in time is 4408")
    func initialisationRules() async throws {
        let server = try await SubscriptionTestServer.make()
        try await server.test { client in
            let early = try await client.graphQLSocket { socket in
                try await socket.subscribe("1", "subscription { messageReceived { text } }")
                #expect(try await socket.receive() == nil)
            }
            #expect(closeCode(early) == 4401 && early?.reason == "Unauthorized")
            let twice = try await client.graphQLSocket { socket in
                try await socket.initialise()
                try await socket.send(#"{"type":"connection_init"}"#)
                #expect(try await socket.receive() == nil)
            }
            #expect(closeCode(twice) == 4429 && twice?.reason == "Too many initialisation requests")
        }
        // A socket that never initialises: the close is the event waited for, so the timeout may be short.
        try await SubscriptionTestServer.make().test(connectionInitTimeout: .milliseconds(200)) { client in
            let silent = try await client.graphQLSocket { socket in
                let message = try await socket.receive()
                #expect(message == nil)
            }
            #expect(closeCode(silent) == 4408 && silent?.reason == "Connection initialisation timeout")
        }
    }

    @Test("credentials: the token in the payload (two spellings) or the upgrade header; a bad one is 4403")
    func credentials() async throws {
        let server = try await SubscriptionTestServer.make()
        let user = try await server.user()
        let viewer = "query { viewer { id } }"
        try await server.test { client in
            for (payload, headers) in [
                (#"{"authorization":"Bearer \#(user.token)"}"#, HTTPFields()),
                (#"{"token":"\#(user.token)"}"#, HTTPFields()),
                ("{}", [.authorization: "Bearer \(user.token)"] as HTTPFields),
            ] {
                try await client.graphQLSocket(headers: headers) { socket in
                    try await socket.initialise(payload)
                    try await socket.subscribe("q", viewer)
                    let next = try await socket.receive()
                    #expect(next?["type"] as? String == "next" && next?["id"] as? String == "q")
                    let data = (next?["payload"] as? [String: Any])?["data"] as? [String: Any]
                    #expect((data?["viewer"] as? [String: Any])?["id"] as? String == user.globalID, "\(payload)")
                    let complete = try await socket.receive()
                    #expect(complete?["type"] as? String == "complete" && complete?["id"] as? String == "q")
                    try await socket.outbound.close(.normalClosure, reason: nil)
                }
            }
            for payload in [#"{"token":"unknown-token"}"#, #"{"authorization":"Basic abc"}"#] {
                let refused = try await client.graphQLSocket { socket in
                    try await socket.send(#"{"type":"connection_init","payload":\#(payload)}"#)
                    #expect(try await socket.receive() == nil)
                }
                #expect(closeCode(refused) == 4403 && refused?.reason == "Forbidden", "\(payload)")
            }
        }
    }

    @Test("a request without the graphql-transport-ws subprotocol is not upgraded")
    func subprotocolRequired() async throws {
        let server = try await SubscriptionTestServer.make()
        try await server.test { client in
            await #expect(throws: (any Error).self) {
                try await client.ws("/graphql") { _, _, _ in }
            }
        }
    }
}
