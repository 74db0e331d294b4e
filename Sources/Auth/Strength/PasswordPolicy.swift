/// Which passwords sign-up, change and reset accept (issue 4, API.md
/// "Password policy"): a minimum zxcvbn score, and optionally Foodstabook's
/// composition rules.
public struct PasswordPolicy: Sendable, Equatable {
    /// Lowest acceptable score, 0–4. Default 3.
    public var minimumScore: Int
    /// Foodstabook's rules: at least 8 characters, a number, an upper and a
    /// lower case letter, and a special character. Default off.
    public var requireComposition: Bool

    public init(minimumScore: Int = 3, requireComposition: Bool = false) {
        self.minimumScore = minimumScore
        self.requireComposition = requireComposition
    }

    /// Messages, in the order they are checked.
    public enum Message {
        public static let tooWeak = "Password is too weak"
        // Foodstabook's non-functional requirements 4–7, word for word.
        public static let tooShort = "Password must be at least 8 characters"
        public static let needsNumber = "Password must contain at least 1 number"
        public static let needsMixedCase = "Password must contain at least 1 upper case letter and at least 1 lower case letter"
        public static let needsSpecial = "Password must have at least 1 special character (@,?,!, etc.)"
    }

    /// Minimum length under the composition rules, in characters.
    public static let compositionMinimumLength = 8

    /// Estimates `password` and checks it. `userInputs`: the user's email,
    /// nickname, real name, passed to zxcvbn as words an attacker knows.
    public func evaluate(_ password: String, userInputs: [String] = []) -> PasswordEvaluation {
        let strength = PasswordStrength.estimate(password, userInputs: userInputs)
        var problems: [String] = []
        if strength.score < minimumScore {
            problems.append(Message.tooWeak)
        }
        if requireComposition {
            problems += Self.compositionProblems(password)
        }
        return PasswordEvaluation(strength: strength, meetsPolicy: problems.isEmpty, problems: problems)
    }

    /// Foodstabook's composition rules that `password` breaks. A special
    /// character is anything but a letter, a number or white space.
    public static func compositionProblems(_ password: String) -> [String] {
        var problems: [String] = []
        if password.count < compositionMinimumLength { problems.append(Message.tooShort) }
        if !password.contains(where: \.isNumber) { problems.append(Message.needsNumber) }
        if !password.contains(where: \.isUppercase) || !password.contains(where: \.isLowercase) {
            problems.append(Message.needsMixedCase)
        }
        if !password.contains(where: { !$0.isLetter && !$0.isNumber && !$0.isWhitespace }) {
            problems.append(Message.needsSpecial)
        }
        return problems
    }
}

/// A password's strength and whether a policy accepts it.
public struct PasswordEvaluation: Sendable, Equatable {
    public let strength: PasswordStrength
    public let meetsPolicy: Bool
    /// Human messages: `Password is too weak` and the composition rules
    /// broken; empty when the password meets the policy.
    public let problems: [String]

    public init(strength: PasswordStrength, meetsPolicy: Bool, problems: [String]) {
        self.strength = strength
        self.meetsPolicy = meetsPolicy
        self.problems = problems
    }
}
