import ScreenCache
import Testing

/// Random criteria never crash the search parser and always give `nil` or a valid expression
/// whose keywords are lowercase letters and digits only, so the `tsquery` built from them has
/// no structure but the parser's (seed `screen-cache.md`, search story; issue 5).
@Suite("Screenshot search fuzzing")
struct ScreenshotSearchFuzzTests {
    /// Pieces that exercise every lexer path: operators in several cases, tsquery and SQL syntax,
    /// Unicode letters, marks, other numbers, emoji, control characters.
    static let alphabet: [String] = [
        "a", "B", "z", "7", "é", "e\u{301}", "\u{301}", "ß", "İ", "日", "ʼ", "²", "½", "🐈", "\u{200D}", "\u{0}",
        " ", "\t", "\n", "+", "-", "--", ",", ".", "'", "\"", "’", "(", ")", "&", "|", "!", ":", "*", "<->", "\\",
        ";", "$1", "and", "AND", "or", "Or", "not", "NOT", "android", "order", "nothing", "_",
    ]

    /// SplitMix64: a small deterministic generator, so a failure reproduces.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func randomCriteria(count: Int, seed: UInt64) -> [String] {
        var generator = Generator(state: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 0...24, using: &generator)
            return (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
        }
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
             .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    static func isValid(_ expression: ScreenshotSearch.Expression) -> Bool {
        switch expression {
        case .keyword(let word):
            return !word.isEmpty && word == word.lowercased() && !["and", "or", "not"].contains(word)
                && word.unicodeScalars.allSatisfy(isWordScalar)
        case .not(let operand):
            guard case .keyword = operand else { return false }
            return isValid(operand)
        case .and(let left, let right), .or(let left, let right):
            return isValid(left) && isValid(right)
        }
    }

    /// An independent reading of "has a keyword": runs of letters, digits and marks, leading marks
    /// dropped, that are not an operator word.
    static func hasKeyword(_ criteria: String) -> Bool {
        let runs = criteria.unicodeScalars.split { !isWordScalar($0) }
        return runs.contains { run in
            let word = String(String.UnicodeScalarView(run.drop {
                $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .spacingMark
                    || $0.properties.generalCategory == .enclosingMark
            })).lowercased()
            return !word.isEmpty && !["and", "or", "not"].contains(word)
        }
    }

    @Test("20,000 random criteria: nil exactly when there is no keyword, otherwise a valid expression")
    func randomInput() {
        for criteria in Self.randomCriteria(count: 20_000, seed: 5) {
            let expression = ScreenshotSearch.parse(criteria)
            #expect((expression != nil) == Self.hasKeyword(criteria), "\(criteria.debugDescription) → \(String(describing: expression))")
            if let expression {
                #expect(Self.isValid(expression), "\(criteria.debugDescription) → \(expression)")
                #expect(expression.tsquery.unicodeScalars.allSatisfy { "()&|! ".unicodeScalars.contains($0) || Self.isWordScalar($0) })
            }
        }
    }

    @Test("random binary junk of every Unicode scalar never crashes")
    func randomScalars() {
        var generator = Generator(state: 42)
        for _ in 0..<2_000 {
            let scalars = (0..<Int.random(in: 0...40, using: &generator)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator))
            }
            var criteria = ""
            criteria.unicodeScalars.append(contentsOf: scalars)
            if let expression = ScreenshotSearch.parse(criteria) {
                #expect(Self.isValid(expression), "\(criteria.debugDescription) → \(expression)")
            }
        }
    }
}
