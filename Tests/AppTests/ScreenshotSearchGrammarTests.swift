import ScreenCache
import Testing

/// The search grammar of seed `screen-cache.md` ("As a user, I can search screenshots by keywords
/// appearing in text"), read through `ScreenshotSearch.parse` and the printed expression, in which
/// every binary operation is parenthesised so precedence is visible.
@Suite("Screenshot search grammar")
struct ScreenshotSearchGrammarTests {
    private static func printed(_ criteria: String) -> String? {
        ScreenshotSearch.parse(criteria)?.description
    }

    @Test("the seed's operators: `+`, `and`, punctuation and whitespace are AND; `or` is OR; `-` and `not` negate", arguments: [
        ("cat", "cat"),
        ("cat dog", "(cat AND dog)"),
        ("cat+dog", "(cat AND dog)"),
        ("cat + dog", "(cat AND dog)"),
        ("cat and dog", "(cat AND dog)"),
        ("cat,dog", "(cat AND dog)"),
        ("cat.dog;bird", "((cat AND dog) AND bird)"),
        ("cat\tdog\nbird", "((cat AND dog) AND bird)"),
        ("cat or dog", "(cat OR dog)"),
        ("-cat", "NOT cat"),
        ("not cat", "NOT cat"),
        ("dog -cat", "(dog AND NOT cat)"),
        ("dog not cat", "(dog AND NOT cat)"),
    ])
    func seedOperators(criteria: String, expected: String) {
        #expect(Self.printed(criteria) == expected)
    }

    @Test("keywords and operators are case-insensitive; keywords are lowercased", arguments: [
        ("CAT", "cat"),
        ("Cat AND Dog", "(cat AND dog)"),
        ("cat OR dog", "(cat OR dog)"),
        ("cat Or dog", "(cat OR dog)"),
        ("NOT cat", "NOT cat"),
        ("ÉCOLE", "école"),
    ])
    func caseInsensitive(criteria: String, expected: String) {
        #expect(Self.printed(criteria) == expected)
    }

    @Test("precedence: NOT binds tightest, then AND, then OR (both left-associative)", arguments: [
        ("a b or c", "((a AND b) OR c)"),
        ("a or b c", "(a OR (b AND c))"),
        ("a or b or c", "((a OR b) OR c)"),
        ("a b or -c d", "((a AND b) OR (NOT c AND d))"),
        ("not a or b", "(NOT a OR b)"),
        ("a and not b or not c and d", "((a AND NOT b) OR (NOT c AND d))"),
        ("-a -b", "(NOT a AND NOT b)"),
        ("a + b or c + d or e", "(((a AND b) OR (c AND d)) OR e)"),
    ])
    func precedence(criteria: String, expected: String) {
        #expect(Self.printed(criteria) == expected)
    }

    @Test("runs of whitespace and punctuation normalise to one AND", arguments: [
        ("cat   dog", "(cat AND dog)"),
        ("cat ,;: dog", "(cat AND dog)"),
        ("cat+++dog", "(cat AND dog)"),
        ("cat and and dog", "(cat AND dog)"),
        ("cat , and + dog", "(cat AND dog)"),
        ("  cat dog  ", "(cat AND dog)"),
        ("(cat) [dog]", "(cat AND dog)"),
    ])
    func normalisation(criteria: String, expected: String) {
        #expect(Self.printed(criteria) == expected)
    }

    @Test("criteria with no keyword are ignored: the list is not filtered", arguments: [
        "", " ", "   \t\n", ".,;:!?", "+", "-", "- -", "and", "or", "not", "AND OR NOT", "not or and",
        "+ - , and or not", "'\"()[]{}<>|&!*:\\", "² ½ Ⅻ", "🙂 🐈",
    ])
    func noKeyword(criteria: String) {
        #expect(ScreenshotSearch.parse(criteria) == nil)
    }

