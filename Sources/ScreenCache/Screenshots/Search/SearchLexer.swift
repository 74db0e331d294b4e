/// A token of a search criteria: a keyword or one of the seed's operators. Whitespace and
/// punctuation other than `+` and `-` produce no token: AND is implied between operands anyway,
/// which is how "contiguous whitespace or punctuation are normalized to `and`" (seed) holds.
package enum SearchToken: Equatable {
    case keyword(String)
    case and
    case or
    case not
}

/// Splits a criteria into ``SearchToken``s (seed `screen-cache.md`, search story).
package enum SearchLexer {
    /// PostgreSQL's longest lexeme (`MAXSTRLEN` in its text-search parser), in bytes.
    static let maximumKeywordBytes = 2047

    static func tokens(of criteria: String) -> [SearchToken] {
        var tokens: [SearchToken] = []
        var word = ""
        func endWord() {
            defer { word = "" }
            // PostgreSQL ignores words over 2047 bytes in annotations (they are never lexemes),
            // and so in queries; ignoring them here keeps the expression what the database runs.
            guard !word.isEmpty, word.utf8.count <= maximumKeywordBytes else { return }
            switch word.lowercased() {
            case "and": tokens.append(.and)
            case "or": tokens.append(.or)
            case "not": tokens.append(.not)
            case let keyword: tokens.append(.keyword(keyword))
            }
        }
        for scalar in criteria.unicodeScalars {
            if isLetterOrDigit(scalar) || (!word.isEmpty && isMark(scalar)) {
                word.unicodeScalars.append(scalar)
                continue
            }
            endWord()
            switch scalar {
            case "+": tokens.append(.and)
            case "-": tokens.append(.not)
            default: break
            }
        }
        endWord()
        return tokens
    }

    /// Letters and decimal digits (and combining marks after them) make keywords: characters
    /// PostgreSQL's text-search parser also keeps inside a word, so a keyword survives
    /// `to_tsquery` as one lexeme. Other numbers (`²`, `½`, `Ⅻ`) are dropped by that parser and
    /// are punctuation here.
    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: true
        default: false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
