import Hummingbird

/// The `/graphql` endpoint: GET (queries) and POST; other methods get 405
/// with `Allow: GET, POST` (spec §"Request": a server MAY support only these).
struct GraphQLRoutes {
    let handler: GraphQLHTTPHandler

    func register(on router: Router<QuarryRequestContext>) {
        router.get("/graphql") { request, context in try await handler.handle(request, context: context) }
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
