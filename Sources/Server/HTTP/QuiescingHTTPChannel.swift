import HTTPTypes
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTPTypes

/// Quarry's HTTP/1 child channel: hummingbird-websocket's upgradable HTTP/1
/// channel with Quarry's own handling of graceful shutdown (NIO's
/// `ChannelShouldQuiesceEvent`), which the framework gets wrong twice:
///
/// - A connection that has not sent its first request yet has no HTTP handler
///   that knows the quiesce event (Hummingbird installs one only once the
///   upgrade handler has seen a request head), so the event falls off the end
///   of the pipeline and the server waits for that connection until the client
///   closes it — past `QUARRY_SHUTDOWN_TIMEOUT_SECONDS`, since waiting on the
///   upgrade result ignores cancellation. Browsers open such spare connections.
///   ``ShutdownConnectionGuard`` closes it.
/// - An idle keep-alive connection is closed the moment shutdown begins, even
///   when the client's next request is already in the socket's receive buffer:
///   closing with unread bytes makes the kernel send a reset, and the client
///   gets `ECONNRESET` for a request it sent before shutdown.
///   ``HTTPQuiescingHandler`` instead answers what arrives within
///   ``idleGrace`` of shutdown, with `Connection: close`, then closes.
///
/// Every connection with no request in progress when shutdown begins is
/// closed after ``idleGrace`` unless a request arrives by then; one in the
/// middle of a request is closed once its response (`Connection: close`) is
/// written. Cancellation (the shutdown timeout) closes any connection.
public struct QuiescingHTTPChannel: ServerChildChannel {
    public typealias Value = HTTP1WebSocketUpgradeChannel.Value

    /// The shipped grace: long enough for a request already on its way over
    /// a network to arrive, short enough that Ctrl-C feels immediate.
    public static let defaultIdleGrace: Duration = .milliseconds(250)

    let upgradeChannel: HTTP1WebSocketUpgradeChannel
    let idleGrace: Duration
    let limits: ConnectionLimits

    /// The builder of ``QuiescingHTTPChannel``s around `HTTP1WebSocketUpgradeChannel`s,
    /// with the request head size and idle timeout of `limits` (the WebSocket message
    /// size is `webSocket`'s).
    static func builder(
        webSocket: WebSocketServerConfiguration, idleGrace: Duration, limits: ConnectionLimits,
        shouldUpgrade: @escaping @Sendable (HTTPRequest, any Channel, Logger) throws -> ShouldUpgradeResult<
            WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
        >
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            QuiescingHTTPChannel(
                upgradeChannel: HTTP1WebSocketUpgradeChannel(
                    responder: responder,
                    configuration: .init(
                        http1: .init(
                            additionalChannelHandlers: [HTTPQuiescingHandler(idleGrace: idleGrace)],
                            idleTimeout: limits.idleTimeout,
                            httpDecoderConfiguration: .init(
                                maxHeaderFieldSize: limits.maxHeaderBytes, maxHeaderListSize: limits.maxHeaderBytes
                            )
                        ),
                        ws: webSocket
                    ),
                    shouldUpgrade: shouldUpgrade
                ),
                idleGrace: idleGrace,
                limits: limits
            )
        }
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            // First in the pipeline: they see the raw bytes and the quiesce event before any HTTP handler.
            try channel.pipeline.syncOperations.addHandler(ShutdownConnectionGuard(idleGrace: idleGrace), position: .first)
            try channel.pipeline.syncOperations.addHandler(FirstRequestHeadGuard(timeout: limits.idleTimeout, maxHeadBytes: limits.maxHeaderBytes), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return upgradeChannel.setup(channel: channel, logger: logger)
    }

    public func handle(value: Value, logger: Logger) async {
        let channel = value.channel
        await withTaskCancellationHandler {
            await upgradeChannel.handle(value: value, logger: logger)
        } onCancel: {
            channel.close(promise: nil)
        }
    }
}

/// The first handler of every connection (raw bytes): on graceful shutdown, a
/// connection on which no byte has arrived is closed after the grace unless its
/// first request starts by then. It remembers that shutdown has begun for the
/// ``HTTPQuiescingHandler`` that Hummingbird adds once a request head has been
/// read, since the event has passed by then. The event goes on down the
/// pipeline (the WebSocket of an upgraded connection ends through
/// ServiceLifecycle's graceful shutdown instead).
final class ShutdownConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let idleGrace: Duration
    private(set) var isQuiescing = false
    private var receivedBytes = false
    private var graceTimer: Scheduled<Void>?

    init(idleGrace: Duration) {
        self.idleGrace = idleGrace
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        receivedBytes = true
        graceTimer?.cancel()
        graceTimer = nil
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, !isQuiescing {
            isQuiescing = true
            if !receivedBytes {
                // Bytes already in the receive buffer are read before this timer
                // runs: NIO handles readiness before scheduled tasks.
                graceTimer = context.eventLoop.assumeIsolated().scheduleTask(in: .init(idleGrace)) { [weak self] in
                    // A connection the client closed meanwhile is left alone: closing the input of a
                    // closed socket is a precondition failure in NIO's debug builds.
                    guard let self, !self.receivedBytes, context.channel.isActive else { return }
                    // Input first: NIO's upgrade handler then ends the connection as one whose
                    // client went away before a request (a full close alone would make
                    // Hummingbird log an error), and the full close makes sure.
                    context.close(mode: .input, promise: nil)
                    context.close(promise: nil)
                }
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        graceTimer?.cancel()
        graceTimer = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        graceTimer?.cancel()
        graceTimer = nil
    }
}

/// Graceful shutdown of an HTTP/1 connection, in place of Hummingbird's
/// `HTTPConnectionStateHandler` (which sits after it and so never sees the
/// quiesce event): a request in progress is answered with `Connection: close`
/// and the connection closed once that response is written; a connection with
/// no request in progress waits up to the grace for one (answered the same
/// way), then closes.
final class HTTPQuiescingHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let idleGrace: Duration
    private var isQuiescing = false
    private var requestsInProgress = 0
    private var isClosing = false
    private var graceTimer: Scheduled<Void>?

    init(idleGrace: Duration) {
        self.idleGrace = idleGrace
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // Added once the first request head has been read: shutdown may have begun before.
        if (try? context.pipeline.syncOperations.handler(type: ShutdownConnectionGuard.self))?.isQuiescing == true {
            startQuiescing(context: context)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelGraceTimer()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            requestsInProgress += 1
            cancelGraceTimer()
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            startQuiescing(context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var response) where isQuiescing && response.status.kind != .informational:
            response.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(response)), promise: promise)
        case .end where isQuiescing:
            requestsInProgress -= 1
            // Closing before the response has reached the socket would drop it.
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            context.writeAndFlush(data, promise: written)
            if !isClosing {
                isClosing = true
                written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            }
        case .end:
            requestsInProgress -= 1
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    private func startQuiescing(context: ChannelHandlerContext) {
        guard !isQuiescing else { return }
        isQuiescing = true
        guard requestsInProgress == 0 else { return }
        // A request already in the receive buffer is read before this timer runs.
        graceTimer = context.eventLoop.assumeIsolated().scheduleTask(in: .init(idleGrace)) { [weak self] in
            guard let self else { return }
            self.graceTimer = nil
            if self.requestsInProgress == 0, !self.isClosing, context.channel.isActive {
                self.isClosing = true
                context.close(promise: nil)
            }
        }
    }

    private func cancelGraceTimer() {
        graceTimer?.cancel()
        graceTimer = nil
    }
}
