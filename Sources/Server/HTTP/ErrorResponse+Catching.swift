import Hummingbird

extension QuarryHTTPError {
    /// Runs the rest of the middleware chain and turns any error it throws into
    /// the response the client will see, so that middleware which decorates
    /// responses (request id, CORS) decorates error responses too.
    static func responseCatchingErrors(
        _ request: Request, context: QuarryRequestContext,
        next: (Request, QuarryRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        } catch {
            context.logger.error("unhandled error", metadata: ["error": "\(String(reflecting: error))"])
            return try QuarryHTTPError(
                .internalServerError, code: "INTERNAL_SERVER_ERROR", message: "Unexpected server error."
            ).response(from: request, context: context)
        }
    }
}
