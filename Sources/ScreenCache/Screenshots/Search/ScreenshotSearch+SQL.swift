import Postgres

/// The translation of a search to PostgreSQL full-text search.
///
/// The `simple` configuration lowercases words and does nothing else: no stemming (the seed's
/// keyword is a whole word, so `cats` must not find `cat`), no stop words (`the` or `a` are
/// keywords a user may want, and an `english` stop word would silently vanish from the query),
/// and no dependence on the annotation's language. The query text goes to the server as a bound
/// parameter, and every keyword in it is letters and digits only, so the user's text can never
/// change the query's structure, neither the SQL's nor the `tsquery`'s.
extension ScreenshotSearch {
    /// The condition that keeps the rows whose `column` (an annotation) matches `query`, or `nil`
    /// when the query holds no keyword (seed: the list is then not filtered):
    ///
    ///     to_tsvector('simple', coalesce(annotation, '')) @@ to_tsquery('simple', $1)
    ///
    /// `column` is statement text chosen by the caller (e.g. `"s.annotation"`), never input.
    public static func condition(column: SQL, query: String) -> SQL? {
        guard let expression = parse(query) else { return nil }
        return "\(document(column: column)) @@ to_tsquery('simple', \(expression.tsquery))"
    }

    /// The searched document: a screenshot without annotation is an empty text, so `-cat` finds it.
    /// A GIN index serves the search when built on this very expression:
    /// `CREATE INDEX … USING gin (to_tsvector('simple', coalesce(annotation, '')))`.
    public static func document(column: SQL) -> SQL {
        "to_tsvector('simple', coalesce(\(column), ''))"
    }
}

extension ScreenshotSearch.Expression {
    /// The `to_tsquery` text: `&`, `|`, `!` and parentheses around every binary operation, with
    /// keywords (letters and digits only, see ``SearchLexer``) as bare lexemes.
    public var tsquery: String {
        switch self {
        case .keyword(let word): word
        case .not(let operand): "!\(operand.tsquery)"
        case .and(let left, let right): "(\(left.tsquery) & \(right.tsquery))"
        case .or(let left, let right): "(\(left.tsquery) | \(right.tsquery))"
        }
    }
}
