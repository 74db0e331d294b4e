import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType

/// The time window of a dashboard list (`eventLogs`, `errorReports`; issue 13
/// "default window the last 7 days"): the `from` and `to` arguments, `to`
/// defaulting to now and `from` to 7 days before `to`.
struct TimeWindow: Sendable {
    let from: Date
    let to: Date

    static let defaultLength: TimeInterval = 7 * 24 * 3600

    /// Reads `from` and `to`; a window that ends before it starts is `BAD_USER_INPUT` naming `from`.
    init(arguments: GraphQLObjectValue) throws(GraphQLError) {
        to = arguments.optionalDate("to") ?? Date()
        from = arguments.optionalDate("from") ?? to.addingTimeInterval(-Self.defaultLength)
        guard from <= to else { throw ClientError.invalidInput([("from", "The window must start before it ends.")]) }
    }
}
