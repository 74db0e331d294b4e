import Hummingbird

/// Cross-origin resource sharing for browser clients, per the Fetch standard's
/// CORS protocol, driven by ``CORSPolicy`` (`QUARRY_CORS_ORIGINS`).
///
/// Preflights (`OPTIONS` with `Access-Control-Request-Method`) from an
/// allowed origin are answered here with 204; from any other origin with 403.
/// Actual requests pass through and their responses, errors included, get
/// `Access-Control-Allow-Origin` when the origin is allowed. Credentials
/// (cookies) are never allowed: Quarry authenticates with bearer tokens.
public struct QuarryCORSMiddleware: RouterMiddleware {
    public typealias Context = QuarryRequestContext

    let policy: CORSPolicy

    static let allowedMethods = "GET, POST, OPTIONS"
    // The preflight headers let browser clients send multipart uploads (their CSRF guard, Sources/Server/Multipart).
    static let allowedHeaders = "Accept, Authorization, Content-Type, X-Request-Id, Apollo-Require-Preflight, GraphQL-Preflight"
    static let exposedHeaders = "X-Request-Id"
    static let preflightMaxAgeSeconds = "600"

    public init(policy: CORSPolicy) {
        self.policy = policy
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard policy != .disabled, let origin = request.headers.value(.origin) else {
            return try await next(request, context)
        }
        let allowed = policy.allowedOrigin(for: origin)
        if request.method == .options, request.headers.value(.accessControlRequestMethod) != nil {
            guard let allowed else {
                throw QuarryHTTPError(
                    .forbidden, code: "CORS_ORIGIN_NOT_ALLOWED",
                    message: "Origin \(origin) may not call this API (see QUARRY_CORS_ORIGINS)."
                )
            }
            var response = Response(status: .noContent)
            decorate(&response.headers, allowedOrigin: allowed)
            response.headers[.accessControlAllowMethods] = Self.allowedMethods
            response.headers[.accessControlAllowHeaders] = Self.allowedHeaders
            response.headers[.accessControlMaxAge] = Self.preflightMaxAgeSeconds
            return response
        }
        var response = try await QuarryHTTPError.responseCatchingErrors(request, context: context, next: next)
        if let allowed {
            decorate(&response.headers, allowedOrigin: allowed)
            response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
        }
        return response
    }

    private func decorate(_ headers: inout HTTPFields, allowedOrigin: String) {
        headers[.accessControlAllowOrigin] = allowedOrigin
        if allowedOrigin != "*" { headers.append(.init(name: .vary, value: "Origin")) }
    }
}
