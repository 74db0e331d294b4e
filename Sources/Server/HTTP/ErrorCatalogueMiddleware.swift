import AppCore
import Hummingbird

/// Hands the service's error message catalogue to every request's context, so
/// that the HTTP layer's own errors (``QuarryHTTPError``) are worded by it as
/// GraphQL's are; it runs first, before any middleware that may throw one.
struct ErrorCatalogueMiddleware: RouterMiddleware {
    typealias Context = QuarryRequestContext

    let catalogue: ErrorCatalogue

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.errorMessages = catalogue
        return try await next(request, context)
    }
}
