import Hummingbird

/// Counts every HTTP response by method and status
/// (`quarry_http_requests_total`), error responses included.
struct MetricsMiddleware: RouterMiddleware {
    typealias Context = QuarryRequestContext

    let metrics: QuarryMetrics

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await QuarryHTTPError.responseCatchingErrors(request, context: context, next: next)
        metrics.recordHTTPRequest(method: request.method.rawValue, status: response.status.code)
        return response
    }
}
