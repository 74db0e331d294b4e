import AppCore
import Foundation
import GraphQLLanguage
import GraphQLType

/// A `SecurityAnswerInput` (issue 16): a question id and the user's answer, normalised so
/// that "  Rex ", "rex" and "ＲＥＸ" are the same answer — Unicode NFKC, case folding,
/// blanks trimmed and collapsed — before it is hashed or checked.
struct SecurityAnswer: Sendable {
    /// The question's id; nil when the text is not a number (no question has it).
    let questionID: Int?
    /// The normalised answer.
    let answer: String

    init(_ input: GraphQLObjectValue) throws(GraphQLError) {
        questionID = Int(try input.string("questionId"))
        answer = Self.normalized(try input.string("answer"))
    }

    static func normalized(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
