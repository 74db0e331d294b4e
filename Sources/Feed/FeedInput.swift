import AppCore
import Foundation
import GraphQLLanguage

/// The checks the feed's mutations make on their arguments, and the errors
/// the feed answers with (API.md "Conventions": a code and a human message;
/// input errors name the argument in `extensions.fields`).
package enum FeedInput {
    /// The longest description, comment and location, in Unicode code points
    /// (db/migrations/0013_feed.sql checks the same).
    static let maxDescriptionLength = 2_000
    static let maxLocationLength = 200
    static let maxMessageLength = 2_000

    /// An image that does not exist and one the caller may not see get the same answer, so ids reveal nothing.
    package static let imageNotFound = ClientError.make("NOT_FOUND", "This image does not exist or is not shared with you.")
    static let commentNotFound = ClientError.make("NOT_FOUND", "This comment does not exist or you cannot delete it.")

    /// An optional text to store: `nil` when absent or only whitespace (the
    /// REST payload omits absent keys, so an empty text is never stored).
    static func optionalText(_ text: String?, field: String, limit: Int) throws(GraphQLError) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        try check(text, field: field, limit: limit)
        return text
    }

    /// A comment's message: not blank, at most ``maxMessageLength`` characters.
    static func message(_ text: String) throws(GraphQLError) -> String {
        guard !text.allSatisfy(\.isWhitespace) else {
            throw ClientError.invalidInput([("message", "Write a comment before sending it.")])
        }
        try check(text, field: "message", limit: maxMessageLength)
        return text
    }

    private static func check(_ text: String, field: String, limit: Int) throws(GraphQLError) {
        // Counted as PostgreSQL's char_length counts (code points), so the table's CHECK can never fail first.
        if text.unicodeScalars.count > limit {
            throw ClientError.invalidInput([(field, "The text can be at most \(limit) characters long.")])
        }
        // PostgreSQL's text cannot hold U+0000, and no one types it.
        if text.unicodeScalars.contains("\u{0}") {
            throw ClientError.invalidInput([(field, "The text contains a character that is not allowed (U+0000).")])
        }
    }
}
