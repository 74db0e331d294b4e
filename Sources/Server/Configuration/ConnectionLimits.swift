import NIOCore

/// Limits on what one connection may cost the server (issue 18, "Abuse limits"; README
/// lists every variable): how large a request's headers and a WebSocket message may be,
/// and how long a connection may sit without sending a complete request head.
public struct ConnectionLimits: Sendable, Equatable {
    /// Largest request head: any one header field, and all of them together, in bytes
    /// (`QUARRY_HTTP_MAX_HEADER_BYTES`). NIO's own default is 80 KB; a bearer token and a
    /// browser's headers fit in a few.
    public var maxHeaderBytes: Int
    /// How long a connection may go without a complete request head: from its opening
    /// to its first request's head, and between a response and the next request's head
    /// (`QUARRY_HTTP_IDLE_TIMEOUT_SECONDS`). A client that sends its headers a byte at a
    /// time (slowloris) or keeps an unused connection open is closed after it.
    public var idleTimeoutSeconds: Int
    /// Largest WebSocket message (and frame), in bytes (`QUARRY_WEBSOCKET_MAX_MESSAGE_BYTES`);
    /// a larger one fails the socket with 1009 (RFC 6455 §7.4.1 "message too big").
    public var maxWebSocketMessageBytes: Int

    public static let shipped = ConnectionLimits(
        maxHeaderBytes: 32_768, idleTimeoutSeconds: 30, maxWebSocketMessageBytes: 1_048_576
    )

    public init(maxHeaderBytes: Int, idleTimeoutSeconds: Int, maxWebSocketMessageBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.maxWebSocketMessageBytes = maxWebSocketMessageBytes
    }

    static let variables = [
        "QUARRY_HTTP_MAX_HEADER_BYTES", "QUARRY_HTTP_IDLE_TIMEOUT_SECONDS", "QUARRY_WEBSOCKET_MAX_MESSAGE_BYTES",
    ]

    init(_ env: EnvironmentReader) throws {
        let shipped = Self.shipped
        maxHeaderBytes = try env.integer(
            "QUARRY_HTTP_MAX_HEADER_BYTES", default: shipped.maxHeaderBytes, in: 1_024...1_048_576
        )
        idleTimeoutSeconds = try env.integer(
            "QUARRY_HTTP_IDLE_TIMEOUT_SECONDS", default: shipped.idleTimeoutSeconds, in: 1...3_600
        )
        maxWebSocketMessageBytes = try env.integer(
            "QUARRY_WEBSOCKET_MAX_MESSAGE_BYTES", default: shipped.maxWebSocketMessageBytes, in: 1_024...67_108_864
        )
    }

    var idleTimeout: TimeAmount { .seconds(Int64(idleTimeoutSeconds)) }
}
