/// How hard a password is to guess, as Screen Cache's strength bar and
/// "why it is weak" text need it (issue 4; API.md `passwordStrength`).
///
/// The estimate is zxcvbn-c's, mapped to zxcvbn's 0–4 score by guesses;
/// the warning and suggestions follow zxcvbn.js's feedback.
public struct PasswordStrength: Sendable, Equatable {
    /// 0–4 by zxcvbn's thresholds on guesses: < 10^3 → 0, < 10^6 → 1,
    /// < 10^8 → 2, < 10^10 → 3, else 4.
    public let score: Int
    /// Why the password is weak, when that can be said (scores 0–2 only).
    public let warning: String?
    /// How to choose a better one (empty for scores 3 and 4).
    public let suggestions: [String]
    /// log10 of the estimated guesses (zxcvbn-c's bits × log10 2).
    public let guessesLog10: Double

    public init(score: Int, warning: String?, suggestions: [String], guessesLog10: Double) {
        self.score = score
        self.warning = warning
        self.suggestions = suggestions
        self.guessesLog10 = guessesLog10
    }

    /// Estimates `password`. `userInputs` (email, nickname, real name) count
    /// as words an attacker knows, whole and in parts: "Ada Quenneville"
    /// also gives "Ada" and "Quenneville", an email its local part and the
    /// pieces of both.
    public static func estimate(_ password: String, userInputs: [String] = []) -> PasswordStrength {
        let (bits, matches) = ZxcvbnEstimator.estimate(password, userWords: userWords(from: userInputs))
        let guessesLog10 = bits * log10Of2
        let score = score(guessesLog10: guessesLog10)
        let feedback = StrengthFeedback.of(score: score, matches: matches)
        return PasswordStrength(score: score, warning: feedback.warning, suggestions: feedback.suggestions, guessesLog10: guessesLog10)
    }

    /// zxcvbn's score for log10(guesses).
    public static func score(guessesLog10: Double) -> Int {
        switch guessesLog10 {
        case ..<3: 0
        case ..<6: 1
        case ..<8: 2
        case ..<10: 3
        default: 4
        }
    }

    private static func userWords(from inputs: [String]) -> [String] {
        var words: [String] = []
        func add(_ word: some StringProtocol) {
            let word = String(word)
            if !words.contains(word) { words.append(word) }
        }
        for input in inputs {
            let whole = input.trimmingWhitespace().prefix(ZxcvbnEstimator.maximumLength)
            guard !whole.isEmpty else { continue }
            add(whole)
            if let at = whole.firstIndex(of: "@"), at > whole.startIndex {
                add(whole[..<at])
            }
            // Parts shorter than 3 characters would match too much by chance.
            for part in whole.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where part.count >= 3 {
                add(part)
            }
        }
        return words
    }
}

private extension String {
    func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
