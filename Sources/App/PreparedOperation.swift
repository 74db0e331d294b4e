import GraphQLLanguage

/// A request's document, parsed and validated against Quarry's schema, ready
/// to execute (perhaps many times: prepared documents are cached by text).
public struct PreparedOperation: Sendable {
    public let document: DocumentNode
    /// The `operationName` the client asked for, if any.
    public let operationName: String?
    /// The type of the operation the request selects, when the document and
    /// `operationName` determine one (spec §6.1 GetOperation); `nil` leaves the
    /// error to execution.
    public let operationType: OperationType?
}

/// Why a request's document cannot be executed: syntax errors (code
/// `GRAPHQL_PARSE_FAILED`) or validation errors (`GRAPHQL_VALIDATION_FAILED`).
public struct PreparationFailure: Error, Sendable {
    public let errors: [GraphQLError]
}
