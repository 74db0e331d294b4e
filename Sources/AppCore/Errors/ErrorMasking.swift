import GraphQLLanguage
import Logging
import Postgres

/// Hides what clients must not see (API.md "Conventions"): a field error
/// without an `extensions.code` is unexpected — a bug or an outage — so its
/// message is replaced by the catalogue's and the original is logged. A
/// database outage keeps its own code so clients can retry.
package enum ErrorMasking {
    static let internalMessage = "We're sorry, there was a problem with our servers. Please make another attempt later."

    package static func masked(_ errors: [GraphQLError], logger: Logger) -> [GraphQLError] {
        errors.map { error in
            guard error.extensions["code"] == nil else { return error }
            logger.error("unexpected error in a resolver", metadata: [
                "error": "\(error.message)", "path": "\(error.path.map(\.description).joined(separator: "."))",
            ])
            var masked = error
            masked.message = internalMessage
            masked.extensions = ["code": "INTERNAL_SERVER_ERROR"]
            return masked
        }
    }

    /// A thrown error as a field error: client errors as they are, database
    /// outages as `DATABASE_UNAVAILABLE`, anything else left for ``masked(_:logger:)``.
    /// An outage is the pool's own verdict (no server to connect to) or what the
    /// server says as it goes (SQLSTATE class 08 "connection exception", 57P01
    /// "admin shutdown", …: ``PostgresError/Kind/unavailable``), so the statements
    /// in flight when PostgreSQL stops fail with the same retryable code.
    package static func fieldError(_ error: any Error) -> GraphQLError {
        if let error = error as? GraphQLError { return error }
        if let error = error as? PostgresError, error.kind == .unavailable {
            return GraphQLError(
                "The database is unavailable. Please try again shortly.", extensions: ["code": "DATABASE_UNAVAILABLE"]
            )
        }
        return GraphQLError(String(describing: error))
    }
}
