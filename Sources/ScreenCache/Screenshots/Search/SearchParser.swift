/// A recursive-descent parser over ``SearchToken``s for the seed's grammar, with NOT binding
/// tightest, then AND, then OR:
///
///     disjunction := conjunction ("or" conjunction)*
///     conjunction := negation (["and" | "+" | punctuation | whitespace] negation)*
///     negation    := ("not" | "-")* keyword
///
/// It never fails: a part with no keyword (an `or` with an empty side, a `not` with nothing after
/// it, stray `and`s) is ignored, as the seed asks for parts of criteria without keywords. Loops
/// rather than recursion handle repetition, so no input can exhaust the stack; at most
/// ``maximumKeywords`` keywords are kept, which bounds the expression's depth and the query's cost.
package struct SearchParser {
    /// Keywords beyond this count are ignored: no real search has more, and each costs the database.
    static let maximumKeywords = 64

    private let tokens: [SearchToken]
    private var position = 0
    private var keywordCount = 0

    init(tokens: [SearchToken]) {
        self.tokens = tokens
    }

    mutating func parse() -> ScreenshotSearch.Expression? {
        parseDisjunction()
    }

    private var current: SearchToken? {
        position < tokens.count ? tokens[position] : nil
    }

    private mutating func parseDisjunction() -> ScreenshotSearch.Expression? {
        var result = parseConjunction()
        while current == .or {
            position += 1
            result = Self.join(result, parseConjunction(), with: ScreenshotSearch.Expression.or)
        }
        return result
    }

    private mutating func parseConjunction() -> ScreenshotSearch.Expression? {
        var result: ScreenshotSearch.Expression?
        while let token = current, token != .or {
            if token == .and {
                position += 1
                continue
            }
            result = Self.join(result, parseNegation(), with: ScreenshotSearch.Expression.and)
        }
        return result
    }

    /// `not`s and `-`s before a keyword, cancelling in pairs; `nil` when no keyword follows before
    /// an `or` or the end. An `and` between a negation and its keyword is ignored (`not + x` is `NOT x`).
    private mutating func parseNegation() -> ScreenshotSearch.Expression? {
        var negated = false
        while let token = current {
            position += 1
            switch token {
            case .not:
                negated.toggle()
            case .and:
                continue
            case .keyword(let word):
                guard keywordCount < Self.maximumKeywords else { return nil }
                keywordCount += 1
                return negated ? .not(.keyword(word)) : .keyword(word)
            case .or:
                position -= 1
                return nil
            }
        }
        return nil
    }

    private static func join(
        _ left: ScreenshotSearch.Expression?, _ right: ScreenshotSearch.Expression?,
        with operation: (ScreenshotSearch.Expression, ScreenshotSearch.Expression) -> ScreenshotSearch.Expression
    ) -> ScreenshotSearch.Expression? {
        guard let left else { return right }
        guard let right else { return left }
        return operation(left, right)
    }
}
