import Testing

@testable import GraphQLLanguage

/// The error parsing `text`, as "message (line:column)", or nil if it parses.
func parseError(_ text: String, options: ParseOptions = ParseOptions()) -> String? {
    do {
        _ = try Parser.parse(text, options: options)
        return nil
    } catch {
        return error.description
    }
}

/// Syntax errors: exact graphql-js messages and locations (cross-checked
/// against graphql-core, which prints the same text with single quotes).
@Suite struct ParserErrorTests {
    static let cases: [(String, String)] = [
        ("", "Syntax Error: Unexpected <EOF>. (1:1)"),
        ("{", "Syntax Error: Expected Name, found <EOF>. (1:2)"),
        ("{ ...MissingOn }\nfragment MissingOn Type", "Syntax Error: Expected \"on\", found Name \"Type\". (2:20)"),
        ("{ field: {} }", "Syntax Error: Expected Name, found \"{\". (1:10)"),
        ("notAnOperation Foo { field }", "Syntax Error: Unexpected Name \"notAnOperation\". (1:1)"),
        ("...", "Syntax Error: Unexpected \"...\". (1:1)"),
        ("{ \"\"", "Syntax Error: Expected Name, found String \"\". (1:3)"),
        ("query", "Syntax Error: Expected \"{\", found <EOF>. (1:6)"),
        ("query Foo($a: Int = $b) { a }", "Syntax Error: Unexpected variable \"$b\" in constant value. (1:21)"),
        ("query Foo($a: Int = $) { a }", "Syntax Error: Unexpected \"$\". (1:21)"),
        ("fragment on on on { on }", "Syntax Error: Unexpected Name \"on\". (1:10)"),
        ("{ ...on }", "Syntax Error: Expected Name, found \"}\". (1:9)"),
        ("{ f(a: 1 2) }", "Syntax Error: Expected Name, found Int \"2\". (1:10)"),
        ("type Foo { bar: }", "Syntax Error: Expected Name, found \"}\". (1:17)"),
        ("extend scalar Foo", "Syntax Error: Unexpected <EOF>. (1:18)"),
        ("enum E { true }", "Syntax Error: Name \"true\" is reserved and cannot be used for an enum value. (1:10)"),
        ("enum E { null }", "Syntax Error: Name \"null\" is reserved and cannot be used for an enum value. (1:10)"),
        ("directive @a on FOO", "Syntax Error: Unexpected Name \"FOO\". (1:17)"),
        ("\"desc\" query { a }", "Syntax Error: Unexpected description, descriptions are supported only on type definitions. (1:1)"),
        ("\"desc\" \"other\"", "Syntax Error: Unexpected String \"other\". (1:8)"),
        ("\"desc\" extend type A", "Syntax Error: Unexpected description, descriptions are supported only on type definitions. (1:1)"),
        ("{ a }}", "Syntax Error: Unexpected \"}\". (1:6)"),
        ("extend foo", "Syntax Error: Unexpected Name \"foo\". (1:8)"),
        ("extend", "Syntax Error: Unexpected <EOF>. (1:7)"),
        ("schema { query: Q", "Syntax Error: Expected Name, found <EOF>. (1:18)"),
        ("type A implements B & { a: Int }", "Syntax Error: Expected Name, found \"{\". (1:23)"),
        ("union U = | | A", "Syntax Error: Expected Name, found \"|\". (1:13)"),
        ("extend type A", "Syntax Error: Unexpected <EOF>. (1:14)"),
        ("extend interface I", "Syntax Error: Unexpected <EOF>. (1:19)"),
        ("extend union U", "Syntax Error: Unexpected <EOF>. (1:15)"),
        ("extend enum E", "Syntax Error: Unexpected <EOF>. (1:14)"),
        ("extend input I", "Syntax Error: Unexpected <EOF>. (1:15)"),
        ("extend schema", "Syntax Error: Unexpected <EOF>. (1:14)"),
        ("query Q($a: Int @dir(x: $y)) { a }", "Syntax Error: Unexpected variable \"$y\" in constant value. (1:25)"),
        ("type A { f(a: Int = $v): Int }", "Syntax Error: Unexpected variable \"$v\" in constant value. (1:21)"),
        ("subscription S(", "Syntax Error: Expected \"$\", found <EOF>. (1:16)"),
        ("{ a(b: {c: }) }", "Syntax Error: Unexpected \"}\". (1:12)"),
        ("{ a(b: [1 2 }) }", "Syntax Error: Unexpected \"}\". (1:13)"),
        ("query Q { ... on { a } }", "Syntax Error: Expected Name, found \"{\". (1:18)"),
        ("{ f @ }", "Syntax Error: Expected Name, found \"}\". (1:7)"),
        ("fragment F on T", "Syntax Error: Expected \"{\", found <EOF>. (1:16)"),
        ("query Q($a) { a }", "Syntax Error: Expected \":\", found \")\". (1:11)"),
        ("query Q($a: [Int) { a }", "Syntax Error: Expected \"]\", found \")\". (1:17)"),
        ("query Q($a: Int!!) { a }", "Syntax Error: Expected \"$\", found \"!\". (1:17)"),
        ("scalar", "Syntax Error: Expected Name, found <EOF>. (1:7)"),
        ("directive a on QUERY", "Syntax Error: Expected \"@\", found Name \"a\". (1:11)"),
        ("directive @a QUERY", "Syntax Error: Expected \"on\", found Name \"QUERY\". (1:14)"),
        ("type T { f: Int = 1 }", "Syntax Error: Expected Name, found \"=\". (1:17)"),
        ("schema { query Q }", "Syntax Error: Expected \":\", found Name \"Q\". (1:16)"),
        ("query Q { a(x: $) }", "Syntax Error: Expected Name, found \")\". (1:17)"),
        ("interface I implements { a: Int }", "Syntax Error: Expected Name, found \"{\". (1:24)"),
        ("input I { a: Int @ }", "Syntax Error: Expected Name, found \"}\". (1:20)"),
        ("type T { \"desc\" }", "Syntax Error: Expected Name, found \"}\". (1:17)"),
        ("{ a: b: c }", "Syntax Error: Expected Name, found \":\". (1:7)"),
        ("query 1 { a }", "Syntax Error: Expected \"{\", found Int \"1\". (1:7)"),
        ("mutation M($v: Int = 1.5e) { a }", "Syntax Error: Invalid number, expected digit but got: \")\". (1:26)"),
    ]

