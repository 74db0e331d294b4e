import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType

/// The checks the screenshot mutations make on their arguments, and the
/// errors they answer with (API.md "Conventions": a code and a human message;
/// input errors name the argument in `extensions.fields`).
package enum ScreenshotInput {
    /// The longest annotation, in Unicode code points (db/migrations/0006_screenshots.sql checks the same).
    static let maxAnnotationLength = 5_000
    /// The most screenshots one `deleteScreenshots` may name.
    static let maxDeletions = 100

    /// The annotation to store: `nil` for none or an empty text (the screenshot
    /// is then unannotated), else the text exactly as typed or pasted.
    static func annotation(_ text: String?) throws(GraphQLError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        // Counted as PostgreSQL's char_length counts (code points), so the table's CHECK can never fail first.
        if text.unicodeScalars.count > maxAnnotationLength {
            throw ClientError.invalidInput([("annotation", "The text can be at most \(maxAnnotationLength) characters long.")])
        }
        // PostgreSQL's text cannot hold U+0000, and no one types it.
        if text.unicodeScalars.contains("\u{0}") {
            throw ClientError.invalidInput([("annotation", "The text contains a character that is not allowed (U+0000).")])
        }
        return text
    }

    /// An id argument that names no screenshot: `BAD_USER_INPUT` naming `argument`.
    static func notAScreenshot(_ argument: String) -> GraphQLError {
        ClientError.invalidInput([(argument, "This is not the id of a screenshot.")])
    }

    /// The screenshots `deleteScreenshots` names, without repeats, in the order given.
    static func deletions(_ ids: [UUID]) throws(GraphQLError) -> [UUID] {
        if ids.count > maxDeletions {
            throw ClientError.invalidInput([("ids", "Delete at most \(maxDeletions) screenshots at a time.")])
        }
        var seen = Set<UUID>()
        return ids.filter { seen.insert($0).inserted }
    }

    /// An id that is no screenshot of the viewer's (it never was, it was deleted,
    /// or it is someone else's: others' screenshots are not told apart, so an
    /// id reveals nothing).
    static let notFound = ClientError.make(
        "SCREENSHOT_NOT_FOUND", "This screenshot does not exist or is not yours; it may have been deleted."
    )

    /// `deleteScreenshots` named a screenshot that is not the viewer's: none was deleted.
    static let notAllFound = ClientError.make(
        "SCREENSHOT_NOT_FOUND",
        "Some of these screenshots do not exist or are not yours, so none was deleted. Refresh the list and try again."
    )
}
