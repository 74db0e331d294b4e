import Testing

@testable import GraphQLLanguage

/// The first token of `text`.
private func lexOne(_ text: String) throws(GraphQLError) -> LexedToken {
    try tokenize(Source(body: text))[0]
}

/// The error tokenizing `bytes`, as "message (line:column)".
private func lexError(_ bytes: [UInt8]) -> String? {
    do {
        _ = try tokenize(Source(bytes: bytes))
        return nil
    } catch {
        return error.description
    }
}

private func lexError(_ text: String) -> String? { lexError(Array(text.utf8)) }

/// Table-driven lexer tests (gqlparser style): input → expected first token
/// or expected error with its location. Messages follow graphql-js.
@Suite struct LexerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var kind: TokenKind
        var start: Int
        var end: Int
        var line: Int
        var column: Int
        var value: String?
        var testDescription: String { input.debugDescription }
    }

    static let tokens: [Case] = [
        // Ignored tokens (spec §2.1.2–§2.1.7): BOM, whitespace, line terminators, comments, commas.
        Case(input: "\u{FEFF} foo", kind: .name, start: 4, end: 7, line: 1, column: 3, value: "foo"),
        Case(input: "\n\r\n\r  foo\n", kind: .name, start: 6, end: 9, line: 4, column: 3, value: "foo"),
        Case(input: "\t\tfoo\t", kind: .name, start: 2, end: 5, line: 1, column: 3, value: "foo"),
        Case(input: "# comment é\r\n#x\nfoo#c", kind: .name, start: 17, end: 20, line: 3, column: 1, value: "foo"),
        Case(input: ",,,foo,,,", kind: .name, start: 3, end: 6, line: 1, column: 4, value: "foo"),
        Case(input: "\"é\" x", kind: .string, start: 0, end: 4, line: 1, column: 1, value: "é"),
        // Names (spec §2.1.9).
        Case(input: "_a9Z_", kind: .name, start: 0, end: 5, line: 1, column: 1, value: "_a9Z_"),
        Case(input: "Zz", kind: .name, start: 0, end: 2, line: 1, column: 1, value: "Zz"),
        // Punctuators (spec §2.1.8).
        Case(input: "!", kind: .bang, start: 0, end: 1, line: 1, column: 1),
        Case(input: "$", kind: .dollar, start: 0, end: 1, line: 1, column: 1),
        Case(input: "&", kind: .amp, start: 0, end: 1, line: 1, column: 1),
        Case(input: "(", kind: .parenL, start: 0, end: 1, line: 1, column: 1),
        Case(input: ")", kind: .parenR, start: 0, end: 1, line: 1, column: 1),
        Case(input: "...", kind: .spread, start: 0, end: 3, line: 1, column: 1),
        Case(input: ":", kind: .colon, start: 0, end: 1, line: 1, column: 1),
        Case(input: "=", kind: .equals, start: 0, end: 1, line: 1, column: 1),
        Case(input: "@", kind: .at, start: 0, end: 1, line: 1, column: 1),
        Case(input: "[", kind: .bracketL, start: 0, end: 1, line: 1, column: 1),
        Case(input: "]", kind: .bracketR, start: 0, end: 1, line: 1, column: 1),
        Case(input: "{", kind: .braceL, start: 0, end: 1, line: 1, column: 1),
        Case(input: "|", kind: .pipe, start: 0, end: 1, line: 1, column: 1),
        Case(input: "}", kind: .braceR, start: 0, end: 1, line: 1, column: 1),
        // Numbers (spec §2.9.1, §2.9.2).
        Case(input: "4", kind: .int, start: 0, end: 1, line: 1, column: 1, value: "4"),
        Case(input: "0", kind: .int, start: 0, end: 1, line: 1, column: 1, value: "0"),
        Case(input: "-0", kind: .int, start: 0, end: 2, line: 1, column: 1, value: "-0"),
        Case(input: "-4", kind: .int, start: 0, end: 2, line: 1, column: 1, value: "-4"),
        Case(input: "9876543210", kind: .int, start: 0, end: 10, line: 1, column: 1, value: "9876543210"),
        Case(input: "4.123", kind: .float, start: 0, end: 5, line: 1, column: 1, value: "4.123"),
        Case(input: "-4.123", kind: .float, start: 0, end: 6, line: 1, column: 1, value: "-4.123"),
        Case(input: "0.123", kind: .float, start: 0, end: 5, line: 1, column: 1, value: "0.123"),
        Case(input: "123e4", kind: .float, start: 0, end: 5, line: 1, column: 1, value: "123e4"),
        Case(input: "123E4", kind: .float, start: 0, end: 5, line: 1, column: 1, value: "123E4"),
        Case(input: "123e-4", kind: .float, start: 0, end: 6, line: 1, column: 1, value: "123e-4"),
        Case(input: "123e+4", kind: .float, start: 0, end: 6, line: 1, column: 1, value: "123e+4"),
        Case(input: "-1.123e4567", kind: .float, start: 0, end: 11, line: 1, column: 1, value: "-1.123e4567"),
        Case(input: "0e0", kind: .float, start: 0, end: 3, line: 1, column: 1, value: "0e0"),
        // Strings (spec §2.9.4).
        Case(input: "\"\"", kind: .string, start: 0, end: 2, line: 1, column: 1, value: ""),
        Case(input: "\"simple\"", kind: .string, start: 0, end: 8, line: 1, column: 1, value: "simple"),
        Case(input: "\" white space \"", kind: .string, start: 0, end: 15, line: 1, column: 1, value: " white space "),
        Case(input: #""quote \"""#, kind: .string, start: 0, end: 10, line: 1, column: 1, value: "quote \""),
        Case(input: #""escaped \n\r\b\t\f""#, kind: .string, start: 0, end: 20, line: 1, column: 1, value: "escaped \n\r\u{8}\t\u{C}"),
        Case(input: #""slashes \\ \/""#, kind: .string, start: 0, end: 15, line: 1, column: 1, value: "slashes \\ /"),
        Case(input: #""unicode \u1234\u5678\u90AB\uCDEF""#, kind: .string, start: 0, end: 34, line: 1, column: 1, value: "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}"),
        Case(input: #""\u{1234}\u{0}""#, kind: .string, start: 0, end: 15, line: 1, column: 1, value: "\u{1234}\u{0}"),
        Case(input: #""\u{1F600} \u{0001F600}""#, kind: .string, start: 0, end: 24, line: 1, column: 1, value: "😀 😀"),
        Case(input: #""\uD83D\uDE00""#, kind: .string, start: 0, end: 14, line: 1, column: 1, value: "😀"),
        Case(input: #""\ud83d\ude00 x""#, kind: .string, start: 0, end: 16, line: 1, column: 1, value: "😀 x"),
        Case(input: "\"non-ascii é 😀\"", kind: .string, start: 0, end: 19, line: 1, column: 1, value: "non-ascii é 😀"),
        Case(input: "\"control \u{7} tab \t\"", kind: .string, start: 0, end: 17, line: 1, column: 1, value: "control \u{7} tab \t"),
        // Block strings (spec §2.9.4 BlockStringValue).
        Case(input: #""""simple""""#, kind: .blockString, start: 0, end: 12, line: 1, column: 1, value: "simple"),
        Case(input: #"""" white space """"#, kind: .blockString, start: 0, end: 19, line: 1, column: 1, value: " white space "),
        Case(input: #""""contains " quote""""#, kind: .blockString, start: 0, end: 22, line: 1, column: 1, value: "contains \" quote"),
        Case(input: #""""contains \""" triplequote""""#, kind: .blockString, start: 0, end: 31, line: 1, column: 1, value: "contains \"\"\" triplequote"),
        Case(input: "\"\"\"multi\nline\"\"\"", kind: .blockString, start: 0, end: 16, line: 1, column: 1, value: "multi\nline"),
        Case(input: "\"\"\"multi\rline\r\nnormalized\"\"\"", kind: .blockString, start: 0, end: 28, line: 1, column: 1, value: "multi\nline\nnormalized"),
        Case(input: #""""unescaped \n\r\b\t\f\u1234""""#, kind: .blockString, start: 0, end: 32, line: 1, column: 1, value: #"unescaped \n\r\b\t\f\u1234"#),
        Case(input: #""""slashes \\ \/""""#, kind: .blockString, start: 0, end: 19, line: 1, column: 1, value: #"slashes \\ \/"#),
        Case(input: "\"\"\"\n\n        spans\n          multiple\n            lines\n\n        \"\"\"", kind: .blockString, start: 0, end: 68, line: 1, column: 1, value: "spans\n  multiple\n    lines"),
        Case(input: "\"\"\"  first\n    second\n  third\n\"\"\"", kind: .blockString, start: 0, end: 33, line: 1, column: 1, value: "  first\n  second\nthird"),
        Case(input: "\"\"\"\n  \t\n\"\"\"", kind: .blockString, start: 0, end: 11, line: 1, column: 1, value: ""),
    ]

    @Test(arguments: tokens)
    func lexesToken(_ expected: Case) throws {
        let lexed = try lexOne(expected.input)
        #expect(lexed.token == Token(kind: expected.kind, start: expected.start, end: expected.end, line: expected.line, column: expected.column))
        #expect(lexed.value == expected.value)
    }

    @Test func tracksLinesAndColumnsAcrossTokens() throws {
        let tokens = try tokenize(Source(body: "{\n  a(b: \"é😀\") \"\"\"x\n y\"\"\" c\r\n}"))
        let positions = tokens.map { "\($0.token.kind):\($0.token.line):\($0.token.column)" }
        #expect(positions == [
            "{:1:1", "Name:2:3", "(:2:4", "Name:2:5", "::2:6", "String:2:8", "):2:13", "BlockString:2:15",
            "Name:3:7", "}:4:1", "<EOF>:4:2",
        ])
        // Columns agree with the Source's own mapping.
        let source = Source(body: "{\n  a(b: \"é😀\") \"\"\"x\n y\"\"\" c\r\n}")
        for lexed in tokens {
            #expect(source.location(at: lexed.token.start) == SourceLocation(line: lexed.token.line, column: lexed.token.column))
        }
    }

    @Test func endOfFileRepeats() throws {
        let tokens = try tokenize(Source(body: "  # only a comment"))
        #expect(tokens == [LexedToken(token: Token(kind: .endOfFile, start: 18, end: 18, line: 1, column: 19), value: nil)])
    }

    static let errors: [(String, String)] = [
        // Characters outside tokens.
        ("\u{7}", "Syntax Error: Unexpected character: U+0007. (1:1)"),
        ("?", "Syntax Error: Unexpected character: \"?\". (1:1)"),
        ("  %", "Syntax Error: Unexpected character: \"%\". (1:3)"),
        ("\u{203B}", "Syntax Error: Unexpected character: U+203B. (1:1)"),
        ("\u{200B}", "Syntax Error: Unexpected character: U+200B. (1:1)"),
        ("😀", "Syntax Error: Unexpected character: U+1F600. (1:1)"),
        ("'a'", "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")? (1:1)"),
        ("..", "Syntax Error: Unexpected character: \".\". (1:1)"),
        ("a.b", "Syntax Error: Unexpected character: \".\". (1:2)"),
        ("\n\n    ?\n", "Syntax Error: Unexpected character: \"?\". (3:5)"),
        // Strings.
        ("\"", "Syntax Error: Unterminated string. (1:2)"),
        ("\"\"\"", "Syntax Error: Unterminated string. (1:4)"),
        ("\"\"\"\"", "Syntax Error: Unterminated string. (1:5)"),
        ("\"no end quote", "Syntax Error: Unterminated string. (1:14)"),
        ("\"multi\nline\"", "Syntax Error: Unterminated string. (1:7)"),
        ("\"multi\rline\"", "Syntax Error: Unterminated string. (1:7)"),
        ("\"\"\"a\nb", "Syntax Error: Unterminated string. (2:2)"),
        (#""bad \z esc""#, #"Syntax Error: Invalid character escape sequence: "\z". (1:6)"#),
        (#""bad \x esc""#, #"Syntax Error: Invalid character escape sequence: "\x". (1:6)"#),
        ("\"bad \\", #"Syntax Error: Invalid character escape sequence: "\". (1:6)"#),
        (#""bad \u1 esc""#, #"Syntax Error: Invalid Unicode escape sequence: "\u1 es". (1:6)"#),
        (#""bad \u0XX1 esc""#, #"Syntax Error: Invalid Unicode escape sequence: "\u0XX1". (1:6)"#),
        (#""bad \uFXXX esc""#, #"Syntax Error: Invalid Unicode escape sequence: "\uFXXX". (1:6)"#),
        (#""bad \u{} esc""#, #"Syntax Error: Invalid Unicode escape sequence: "\u{}". (1:6)"#),
        (#""bad \u{FXXX} esc""#, #"Syntax Error: Invalid Unicode escape sequence: "\u{FX". (1:6)"#),
        (#""bad \u{FFFF esc""#, #"Syntax Error: Invalid Unicode escape sequence: "\u{FFFF ". (1:6)"#),
        (#""bad \u{110000} esc""#, #"Syntax Error: Invalid Unicode escape sequence: "\u{110000}". (1:6)"#),
        (#""bad \u{000000001} esc""#, #"Syntax Error: Invalid Unicode escape sequence: "\u{000000001". (1:6)"#),
        (#""\uD83D""#, #"Syntax Error: Invalid Unicode escape sequence: "\uD83D". (1:2)"#),
        (#""\uDE00""#, #"Syntax Error: Invalid Unicode escape sequence: "\uDE00". (1:2)"#),
        (#""\uD83D\u0041""#, #"Syntax Error: Invalid Unicode escape sequence: "\uD83D". (1:2)"#),
        (#""\uD83D\uD83D""#, #"Syntax Error: Invalid Unicode escape sequence: "\uD83D". (1:2)"#),
        (#""\u{D83D}""#, #"Syntax Error: Invalid Unicode escape sequence: "\u{D83D}". (1:2)"#),
        (#""é\uD83D""#, #"Syntax Error: Invalid Unicode escape sequence: "\uD83D". (1:3)"#),
        // Numbers.
        ("00", "Syntax Error: Invalid number, unexpected digit after 0: \"0\". (1:2)"),
        ("01", "Syntax Error: Invalid number, unexpected digit after 0: \"1\". (1:2)"),
        ("01.23", "Syntax Error: Invalid number, unexpected digit after 0: \"1\". (1:2)"),
        ("-01", "Syntax Error: Invalid number, unexpected digit after 0: \"1\". (1:3)"),
        ("+1", "Syntax Error: Unexpected character: \"+\". (1:1)"),
        ("1.", "Syntax Error: Invalid number, expected digit but got: <EOF>. (1:3)"),
        ("1e", "Syntax Error: Invalid number, expected digit but got: <EOF>. (1:3)"),
        (".123", "Syntax Error: Unexpected character: \".\". (1:1)"),
        (".5", "Syntax Error: Unexpected character: \".\". (1:1)"),
        ("1.A", "Syntax Error: Invalid number, expected digit but got: \"A\". (1:3)"),
        ("-A", "Syntax Error: Invalid number, expected digit but got: \"A\". (1:2)"),
        ("-", "Syntax Error: Invalid number, expected digit but got: <EOF>. (1:2)"),
        ("1.0e", "Syntax Error: Invalid number, expected digit but got: <EOF>. (1:5)"),
        ("1.0eA", "Syntax Error: Invalid number, expected digit but got: \"A\". (1:5)"),
        ("1.0e\"", "Syntax Error: Invalid number, expected digit but got: '\"'. (1:5)"),
        ("1.2e3e", "Syntax Error: Invalid number, expected digit but got: \"e\". (1:6)"),
        ("1.2e3.4", "Syntax Error: Invalid number, expected digit but got: \".\". (1:6)"),
        ("1.23.4", "Syntax Error: Invalid number, expected digit but got: \".\". (1:5)"),
        ("0x1", "Syntax Error: Invalid number, expected digit but got: \"x\". (1:2)"),
        ("1a", "Syntax Error: Invalid number, expected digit but got: \"a\". (1:2)"),
        ("1_000", "Syntax Error: Invalid number, expected digit but got: \"_\". (1:2)"),
        ("1.2é", "Syntax Error: Unexpected character: U+00E9. (1:4)"),
    ]

    @Test(arguments: errors)
    func reportsError(_ input: String, _ expected: String) {
        #expect(lexError(input) == expected)
    }

    @Test func rejectsBytesThatAreNotUTF8() {
        #expect(lexError([0xFF]) == "Syntax Error: Invalid character: byte 0xFF. (1:1)")
        #expect(lexError([0x61, 0x20, 0xC3]) == "Syntax Error: Invalid character: byte 0xC3. (1:3)")
        #expect(lexError([0x22, 0xC3, 0x22]) == "Syntax Error: Invalid character within String: byte 0xC3. (1:2)")
        #expect(lexError([0x22, 0x22, 0x22, 0xF8, 0x22, 0x22, 0x22]) == "Syntax Error: Invalid character within String: byte 0xF8. (1:4)")
        // A UTF-8-encoded surrogate is not a source character (like a lone surrogate in graphql-js).
        #expect(lexError([0x22, 0xED, 0xA0, 0x80, 0x22]) == "Syntax Error: Invalid character within String: U+D800. (1:2)")
        #expect(lexError([0xED, 0xA0, 0x80]) == "Syntax Error: Invalid character: U+D800. (1:1)")
        // An overlong encoding of "/" is not accepted.
        #expect(lexError([0x22, 0xC0, 0xAF, 0x22]) == "Syntax Error: Invalid character within String: byte 0xC0. (1:2)")
        // A comment ends at a byte that is not a source character, which is then reported.
        #expect(lexError([0x23, 0x20, 0x61, 0xFF]) == "Syntax Error: Invalid character: byte 0xFF. (1:4)")
    }
}
