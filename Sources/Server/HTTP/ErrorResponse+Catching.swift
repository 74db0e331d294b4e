import AppCore
import Hummingbird

extension QuarryHTTPError {
    /// Runs the rest of the middleware chain and turns any error it throws into
    /// the response the client will see, so that middleware which decorates
    /// responses (request id, CORS) decorates error responses too. An error
    /// without a response of its own is a 500 and an error report.
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
            context.errorReporter.report(ErrorReport(
                code: "INTERNAL_SERVER_ERROR", message: String(reflecting: error), requestID: context.requestID,
                path: "\(request.method) \(request.uri.path)", context: ["layer": "http"]
            ))
            return try QuarryHTTPError(
                .internalServerError, code: "INTERNAL_SERVER_ERROR", message: "Unexpected server error."
            ).response(from: request, context: context)
        }
    }
}
