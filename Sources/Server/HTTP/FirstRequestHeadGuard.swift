import NIOCore

/// Guards a connection's first request head, on the raw bytes, first in the pipeline:
///
/// - Slowloris: a connection whose first head has not fully arrived within the idle
///   timeout of its opening is closed (a client that sends its headers a byte at a time
///   would hold the connection, and its memory, for as long as it likes).
/// - Size: a first head longer than the header limit is answered `431 Request Header
///   Fields Too Large` and the connection closed.
///
/// Hummingbird covers the later requests of a keep-alive connection (its
/// `HTTPConnectionStateHandler` times the wait from each response to the next head,
/// and NIO's decoder enforces the same header limit), but on an upgradable channel it
/// installs that handler only once the first head has been parsed, and a decoder error
/// before then leaves the connection hanging with no answer. So this handler watches the
/// first head up to its blank line (CRLF CRLF), then steps out of the pipeline.
final class FirstRequestHeadGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let timeout: TimeAmount
    /// The most bytes the head may have, request line included.
    let maxHeadBytes: Int
    private var timer: Scheduled<Void>?
    private var headBytes = 0
    /// The last bytes read (at most 3), as the end of the head may be split across reads.
    private var tail: [UInt8] = []
    private var refused = false

    init(timeout: TimeAmount, maxHeadBytes: Int) {
        self.timeout = timeout
        self.maxHeadBytes = maxHeadBytes
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startTimer(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startTimer(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let buffer = unwrapInboundIn(data)
        let headEnd: Int? = buffer.withUnsafeReadableBytes { bytes in
            let window = tail + bytes.prefix(maxHeadBytes + 4)
            defer { tail = Array(window.suffix(3)) }
            guard window.count >= 4 else { return nil }
            return (0...(window.count - 4)).first { window[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }
                .map { $0 + 4 - tail.count }
        }
        if let headEnd, headBytes + headEnd <= maxHeadBytes {
            context.fireChannelRead(data)
            timer?.cancel()
            timer = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        } else if headEnd != nil || headBytes + buffer.readableBytes > maxHeadBytes {
            refuse(context)
        } else {
            headBytes += buffer.readableBytes
            context.fireChannelRead(data)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    /// Answers 431 and closes: the output at once, so the client reads the answer; the
    /// whole connection a second later, the rest of its head discarded meanwhile (closing
    /// with unread bytes would reset the connection and could lose the answer).
    private func refuse(_ context: ChannelHandlerContext) {
        refused = true
        timer?.cancel()
        let response = "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response)), promise: nil)
        context.close(mode: .output, promise: nil)
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
    }

    private func startTimer(_ context: ChannelHandlerContext) {
        guard timer == nil else { return }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            // Input first, as ShutdownConnectionGuard does: NIO's upgrade handler then
            // ends the connection as one whose client left before a request.
            context.close(mode: .input, promise: nil)
            context.close(promise: nil)
        }
    }
}
