import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType

/// `searchPosts`' arguments, checked: the normalised keywords, the point distances are measured from (`near`;
/// the viewer's `homeLocation` when absent), and the page (`first` at most ``PageRequest/maximumSize``, default
/// 20, `after` a ``PostSearchCursor``).
struct PostSearchRequest: Sendable {
    let keywords: String
    let near: GeoPoint?
    let size: Int
    let after: PostSearchCursor?

    init(arguments: GraphQLObjectValue) throws(GraphQLError) {
        keywords = try PostSearchInput.keywords(try arguments.string("keywords"))
        near = try GeoPoint.read(arguments["near"], field: "near")
        size = try PageRequest.first(of: arguments)
        after = try PageRequest.after(of: arguments) { PostSearchCursor($0) }
    }
}

/// The checks on `searchPosts`' keywords, and what it says when nothing matches.
enum PostSearchInput {
    /// The longest keywords, in characters: the longest e-mail address an account may have (AccountInput), so
    /// every author can be found by address.
    static let maxKeywordsLength = 254

    /// Seed foodstabook.md 2.7.1, "Exceptions": "No matches found. Message is displayed saying no matches found
    /// in the system. Recommend broadening the search by using fewer keywords, or searching by username or email
    /// of friends." Not an error (the search worked), so not in the error catalogue: the text of
    /// `PostSearchResult.message` (API.md, "the seed's advice").
    static let noMatches = "No matches found. Try fewer keywords, or search by the username or email of a friend."

    /// The keywords as searched: trimmed, each run of blanks (spaces, tabs, line breaks) one space. Blank
    /// keywords, ones over ``maxKeywordsLength`` characters, and U+0000 (which PostgreSQL's text cannot hold) are
    /// `BAD_USER_INPUT` naming `keywords`.
    static func keywords(_ text: String) throws(GraphQLError) -> String {
        let normalised = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !normalised.isEmpty else {
            throw ClientError.invalidInput([("keywords", "Enter a word from a caption, or the username or email of the person you are looking for.")])
        }
        if normalised.unicodeScalars.count > maxKeywordsLength {
            throw ClientError.invalidInput([("keywords", "Keywords can be at most \(maxKeywordsLength) characters long.")])
        }
        if normalised.unicodeScalars.contains("\u{0}") {
            throw ClientError.invalidInput([("keywords", "The keywords contain a character that is not allowed (U+0000).")])
        }
        return normalised
    }
}
