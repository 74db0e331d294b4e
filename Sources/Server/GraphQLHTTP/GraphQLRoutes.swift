import Hummingbird

/// The `/graphql` endpoint: GET (queries) and POST; other methods get 405
/// with `Allow: GET, POST` (spec §"Request": a server MAY support only these).
/// A browser's GET gets GraphiQL instead when it is on (``GraphiQLPage``).
struct GraphQLRoutes {
    let handler: GraphQLHTTPHandler
    /// `nil` when `QUARRY_GRAPHIQL=off`.
    var graphiQL: GraphiQLPage? = nil

    func register(on router: Router<QuarryRequestContext>) {
        router.get("/graphql") { request, context in
            if let graphiQL, GraphiQLPage.isRequested(by: request) { return graphiQL.response(for: request) }
            return try await handler.handle(request, context: context)
        }
        router.post("/graphql") { request, context in try await handler.handle(request, context: context) }
        for method in [HTTPRequest.Method.put, .patch, .delete] {
            router.on("/graphql", method: method) { _, _ -> Response in
                throw QuarryHTTPError(
                    .methodNotAllowed, code: "METHOD_NOT_ALLOWED", message: "/graphql accepts GET and POST.",
                    headers: [.allow: "GET, POST"]
                )
            }
        }
    }
}
