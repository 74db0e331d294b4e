import AppCore
import GraphQLLanguage

/// The rules for a message's text (issue 5 "Messages"): something to read, and
/// not more than a screen of the app can show. The database checks the same
/// length (db/migrations/0007_messages.sql); these checks give the client the
/// field at fault and a message instead of a masked constraint violation.
package enum MessageText {
    /// The most characters (Unicode scalars, as PostgreSQL's `char_length` counts) a message may hold.
    static let maximumLength = 4000

    /// `text` when it is a message that may be sent, else `BAD_USER_INPUT` naming `text`.
    static func validated(_ text: String) throws(GraphQLError) -> String {
        if text.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            throw ClientError.invalidInput([("text", "Please enter a message.")])
        }
        if text.unicodeScalars.count > maximumLength {
            throw ClientError.invalidInput([("text", "A message can be at most \(maximumLength) characters long.")])
        }
        if text.unicodeScalars.contains("\u{0}") {
            throw ClientError.invalidInput([("text", "A message cannot contain a NUL character.")])
        }
        return text
    }
}
