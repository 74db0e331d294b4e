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

/// Who is calling, as far as HTTP knows: the bearer token (unchecked: the
/// accounts area decides what it means), the request id for logs, and the
/// client's address and user agent for the event log.
public struct RequestCredential: Sendable, Equatable {
    public let bearerToken: String?
    public let requestID: String
    public let clientAddress: String?
    public let userAgent: String?

    public init(bearerToken: String?, requestID: String, clientAddress: String? = nil, userAgent: String? = nil) {
        self.bearerToken = bearerToken
        self.requestID = requestID
        self.clientAddress = clientAddress
        self.userAgent = userAgent
    }
}
