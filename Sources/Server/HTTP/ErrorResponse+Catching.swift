import AppCore
import Hummingbird

extension QuarryHTTPError {
    /// Runs the rest of the middleware chain and turns any error it throws into
    /// the response the client will see, so that middleware which decorates
    /// responses (request id, CORS) decorates error responses too. Quarry's own
    /// errors are worded by the request's error message catalogue here, on their way out.
    /// An error without a response of its own is a 500 and an error report.
    static func responseCatchingErrors(
        _ request: Request, context: QuarryRequestContext,
        next: (Request, QuarryRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as QuarryHTTPError {
            return try error.worded(by: context.errorMessages).response(from: request, context: context)
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
            ).worded(by: context.errorMessages).response(from: request, context: context)
        }
    }

    /// This error with its message from `catalogue` (the text given here when there is none).
    func worded(by catalogue: ErrorCatalogue?) -> QuarryHTTPError {
        guard let catalogue else { return self }
        return QuarryHTTPError(status, code: code, message: catalogue.message(code: code, composed: message), headers: headers)
    }
}
