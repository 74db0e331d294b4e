/// Screen Cache's screenshot search (seed `screen-cache.md`, "As a user, I can search screenshots by
/// keywords appearing in text"): a criteria string becomes an ``Expression`` of keywords joined by
/// AND, OR and NOT, and that expression becomes a PostgreSQL full-text condition whose query text is
/// a bound parameter.
///
/// The rules, from the seed:
/// - keywords are case-insensitive;
/// - `+`, `and`, any other punctuation or whitespace: both sides must appear (AND);
/// - `or`: either side must appear (OR);
/// - `-`, `not`: the keyword directly following must not appear (NOT);
/// - contiguous whitespace or punctuation normalise to one AND;
/// - criteria, or parts of criteria, with no keywords are ignored (no keyword at all: unfiltered).
///
/// Precedence: NOT binds tightest, then AND, then OR, so `a b or -c d` is `(a AND b) OR (NOT c AND d)`.
///
/// Decisions for what the seed leaves open, chosen so a half-typed search never surprises:
/// - A keyword is a run of Unicode letters and decimal digits (with their combining marks), so
///   `café`, `日本`, `über2` are keywords; anything else (`'`, `_`, `²`, emoji…) is punctuation.
///   An apostrophe therefore splits `don't` into `don AND t`, exactly as PostgreSQL's parser
///   splits the annotation `don't` into the lexemes `don` and `t`, so the search still finds it.
/// - `and`, `or` and `not` (any case) are always operators, never keywords.
/// - An operator with nothing to act on is ignored: a leading or trailing `or`/`and`, `or or`,
///   `-` or `not` alone or before `or` or the end, as the user is probably still typing.
/// - Negations stack and cancel in pairs: `not not x` and `--x` are `x`; `not -x` is `x`.
///   Whitespace may separate a negation from its keyword: `- x` is `NOT x`.
/// - `-` is the seed's NOT operator wherever it stands, so `well-known` is `well AND NOT known`.
/// - Parentheses are punctuation like any other (AND): the seed has no grouping.
/// - Only the first 64 keywords count, and a keyword over 2047 bytes is ignored (PostgreSQL never
///   makes such a word a lexeme), which bounds the work a single search can ask of the database.
public enum ScreenshotSearch {
    /// A parsed search: keywords (lowercased) joined by the seed's operators.
    public indirect enum Expression: Sendable, Hashable, CustomStringConvertible {
        case keyword(String)
        case not(Expression)
        case and(Expression, Expression)
        case or(Expression, Expression)

        /// Every binary operation in parentheses, so tests can read precedence off the text:
        /// `a b or -c` prints `((a AND b) OR NOT c)`.
        public var description: String {
            switch self {
            case .keyword(let word): word
            case .not(let operand): "NOT \(operand)"
            case .and(let left, let right): "(\(left) AND \(right))"
            case .or(let left, let right): "(\(left) OR \(right))"
            }
        }
    }

    /// Parses a search criteria; `nil` when it holds no keyword (the list stays unfiltered).
    /// Never fails: every input is either `nil` or a valid expression.
    public static func parse(_ criteria: String) -> Expression? {
        var parser = SearchParser(tokens: SearchLexer.tokens(of: criteria))
        return parser.parse()
    }
}
