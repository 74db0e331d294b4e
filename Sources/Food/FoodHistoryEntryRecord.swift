import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// One suggestion shown to a user (a row of `food_suggestions_shown` with its food), as
/// `FoodSuggestionHistoryEntry` reads it: the seed's "previous suggestions" (foodstabook.md 2.4.1, step 5).
struct FoodHistoryEntryRecord: GraphQLRecord {
    let suggestion: FoodRecord
    let round: Int
    let shownAt: Date

    static let objectTypeName = "FoodSuggestionHistoryEntry"

    /// The tables ``columns(seenBy:)`` reads: `food_suggestions_shown` aliased `s` joined to its food aliased `f`.
    static let from: SQL = "food_suggestions_shown s JOIN foods f ON f.id = s.food_id"

    static func columns(seenBy viewer: UUID) -> SQL {
        "\(FoodRecord.columns(seenBy: viewer)), s.round, s.shown_at"
    }

    init(row: PostgresRow) throws {
        suggestion = try FoodRecord(row: row)
        round = try row.decode("round", as: Int.self)
        shownAt = try row.decode("shown_at", as: Date.self)
    }

    static let fieldReaders: [String: @Sendable (FoodHistoryEntryRecord) -> (any Sendable)?] = [
        "suggestion": { $0.suggestion }, "round": { $0.round }, "shownAt": { $0.shownAt },
    ]
}
