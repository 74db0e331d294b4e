import CZxcvbn

/// The warning and suggestions for a password, derived from zxcvbn-c's
/// matches with the rules and texts of zxcvbn.js's feedback
/// (dropbox/zxcvbn `src/feedback.coffee`): feedback is tied to the longest
/// match, and only given for scores 0–2.
///
/// zxcvbn-c reports less than zxcvbn.js, so some facts are inferred:
/// a dictionary match's rank is 2^bits (its entropy is log2 of the rank,
/// plus a little for capitals); it merges all word lists into one, so a
/// sole rare word is "a word by itself" rather than a common password; it
/// has no keyboard-turn count, so a straight row is recognised from the
/// keyboard rows; its merged list also holds keyboard walks such as
/// `qwertyuiop`, which are reported as the keyboard patterns they are.
struct StrengthFeedback: Equatable {
    var warning: String?
    var suggestions: [String]

    enum Message {
        static let useAFewWords = "Use a few words, avoid common phrases"
        static let noNeedForMixedChars = "No need for symbols, digits, or uppercase letters"
        static let uncommonWordsAreBetter = "Add another word or two. Uncommon words are better."
        static let straightRowsOfKeys = "Straight rows of keys are easy to guess"
        static let shortKeyboardPatterns = "Short keyboard patterns are easy to guess"
        static let useLongerKeyboardPatterns = "Use a longer keyboard pattern with more turns"
        static let repeatedCharacters = "Repeats like \"aaa\" are easy to guess"
        static let repeatedPatterns = "Repeats like \"abcabcabc\" are only slightly harder to guess than \"abc\""
        static let avoidRepeats = "Avoid repeated words and characters"
        static let sequences = "Sequences like abc or 6543 are easy to guess"
        static let avoidSequences = "Avoid sequences"
        static let recentYears = "Recent years are easy to guess"
        static let avoidRecentYears = "Avoid recent years"
        static let avoidAssociatedYears = "Avoid years that are associated with you"
        static let dates = "Dates are often easy to guess"
        static let avoidAssociatedDates = "Avoid dates and years that are associated with you"
        static let top10Password = "This is a top-10 common password"
        static let top100Password = "This is a top-100 common password"
        static let veryCommonPassword = "This is a very common password"
        static let similarToCommonPassword = "This is similar to a commonly used password"
        static let wordByItself = "A word by itself is easy to guess"
        static let capitalization = "Capitalization doesn't help very much"
        static let allUppercase = "All-uppercase is almost as easy to guess as all-lowercase"
        static let substitutions = "Predictable substitutions like '@' instead of 'a' don't help very much"
        static let personalData = "Your name, nickname or email address is easy to guess"
        static let avoidPersonalData = "Avoid your name, nickname and email address"
    }

    static func of(score: Int, matches: [StrengthMatch]) -> StrengthFeedback {
        guard let first = matches.first else {
            return StrengthFeedback(warning: nil, suggestions: [Message.useAFewWords, Message.noNeedForMixedChars])
        }
        guard score <= 2 else { return StrengthFeedback(warning: nil, suggestions: []) }
        // The first of the longest matches, as zxcvbn.js picks it.
        var longest = first
        for match in matches.dropFirst() where match.token.count > longest.token.count {
            longest = match
        }
        let specific = feedback(for: longest, isSoleMatch: matches.count == 1)
        return StrengthFeedback(
            warning: specific?.warning,
            suggestions: [Message.uncommonWordsAreBetter] + (specific?.suggestions ?? [])
        )
    }

    private static func feedback(for match: StrengthMatch, isSoleMatch: Bool) -> StrengthFeedback? {
        if match.repeated || match.kind == REPEATS_MATCH {
            let warning = repeatPeriod(of: match.token) == 1 ? Message.repeatedCharacters : Message.repeatedPatterns
            return StrengthFeedback(warning: warning, suggestions: [Message.avoidRepeats])
        }
        switch match.kind {
        case SPATIAL_MATCH:
            return keyboardFeedback(straightRow: KeyboardRows.isStraightRow(match.token))
        case SEQUENCE_MATCH:
            return StrengthFeedback(warning: Message.sequences, suggestions: [Message.avoidSequences])
        case DATE_MATCH, YEAR_MATCH:
            if match.token.count == 4, match.token.allSatisfy(\.isASCIIDigit) {
                return StrengthFeedback(warning: Message.recentYears, suggestions: [Message.avoidRecentYears, Message.avoidAssociatedYears])
            }
            return StrengthFeedback(warning: Message.dates, suggestions: [Message.avoidAssociatedDates])
        case USER_MATCH, USER_LEET_MATCH:
            return StrengthFeedback(
                warning: Message.personalData,
                suggestions: [Message.avoidPersonalData] + wordSuggestions(match.token, leet: match.kind == USER_LEET_MATCH)
            )
        case DICTIONARY_MATCH, DICT_LEET_MATCH:
            if match.token.count >= 4, KeyboardRows.isStraightRow(match.token) {
                return keyboardFeedback(straightRow: true)
            }
            return dictionaryFeedback(match, isSoleMatch: isSoleMatch)
        default:
            // Brute force and long-password matches: nothing specific to say.
            return nil
        }
    }

    private static func keyboardFeedback(straightRow: Bool) -> StrengthFeedback {
        StrengthFeedback(
            warning: straightRow ? Message.straightRowsOfKeys : Message.shortKeyboardPatterns,
            suggestions: [Message.useLongerKeyboardPatterns]
        )
    }

    private static func dictionaryFeedback(_ match: StrengthMatch, isSoleMatch: Bool) -> StrengthFeedback {
        let leet = match.kind == DICT_LEET_MATCH
        let rankLog10 = match.guessesLog10
        let warning: String?
        if isSoleMatch && !leet {
            warning = switch rankLog10 {
            case ...1: Message.top10Password
            case ...2: Message.top100Password
            case ...4: Message.veryCommonPassword
            default: Message.wordByItself
            }
        } else if rankLog10 <= 4 {
            warning = Message.similarToCommonPassword
        } else {
            warning = nil
        }
        return StrengthFeedback(warning: warning, suggestions: wordSuggestions(match.token, leet: leet))
    }

    /// zxcvbn.js's suggestions for a word: capitals and substitutions.
    private static func wordSuggestions(_ word: String, leet: Bool) -> [String] {
        var suggestions: [String] = []
        let letters = Array(word)
        if let first = letters.first, first.isUppercase, letters.dropFirst().allSatisfy({ !$0.isUppercase }), letters.count > 1 {
            suggestions.append(Message.capitalization)
        } else if letters.allSatisfy({ !$0.isLowercase }), word.lowercased() != word {
            suggestions.append(Message.allUppercase)
        }
        if leet { suggestions.append(Message.substitutions) }
        return suggestions
    }

    /// Length of the shortest unit that `token` repeats ("aaa" → 1, "abab" → 2).
    static func repeatPeriod(of token: String) -> Int {
        let characters = Array(token)
        for period in 1..<max(characters.count, 1) where characters.count % period == 0 {
            if (period..<characters.count).allSatisfy({ characters[$0] == characters[$0 - period] }) {
                return period
            }
        }
        return characters.count
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
