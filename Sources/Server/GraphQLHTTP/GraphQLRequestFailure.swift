import GraphQLLanguage

/// A GraphQL-over-HTTP request that cannot be executed at all: malformed
/// JSON or parameters, a document that does not parse or validate, a
/// mutation over GET. Its response has `errors` and no `data`.
///
/// The status follows the spec's sections per response media type
/// (§"application/json" and §"application/graphql-response+json"): a request
/// that is not well-formed (JSON parsing failure, invalid parameters) is 400
/// with either media type; a well-formed request whose document fails is 400
/// with `application/graphql-response+json` and 200 with `application/json`,
/// whose clients read the problem from `errors`; 405 concerns HTTP itself.
struct GraphQLRequestFailure: Error, Sendable {
    enum Status: Sendable {
        /// The body is not JSON, or a parameter is missing or of the wrong type.
        case malformed
        /// The document does not parse or validate.
        case unexecutable
        /// The operation cannot run over this HTTP method (`Allow` lists those that can).
        case methodNotAllowed(allow: String)
        /// `PERSISTED_QUERY_NOT_FOUND`: 200 with either media type, and not
        /// cacheable, as Apollo Server answers (its `PersistedQueryNotFoundError`:
        /// "we're about to fill in the APQ cache and the same request will succeed
        /// next time"; a 4xx could be masked by client error handling, and a
        /// CDN must not keep the miss of a GET).
        case persistedQueryNotFound
        /// `RATE_LIMITED`: 429 with `Retry-After` (RFC 6585 §4), with either media type.
        case rateLimited(retryAfterSeconds: Int)
    }

    let status: Status
    let errors: [GraphQLError]

    /// A request that is not well-formed (code `BAD_REQUEST`).
    static func badRequest(_ message: String) -> GraphQLRequestFailure {
        GraphQLRequestFailure(status: .malformed, errors: [GraphQLError(message, extensions: ["code": "BAD_REQUEST"])])
    }
}
