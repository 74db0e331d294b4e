import AppCore
import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id, puts it on every log line written while
/// handling it (`request_id` metadata, in place of Hummingbird's `hb.request.id`)
/// and on every response, errors included, as `X-Request-Id`.
///
/// A client or proxy may send its own `X-Request-Id` to correlate logs across
/// services; it is echoed when it is a short token of visible ASCII, and
/// replaced otherwise so that logs can never be forged with control
/// characters.
///
/// It also hands the request the ``ErrorReporter`` that turns an unexpected
/// error (the HTTP 500 of ``QuarryHTTPError/responseCatchingErrors(_:context:next:)``)
/// into an error report under this id.
public struct RequestIDMiddleware: RouterMiddleware {
    public typealias Context = QuarryRequestContext

    static let headerName = HTTPField.Name("X-Request-Id")!

    let reporter: ErrorReporter

    public init(reporter: ErrorReporter) {
        self.reporter = reporter
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let id = Self.id(for: request.headers)
        context.requestID = id
        context.errorReporter = reporter
        // Hummingbird's own per-request id (`hb.request.id`) is dropped: `request_id` identifies the
        // request on every line and in `X-Request-Id`, and rendering a second id cost every access line.
        context.logger[metadataKey: "hb.request.id"] = nil
        context.logger[metadataKey: "request_id"] = .string(id)
        var response = try await QuarryHTTPError.responseCatchingErrors(request, context: context, next: next)
        response.headers[Self.headerName] = id
        return response
    }

    /// The id of a request with `headers`: its `X-Request-Id` when ``acceptable(_:)``, else a
    /// new one. The WebSocket upgrade names its socket's id the same way.
    static func id(for headers: HTTPFields) -> String {
        headers.value(headerName).flatMap(acceptable) ?? generate()
    }

    /// An incoming id is kept when it is 1–128 characters of visible ASCII.
    static func acceptable(_ id: String) -> String? {
        guard (1...128).contains(id.utf8.count), id.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return id
    }

    /// 128 random bits (``RequestIDRandomness``) as 32 lowercase hex digits, written straight
    /// into the string's storage: this runs on every request.
    static func generate(from randomness: RequestIDRandomness = .shared) -> String {
        let (high, low) = randomness.next()
        return String(unsafeUninitializedCapacity: 32) { buffer in
            let digits: StaticString = "0123456789abcdef"
            for nibble in 0..<16 {
                let shift = UInt64(60 - 4 * nibble)
                buffer[nibble] = digits.utf8Start[Int((high >> shift) & 0xF)]
                buffer[16 + nibble] = digits.utf8Start[Int((low >> shift) & 0xF)]
            }
            return 32
        }
    }
}
