import Foundation

/// An unexpected error as it is reported (issue 13 "Error reports", Foodstabook
/// 2.3.1): what failed, where (request, operation, path, caller) and when. The
/// time is taken where the error happened, so a report written late, or one
/// whose message says nothing, still says when.
public struct ErrorReport: Sendable, Equatable {
    /// `INTERNAL_SERVER_ERROR` for an error masked from a client, `CRASH` for a
    /// run that ended without a clean shutdown.
    public let code: String
    /// The original error, which the client never sees.
    public let message: String
    /// The request's id, the one its client got in `extensions.requestId` and `X-Request-Id`.
    public let requestID: String?
    public let operationName: String?
    /// The failing field's response path (`feed.edges.0.node`), or the HTTP route.
    public let path: String?
    public let viewerID: UUID?
    /// Whatever else helps: the layer, the HTTP method, a crashed run's pid.
    public let context: [String: String]
    public let at: Date

    public init(
        code: String, message: String, requestID: String? = nil, operationName: String? = nil, path: String? = nil,
        viewerID: UUID? = nil, context: [String: String] = [:], at: Date = Date()
    ) {
        self.code = code
        self.message = message
        self.requestID = requestID
        self.operationName = operationName
        self.path = path
        self.viewerID = viewerID
        self.context = context
        self.at = at
    }
}
