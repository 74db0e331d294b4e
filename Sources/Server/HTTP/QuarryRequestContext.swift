import AppCore
import Hummingbird
import Logging

/// The typed per-request context every Quarry route sees.
///
/// Middleware fills it in on the way in: ``RequestIDMiddleware`` sets
/// ``requestID`` (and the logger's `request_id` metadata) and ``errorReporter``, and
/// ``BearerTokenMiddleware`` sets ``bearerToken``. The GraphQL handler hands
/// the token on to the resolvers as the viewer credential; what a token means
/// is decided by the accounts area, not by HTTP.
public struct QuarryRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The id of this request: echoed from `X-Request-Id` or generated.
    public var requestID: String
    /// The token of `Authorization: Bearer <token>`, `nil` for a guest.
    public var bearerToken: String?
    /// Where an unexpected error (an HTTP 500) becomes an error report; set by ``RequestIDMiddleware``.
    public var errorReporter: ErrorReporter
    /// The peer's IP address (no port), for the event log; `nil` when unknown.
    public let clientAddress: String?
    /// The catalogue that words the HTTP layer's errors (``ErrorCatalogueMiddleware``);
    /// `nil` on a router without it, whose errors keep their own texts.
    package var errorMessages: ErrorCatalogue?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        requestID = ""
        bearerToken = nil
        errorReporter = .discarding
        clientAddress = source.channel.remoteAddress?.ipAddress
        errorMessages = nil
    }
}
