import Hummingbird

/// Reads `Authorization: Bearer <token>` (RFC 6750 §2.1) into
/// ``QuarryRequestContext/bearerToken``.
///
/// No header means a guest. A header that is present but not a well-formed
/// bearer credential is refused with 401 at once rather than silently treated
/// as a guest: a client with a broken header should learn it, not see a
/// mysteriously empty viewer. Whether a well-formed token is valid is the
/// accounts area's business, not this middleware's.
public struct BearerTokenMiddleware: RouterMiddleware {
    public typealias Context = QuarryRequestContext

    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let values = request.headers[values: .authorization]
        guard !values.isEmpty else { return try await next(request, context) }
        guard values.count == 1, let token = Self.token(fromAuthorization: values[0]) else {
            throw QuarryHTTPError(
                .unauthorized, code: "MALFORMED_AUTHORIZATION",
                message: "The Authorization header must be \"Bearer <token>\".",
                headers: [.wwwAuthenticate: #"Bearer error="invalid_request""#]
            )
        }
        var context = context
        context.bearerToken = token
        return try await next(request, context)
    }

    /// The token of a `Bearer` credential: scheme matched case-insensitively,
    /// then one space, then RFC 6750's `b64token`
    /// (`1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="`).
    static func token(fromAuthorization value: String) -> String? {
        let prefix = "bearer "
        guard value.utf8.count > prefix.utf8.count,
              value.prefix(prefix.count).lowercased() == prefix else { return nil }
        let token = value.dropFirst(prefix.count)
        let body = token.utf8.prefix { $0 != UInt8(ascii: "=") }
        let padding = token.utf8.dropFirst(body.count)
        guard !body.isEmpty, body.allSatisfy(isTokenByte), padding.allSatisfy({ $0 == UInt8(ascii: "=") }) else {
            return nil
        }
        return String(token)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"),
             UInt8(ascii: "/"):
            true
        default:
            false
        }
    }
}
