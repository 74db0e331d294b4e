import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType

/// The checks the posts' mutations make on their arguments, and the errors
/// they answer with (API.md "Conventions": a code and a human message; input
/// errors name the argument in `extensions.fields`).
package enum PostInput {
    /// The longest caption and comment, in Unicode code points (db/migrations/0015_posts.sql checks the same).
    static let maxCaptionLength = 2_200
    static let maxCommentLength = 2_200

    /// Foodstabook 2.5: a photo is at most 20 MB, whatever `QUARRY_UPLOAD_MAX_BYTES` allows other uploads.
    static let maxPhotoBytes = 20 * 1_048_576

    /// Foodstabook 2.5's photo rules, applied by the media pipeline while it
    /// inspects the upload: JPEG only (by content), at least 200 × 200, and
    /// stored upright, fitted inside 1080 × 1920 (width × height) and without
    /// any metadata, so no photo publishes where its author's phone was.
    static let photo = ImageRequirements(
        contentTypes: ["image/jpeg"],
        unsupportedType: { argument in
            ClientError.make(
                "UNSUPPORTED_IMAGE_TYPE", "Photos must be JPEG images.",
                fields: [(field: argument, message: "Photos must be JPEG images.")]
            )
        },
        minimumSide: 200,
        tooSmall: { argument, width, height in
            let message = "The photo is \(width) × \(height) pixels; photos must be at least 200 × 200 pixels."
            return ClientError.make("IMAGE_TOO_SMALL", message, fields: [(field: argument, message: message)])
        },
        fitInside: (width: 1_080, height: 1_920)
    )

    /// A post that does not exist, was deleted, or that the caller may not change get the same answer.
    static let postNotFound = ClientError.make("NOT_FOUND", "This post does not exist or you cannot change it.")
    static let commentNotFound = ClientError.make("NOT_FOUND", "This comment does not exist or you cannot delete it.")
    static let userNotFound = ClientError.make("USER_NOT_FOUND", "This user does not exist.")
    static let followSelf = ClientError.make(
        "BAD_USER_INPUT", "You cannot follow yourself.", fields: [(field: "userId", message: "You cannot follow yourself.")]
    )

    /// A caption to store: `nil` when absent or only whitespace (no empty caption is ever stored).
    static func caption(_ text: String?) throws(GraphQLError) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        try check(text, field: "caption", limit: maxCaptionLength)
        return text
    }

    /// A comment's text: not blank, at most ``maxCommentLength`` characters.
    static func comment(_ text: String) throws(GraphQLError) -> String {
        guard !text.allSatisfy(\.isWhitespace) else {
            throw ClientError.invalidInput([("text", "Write a comment before sending it.")])
        }
        try check(text, field: "text", limit: maxCommentLength)
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
