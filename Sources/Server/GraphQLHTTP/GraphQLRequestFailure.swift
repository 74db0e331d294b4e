import GraphQLLanguage

/// A GraphQL-over-HTTP request that cannot be executed at all: malformed
/// parameters, a document that does not parse or validate, variables that do
/// not coerce, a mutation over GET. Its response has `errors` and no `data`.
///
/// The status depends on the response media type (spec §"Response"): with
/// `application/graphql-response+json` it is ``status`` (400, or 405 for a
/// method that cannot run the operation); with `application/json` every
/// request error is answered 200 and the client reads the problem from
/// `errors` — except 405, which concerns HTTP itself.
struct GraphQLRequestFailure: Error, Sendable {
    enum Status: Sendable {
        case badRequest
        /// The operation cannot run over this HTTP method (`Allow` lists those that can).
        case methodNotAllowed(allow: String)
        /// `PERSISTED_QUERY_NOT_FOUND`: 200 with either media type, and not
        /// cacheable, as Apollo Server answers (its `PersistedQueryNotFoundError`:
        /// "we're about to fill in the APQ cache and the same request will succeed
        /// next time"; a 4xx could be masked by client error handling, and a
        /// CDN must not keep the miss of a GET).
        case persistedQueryNotFound
    }

    let status: Status
    let errors: [GraphQLError]

    /// A malformed request (code `BAD_REQUEST`).
    static func badRequest(_ message: String) -> GraphQLRequestFailure {
        GraphQLRequestFailure(status: .badRequest, errors: [GraphQLError(message, extensions: ["code": "BAD_REQUEST"])])
    }
}
