import AppCore
import Foundation
import GraphQLLanguage

/// `upsertErrorMessage`'s arguments, checked (API.md "Administration"): a code
/// in UPPER_SNAKE, a message that is not blank, at most ``maxLength``
/// characters each, and no placeholder the catalogue cannot fill.
struct ErrorMessageInput: Sendable {
    let code: String
    let message: String
    let advice: String?

    /// The longest message or advice, in characters.
    static let maxLength = 500

    init(code rawCode: String, message rawMessage: String, advice rawAdvice: String?) throws(GraphQLError) {
        code = rawCode.trimmingCharacters(in: .whitespaces)
        message = rawMessage.trimmingCharacters(in: .whitespacesAndNewlines)
        let advice = rawAdvice?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.advice = advice?.isEmpty == false ? advice : nil
        var fields: [(field: String, message: String)] = []
        if code.wholeMatch(of: #/[A-Z][A-Z0-9]*(_[A-Z0-9]+)*/#) == nil {
            fields.append(("code", "A code is written in UPPER_SNAKE_CASE, such as INVALID_CREDENTIALS."))
        }
        if message.isEmpty {
            fields.append(("message", "Enter the message errors with this code show."))
        } else if message.count > Self.maxLength {
            fields.append(("message", "The message can be at most \(Self.maxLength) characters long."))
        } else if let unknown = Self.unknownPlaceholder(in: message) {
            let known = ErrorCatalogue.placeholders.map { "{\($0)}" }.joined(separator: " and ")
            fields.append(("message", "{\(unknown)} is not a placeholder; a message may use \(known)."))
        }
        if let advice = self.advice, advice.count > Self.maxLength {
            fields.append(("advice", "The advice can be at most \(Self.maxLength) characters long."))
        }
        if !fields.isEmpty { throw ClientError.invalidInput(fields) }
    }

    /// The first `{name}` in `text` whose name is not one of ``ErrorCatalogue/placeholders``.
    private static func unknownPlaceholder(in text: String) -> String? {
        for match in text.matches(of: #/\{([A-Za-z]+)\}/#) where !ErrorCatalogue.placeholders.contains(String(match.1)) {
            return String(match.1)
        }
        return nil
    }
}
