import GraphQLLanguage
import Logging
import Postgres

/// Hides what clients must not see (API.md "Conventions"): a field error
/// without an `extensions.code` is unexpected — a bug or an outage — so its
/// message is replaced by the catalogue's, the original is logged and handed
/// to the scope's ``ErrorReporter`` (an error report, issue 13), and the masked
/// error keeps the request's id (`extensions.requestId`) so support can find
/// that report. A database outage keeps its own code so clients can retry.
package enum ErrorMasking {
    static let internalMessage = "We're sorry, there was a problem with our servers. Please make another attempt later."

    package static func masked(_ errors: [GraphQLError], in scope: ErrorScope) -> [GraphQLError] {
        errors.map { error in
            guard error.extensions["code"] == nil else { return error }
            let path = error.path.map(\.description).joined(separator: ".")
            scope.logger.error("unexpected error in a resolver", metadata: ["error": "\(error.message)", "path": "\(path)"])
            var context = ["layer": "graphql"]
            if !error.locations.isEmpty {
                context["locations"] = error.locations.map(\.description).joined(separator: " ")
            }
            scope.reporter.report(ErrorReport(
                code: "INTERNAL_SERVER_ERROR", message: error.message, requestID: scope.requestID,
                operationName: scope.operationName, path: path.isEmpty ? nil : path, viewerID: scope.viewerID,
                context: context
            ))
            var masked = error
            masked.message = internalMessage
            masked.extensions = ["code": "INTERNAL_SERVER_ERROR"]
            if let requestID = scope.requestID {
                masked.extensions["requestId"] = .string(requestID)
            }
            return masked
        }
    }

    /// A thrown error as a field error: client errors as they are, database
    /// outages as `DATABASE_UNAVAILABLE`, anything else left for ``masked(_:in:)``.
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
