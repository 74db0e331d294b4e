import Hummingbird

/// One log line per request at `info`: method, path, status and duration,
/// with the request id from the logger's metadata.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = QuarryRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await QuarryHTTPError.responseCatchingErrors(request, context: context, next: next)
        let elapsed = ContinuousClock.now - start
        context.logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                "status": .string(String(response.status.code)),
                "duration_ms": "\(Double(elapsed.nanoseconds) / 1_000_000)",
            ]
        )
        return response
    }
}
