import Auth
import Testing

@Suite("PasswordStrength and PasswordPolicy")
struct PasswordStrengthTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let password: String
        let scores: ClosedRange<Int>
        let warning: String?
        var suggestion: String? = nil
        var userInputs: [String] = []
        var testDescription: String { password.isEmpty ? "(empty)" : password }
    }

    static let cases: [Case] = [
        Case(password: "password", scores: 0...0, warning: "This is a top-10 common password"),
        Case(password: "Password", scores: 0...0, warning: "This is a top-10 common password",
             suggestion: "Capitalization doesn't help very much"),
        Case(password: "PASSWORD", scores: 0...0, warning: "This is a top-10 common password",
             suggestion: "All-uppercase is almost as easy to guess as all-lowercase"),
        Case(password: "sunshine", scores: 0...0, warning: "This is a top-100 common password"),
        Case(password: "p@ssw0rd", scores: 0...0, warning: "This is similar to a commonly used password",
             suggestion: "Predictable substitutions like '@' instead of 'a' don't help very much"),
        Case(password: "qwertyuiop", scores: 0...1, warning: "Straight rows of keys are easy to guess",
             suggestion: "Use a longer keyboard pattern with more turns"),
        Case(password: "asdfghjkl;", scores: 0...1, warning: "Straight rows of keys are easy to guess"),
        Case(password: "sdfgtr", scores: 0...1, warning: "Short keyboard patterns are easy to guess"),
        Case(password: "aaaaaaaa", scores: 0...0, warning: "Repeats like \"aaa\" are easy to guess",
             suggestion: "Avoid repeated words and characters"),
        Case(password: "abcabcabc", scores: 0...0,
             warning: "Repeats like \"abcabcabc\" are only slightly harder to guess than \"abc\""),
        Case(password: "abcdefgh", scores: 0...0, warning: "Sequences like abc or 6543 are easy to guess",
             suggestion: "Avoid sequences"),
        Case(password: "19/08/1987", scores: 1...1, warning: "Dates are often easy to guess",
             suggestion: "Avoid dates and years that are associated with you"),
        Case(password: "2019", scores: 0...0, warning: "Recent years are easy to guess", suggestion: "Avoid recent years"),
        Case(password: "quarrynick", scores: 0...0, warning: "Your name, nickname or email address is easy to guess",
             suggestion: "Avoid your name, nickname and email address", userInputs: ["quarrynick", "alice@example.com"]),
        Case(password: "Quarrynick2", scores: 0...0, warning: "Your name, nickname or email address is easy to guess",
             suggestion: "Capitalization doesn't help very much", userInputs: ["quarrynick"]),
        Case(password: "alice@example.com", scores: 0...0, warning: "Your name, nickname or email address is easy to guess",
             userInputs: [" alice@example.com "]),
        Case(password: "correct horse battery staple", scores: 4...4, warning: nil),
        Case(password: "xK9#mQ2$vL7!pR4", scores: 4...4, warning: nil),
        Case(password: "glacier Mosaic 7 tundra quill", scores: 4...4, warning: nil),
    ]

    @Test("scores and warnings", arguments: cases)
    func table(_ example: Case) {
        let strength = PasswordStrength.estimate(example.password, userInputs: example.userInputs)
        #expect(example.scores.contains(strength.score), "score \(strength.score), guesses 10^\(strength.guessesLog10)")
        #expect(strength.warning == example.warning)
        if let suggestion = example.suggestion {
            #expect(strength.suggestions.contains(suggestion), "\(strength.suggestions)")
        }
        if strength.score <= 2 {
            #expect(strength.suggestions.first == "Add another word or two. Uncommon words are better.")
        } else {
            #expect(strength.suggestions.isEmpty)
        }
        #expect(PasswordStrength.score(guessesLog10: strength.guessesLog10) == strength.score)
    }

    @Test("the nickname is only weak when it is the user's")
    func userInputsMatter() {
        let mine = PasswordStrength.estimate("zorblatquix", userInputs: ["zorblatquix"])
        let anyone = PasswordStrength.estimate("zorblatquix")
        #expect(mine.score == 0)
        #expect(mine.guessesLog10 < anyone.guessesLog10)
        #expect(anyone.warning != "Your name, nickname or email address is easy to guess")
        // An email's local part counts as a user word too.
        let local = PasswordStrength.estimate("zorblatquix", userInputs: ["zorblatquix@example.com"])
        #expect(local.warning == "Your name, nickname or email address is easy to guess")
        // So do the parts of a real name.
        let surname = PasswordStrength.estimate("quenneville", userInputs: ["Ada Quenneville"])
        #expect(surname.warning == "Your name, nickname or email address is easy to guess")
        #expect(surname.guessesLog10 < PasswordStrength.estimate("quenneville").guessesLog10)
    }

    @Test("estimates from many tasks at once agree with one another")
    func concurrentEstimates() async {
        let passwords = Self.cases.map(\.password)
        let expected = passwords.map { PasswordStrength.estimate($0) }
        let results = await withTaskGroup(of: (Int, PasswordStrength).self) { group in
            for _ in 0..<4 {
                for (index, password) in passwords.enumerated() {
                    group.addTask { (index, PasswordStrength.estimate(password)) }
                }
            }
            return await group.reduce(into: [(Int, PasswordStrength)]()) { $0.append($1) }
        }
        #expect(results.count == passwords.count * 4)
        for (index, strength) in results {
            #expect(strength == expected[index])
        }
    }

    @Test("an empty password scores 0 with zxcvbn's starting suggestions")
    func empty() {
        let strength = PasswordStrength.estimate("")
        #expect(strength.score == 0)
        #expect(strength.warning == nil)
        #expect(strength.suggestions == ["Use a few words, avoid common phrases", "No need for symbols, digits, or uppercase letters"])
    }

    @Test("very long passwords are estimated on a prefix, quickly")
    func longPassword() {
        let strength = PasswordStrength.estimate(String(repeating: "correct horse battery staple ", count: 400))
        #expect(strength.score == 4)
        let repeated = PasswordStrength.estimate(String(repeating: "a", count: 10_000))
        #expect(repeated.score <= 1)
    }

    @Test("score thresholds follow zxcvbn: 10^3, 10^6, 10^8, 10^10")
    func thresholds() {
        let expected: [(Double, Int)] = [(0, 0), (2.99, 0), (3, 1), (5.99, 1), (6, 2), (7.99, 2), (8, 3), (9.99, 3), (10, 4), (30, 4)]
        for (log10, score) in expected {
            #expect(PasswordStrength.score(guessesLog10: log10) == score, "10^\(log10)")
        }
    }

    @Test("policy: minimum score, default 3")
    func minimumScore() {
        let policy = PasswordPolicy()
        #expect(policy.minimumScore == 3 && !policy.requireComposition)
        let weak = policy.evaluate("password")
        #expect(!weak.meetsPolicy)
        #expect(weak.problems == ["Password is too weak"])
        #expect(weak.strength.score == 0)
        let strong = policy.evaluate("correct horse battery staple")
        #expect(strong.meetsPolicy && strong.problems.isEmpty)
        #expect(PasswordPolicy(minimumScore: 0).evaluate("password").meetsPolicy)
        #expect(!PasswordPolicy(minimumScore: 4).evaluate("Tr0ub4dour&3").meetsPolicy)
        // The user's own words count.
        #expect(!policy.evaluate("zorblatquix2024!", userInputs: ["zorblatquix"]).meetsPolicy)
    }

    @Test("policy: Foodstabook's composition rules, with their messages")
    func composition() {
        let policy = PasswordPolicy(minimumScore: 0, requireComposition: true)
        #expect(policy.evaluate("correct horse battery staple").problems == [
            "Password must contain at least 1 number",
            "Password must contain at least 1 upper case letter and at least 1 lower case letter",
            "Password must have at least 1 special character (@,?,!, etc.)",
        ])
        #expect(policy.evaluate("Ab1!").problems == ["Password must be at least 8 characters"])
        #expect(policy.evaluate("ABCDEFG1!").problems == [
            "Password must contain at least 1 upper case letter and at least 1 lower case letter",
        ])
        #expect(policy.evaluate("xK9#mQ2$vL7!pR4").meetsPolicy)
        let both = PasswordPolicy(minimumScore: 3, requireComposition: true).evaluate("Passw0rd!")
        #expect(!both.meetsPolicy)
        #expect(both.problems == ["Password is too weak"])
        #expect(PasswordPolicy(minimumScore: 3, requireComposition: true).evaluate("xK9#mQ2$vL7!pR4").meetsPolicy)
    }
}
