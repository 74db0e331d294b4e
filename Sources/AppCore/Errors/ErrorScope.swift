import Foundation
import Logging

/// Where errors are being masked: the request they belong to (its id, the
/// operation, the caller) and where unexpected ones are logged and reported.
/// ``ErrorMasking/masked(_:in:)`` puts the request id on each masked error,
/// so support can find the report a client quotes.
package struct ErrorScope: Sendable {
    let logger: Logger
    let reporter: ErrorReporter
    let requestID: String?
    let operationName: String?
    let viewerID: UUID?

    package init(
        logger: Logger, reporter: ErrorReporter, requestID: String?, operationName: String? = nil, viewerID: UUID? = nil
    ) {
        self.logger = logger
        self.reporter = reporter
        self.requestID = requestID
        self.operationName = operationName
        self.viewerID = viewerID
    }
}
