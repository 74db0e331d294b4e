import GraphQLLanguage

/// The errors of persisted documents, with the messages and codes clients
/// look for: Apollo Client's persisted-queries link retries with the text on
/// the message `PersistedQueryNotFound` or the code `PERSISTED_QUERY_NOT_FOUND`
/// (Apollo Server's `PersistedQueryNotFoundError`); a hash that does not match
/// its text keeps Apollo Server's message "provided sha does not match query".
enum PersistedDocumentErrors {
    static let notFoundCode = "PERSISTED_QUERY_NOT_FOUND"

    static var notFound: PreparationFailure {
        failure("PersistedQueryNotFound", code: notFoundCode)
    }

    static var hashMismatch: PreparationFailure {
        failure("provided sha does not match query", code: "PERSISTED_QUERY_HASH_MISMATCH")
    }

    static var notAllowed: PreparationFailure {
        failure(
            "This server runs only trusted documents: send the hash of a document from the client's manifest.",
            code: "PERSISTED_QUERY_NOT_ALLOWED"
        )
    }

    private static func failure(_ message: String, code: String) -> PreparationFailure {
        PreparationFailure(errors: [GraphQLError(message, extensions: ["code": .string(code)])])
    }
}

extension PreparationFailure {
    /// Whether the request named a hash no one registered: the client is
    /// expected to send the text next, so the answer must be neither cached nor
    /// an HTTP error (see the HTTP handler).
    public var isPersistedQueryNotFound: Bool {
        errors.count == 1 && errors[0].extensions["code"] == .string(PersistedDocumentErrors.notFoundCode)
    }
}