    @Test(arguments: cases)
    func reportsSyntaxError(_ input: String, _ expected: String) {
        #expect(parseError(input) == expected)
    }

    @Test func lexerErrorsSurfaceThroughTheParser() {
        #expect(parseError("{ a(x: 01) }") == "Syntax Error: Invalid number, unexpected digit after 0: \"1\". (1:9)")
        #expect(parseError("{ a(x: \"\\uD83D\") }") == "Syntax Error: Invalid Unicode escape sequence: \"\\uD83D\". (1:9)")
        #expect(parseError("{\n  a\n  %\n}") == "Syntax Error: Unexpected character: \"%\". (3:3)")
    }

    @Test func enforcesMaxTokens() {
        let options = ParseOptions(maxTokens: 3)
        #expect(parseError("{ a b c d }", options: options)
            == "Syntax Error: Document contains more than 3 tokens. Parsing aborted. (1:7)")
        #expect(parseError("{ a b }", options: ParseOptions(maxTokens: 4)) == nil)
        #expect(parseError("{ a b }", options: ParseOptions(maxTokens: 3)) != nil)
    }

    @Test func enforcesMaxDepth() {
        let options = ParseOptions(maxDepth: 2)
        #expect(parseError("{ a { b } }", options: options) == nil)
        #expect(parseError("{ a { b { c } } }", options: options)
            == "Syntax Error: Document contains more than 2 levels of nesting. Parsing aborted. (1:9)")
        #expect(parseError("{ a(x: [[1]]) }", options: options)
            == "Syntax Error: Document contains more than 2 levels of nesting. Parsing aborted. (1:9)")
        #expect(parseError("{ a(x: {y: {z: 1}}) }", options: options)
            == "Syntax Error: Document contains more than 2 levels of nesting. Parsing aborted. (1:12)")
        #expect(parseError("query ($v: [[Int]]) { a }", options: options) == nil)
        #expect(parseError("query ($v: [[[Int]]]) { a }", options: options)
            == "Syntax Error: Document contains more than 2 levels of nesting. Parsing aborted. (1:14)")
    }

    @Test func deepNestingFailsCleanlyByDefault() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(parseError("{ a(x: \(deep)) }") == "Syntax Error: Document contains more than 128 levels of nesting. Parsing aborted. (1:135)")
        let selections = String(repeating: "{ a ", count: 10_000)
        #expect(parseError(selections)?.hasPrefix("Syntax Error: Document contains more than 128 levels") == true)
    }
}
