import App
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import WSCore

/// GraphQL over WebSocket at `GET /graphql` (API.md "HTTP surface"): a
/// request to upgrade that offers the `graphql-transport-ws` subprotocol
/// becomes a socket speaking it (github.com/enisdenjo/graphql-ws,
/// PROTOCOL.md); every other request stays HTTP and reaches the router.
public struct GraphQLWebSocketUpgrade: Sendable {
    public static let subprotocol = "graphql-transport-ws"

    public struct Settings: Sendable {
        /// How long a new socket may wait before sending `connection_init` (then 4408).
        public var connectionInitTimeout: Duration
        /// The largest message accepted, in bytes.
        public var maxMessageBytes: Int
        /// The most operations one socket may run at once (more get `error` with `TOO_MANY_OPERATIONS`).
        public var maxOperationsPerSocket: Int

        public init(
            connectionInitTimeout: Duration = .seconds(10), maxMessageBytes: Int = 1 << 20, maxOperationsPerSocket: Int = 100
        ) {
            self.connectionInitTimeout = connectionInitTimeout
            self.maxMessageBytes = maxMessageBytes
            self.maxOperationsPerSocket = maxOperationsPerSocket
        }
    }

    let service: GraphQLService
    let settings: Settings
    let rateLimiter: AddressRateLimiter

    public init(service: GraphQLService, settings: Settings = Settings(), rateLimiter: AddressRateLimiter) {
        self.service = service
        self.settings = settings
        self.rateLimiter = rateLimiter
    }

    /// The HTTP/1 server with this upgrade, closing its connections on graceful
    /// shutdown as ``QuiescingHTTPChannel`` describes.
    func serverBuilder(
        idleGrace: Duration = QuiescingHTTPChannel.defaultIdleGrace, limits: ConnectionLimits = .shipped
    ) -> HTTPServerBuilder {
        let upgrade = self
        return QuiescingHTTPChannel.builder(
            // RFC 6455 §8.1: a text message that is not UTF-8 fails the connection.
            webSocket: .init(maxFrameSize: settings.maxMessageBytes, validateUTF8: true), idleGrace: idleGrace,
            limits: limits,
            shouldUpgrade: { request, channel, logger in upgrade.shouldUpgrade(request, channel: channel, logger: logger) }
        )
    }

    /// Upgrades `GET /graphql` offering `graphql-transport-ws` with a
    /// well-formed (or no) Authorization header; the response names the
    /// subprotocol. A malformed header is left to HTTP, which refuses it (401).
    func shouldUpgrade(
        _ request: HTTPRequest, channel: any Channel, logger: Logger
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let path = request.path.map { $0.prefix { $0 != "?" } }
        let offered = request.headerFields[values: .secWebSocketProtocol]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let authorization = request.headerFields[values: .authorization]
        guard request.method == .get, path == "/graphql", offered.contains(Self.subprotocol), authorization.count <= 1 else {
            return .dontUpgrade
        }
        let headerToken = authorization.first.map(BearerTokenMiddleware.token(fromAuthorization:))
        if headerToken == .some(nil) { return .dontUpgrade }
        let requestID = RequestIDMiddleware.id(for: request.headerFields)
        let clientAddress = channel.remoteAddress?.ipAddress
        let userAgent = request.headerFields.value(.userAgent)
        let (service, settings, rateLimiter) = (service, settings, rateLimiter)
        return .upgrade([.secWebSocketProtocol: Self.subprotocol]) { inbound, outbound, context in
            var logger = context.logger
            logger[metadataKey: "request_id"] = .string(requestID)
            let session = GraphQLWSSession(
                service: service, outbound: outbound, logger: logger, headerToken: headerToken ?? nil, requestID: requestID,
                clientAddress: clientAddress, userAgent: userAgent, maxOperations: settings.maxOperationsPerSocket,
                rateLimiter: rateLimiter
            )
            await Self.run(session, inbound: inbound, outbound: outbound, settings: settings, logger: logger)
        }
    }

    /// Reads the socket's messages until it closes, closing it with the
    /// protocol's code when a message breaks the protocol or no
    /// `connection_init` came in time; then ends every operation it started.
    /// One log line at `info` when the socket ends (as the access log has one
    /// per HTTP request), with its duration and the close code the server sent.
    static func run(
        _ session: GraphQLWSSession, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, settings: Settings,
        logger: Logger
    ) async {
        let start = ContinuousClock.now
        let closedWith: UInt16? = await withTaskGroup(of: UInt16?.self) { group in
            group.addTask {
                try? await Task.sleep(for: settings.connectionInitTimeout)
                guard !Task.isCancelled, await !session.isInitialised else { return nil }
                await close(outbound, .initialisationTimeout)
                return GraphQLWSClose.initialisationTimeout.code
            }
            var closedWith: UInt16?
            do {
                for try await message in inbound.messages(maxSize: settings.maxMessageBytes) {
                    guard case .text(let text) = message else {
                        throw GraphQLWSClose.invalidMessage("Invalid message received: binary messages are not part of the protocol")
                    }
                    try await session.handle(text)
                }
            } catch let close as GraphQLWSClose {
                await Self.close(outbound, close)
                closedWith = close.code
            } catch {
                logger.debug("WebSocket failed", metadata: ["error": "\(error)"])
            }
            group.cancelAll()
            for await timedOut in group where timedOut != nil { closedWith = timedOut }
            return closedWith
        }
        await session.cancelAll()
        logger.info(
            "websocket",
            metadata: [
                "path": "/graphql", "protocol": "\(subprotocol)", "close_code": "\(closedWith.map(String.init) ?? "-")",
                "duration_ms": "\(Double((ContinuousClock.now - start).nanoseconds) / 1_000_000)",
            ]
        )
    }

    private static func close(_ outbound: WebSocketOutboundWriter, _ close: GraphQLWSClose) async {
        try? await outbound.close(.unknown(close.code), reason: close.reason)
    }
}