    @Test("parts of criteria with no keyword are ignored (a user still typing)", arguments: [
        ("cat or", "cat"),
        ("or cat", "cat"),
        ("cat or or dog", "(cat OR dog)"),
        ("cat or , or dog", "(cat OR dog)"),
        ("cat and", "cat"),
        ("and cat", "cat"),
        ("cat -", "cat"),
        ("cat not", "cat"),
        ("cat - or dog", "(cat OR dog)"),
        ("cat not or dog", "(cat OR dog)"),
        ("-", nil),
        ("cat or -", "cat"),
    ] as [(String, String?)])
    func danglingOperators(criteria: String, expected: String?) {
        #expect(Self.printed(criteria) == expected)
    }

    @Test("negations stack and cancel in pairs; an `and` between a negation and its keyword is ignored", arguments: [
        ("not not cat", "cat"),
        ("--cat", "cat"),
        ("not -cat", "cat"),
        ("- - - cat", "NOT cat"),
        ("-not cat", "cat"),
        ("not + cat", "NOT cat"),
        ("- cat", "NOT cat"),
    ])
    func negations(criteria: String, expected: String) {
        #expect(Self.printed(criteria) == expected)
    }

    @Test("keywords are Unicode letters and decimal digits; apostrophes and `-` split words", arguments: [
        ("café", "café"),
        ("cafe\u{301}", "cafe\u{301}"),
        ("日本 語", "(日本 AND 語)"),
        ("über2 2024", "(über2 AND 2024)"),
        ("don't", "(don AND t)"),
        ("l’été", "(l AND été)"),
        ("snake_case", "(snake AND case)"),
        ("well-known", "(well AND NOT known)"),
        ("x²", "x"),
        ("cats🐈dogs", "(cats AND dogs)"),
        ("android orange notebook", "((android AND orange) AND notebook)"),
    ])
    func keywordCharacters(criteria: String, expected: String) {
        #expect(Self.printed(criteria) == expected)
    }

    @Test("the tsquery text: operators and parentheses around bare keywords")
    func tsqueryText() throws {
        let expression = try #require(ScreenshotSearch.parse("a b or -c d"))
        #expect(expression.tsquery == "((a & b) | (!c & d))")
        #expect(try #require(ScreenshotSearch.parse("a' | b & !c:*")).tsquery == "((a & b) & c)")
    }

    @Test("the SQL condition binds the query text as its only parameter; no keyword gives no condition")
    func condition() throws {
        let sql = try #require(ScreenshotSearch.condition(column: "s.annotation", query: "x'); DROP TABLE users; --"))
        #expect(sql.text == "to_tsvector('simple', coalesce(s.annotation, '')) @@ to_tsquery('simple', $1)")
        #expect(sql.binds.count == 1)
        #expect(!sql.text.contains("DROP"))
        #expect(ScreenshotSearch.condition(column: "s.annotation", query: " + - or ") == nil)
    }

    @Test("a very long criteria keeps its first 64 keywords; a keyword over 2047 bytes is ignored")
    func bounds() throws {
        let many = (1...1000).map { "w\($0)" }.joined(separator: " or not ")
        let expression = try #require(ScreenshotSearch.parse(many))
        #expect(expression.keywords.count == 64)
        #expect(expression.keywords.last == "w64")
        let long = String(repeating: "a", count: 2048)
        #expect(ScreenshotSearch.parse("cat \(long)")?.description == "cat")
        #expect(ScreenshotSearch.parse(String(repeating: "a", count: 2047))?.description.count == 2047)
        #expect(ScreenshotSearch.parse(String(repeating: "not ", count: 100_000) + "cat")?.description == "cat")
    }
}

extension ScreenshotSearch.Expression {
    /// The keywords in reading order.
    var keywords: [String] {
        switch self {
        case .keyword(let word): [word]
        case .not(let operand): operand.keywords
        case .and(let left, let right), .or(let left, let right): left.keywords + right.keywords
        }
    }
}
