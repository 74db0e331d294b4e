import CommonTestSupport
import Testing

@testable import GraphQLLanguage

@Suite struct PrinterTests {
    @Test func printsTheKitchenSinkCanonically() throws {
        let document = try Parser.parse(kitchenSink)
        #expect(printAST(document) == kitchenSinkPrinted)
    }

    @Test func parsePrintParseIsAFixedPoint() throws {
        let printed = printAST(try Parser.parse(kitchenSink))
        let reparsed = try Parser.parse(printed)
        #expect(printAST(reparsed) == printed)
        // The reparsed document has the same structure (locations aside).
        #expect(reparsed.definitions.count == (try Parser.parse(kitchenSink)).definitions.count)
    }

    @Test func printsTheBenchQueriesStably() throws {
        for name in ["large.graphql", "introspection.graphql", "feed.graphql", "search.graphql"] {
            let printed = printAST(try Parser.parse(try Workloads.text("queries/" + name)))
            #expect(printAST(try Parser.parse(printed)) == printed, "\(name)")
        }
    }

    @Test func printsQueryShorthandOnlyWhenAnonymousAndPlain() throws {
        #expect(printAST(try Parser.parse("query { a }")) == "{\n  a\n}")
        #expect(printAST(try Parser.parse("query Q { a }")) == "query Q {\n  a\n}")
        #expect(printAST(try Parser.parse("query @d { a }")) == "query @d {\n  a\n}")
        #expect(printAST(try Parser.parse("query ($v: Int) { a }")) == "query ($v: Int) {\n  a\n}")
    }

    @Test func wrapsArgumentsPastEightyCharacters() throws {
        let short = "{ f(a: \"0123456789\", b: \"0123456789\") }"
        #expect(printAST(try Parser.parse(short)) == "{\n  f(a: \"0123456789\", b: \"0123456789\")\n}")
        let long = "{ field(argument1: \"0123456789012345678901\", argument2: \"0123456789012345678901234\") }"
        #expect(printAST(try Parser.parse(long)) == """
            {
              field(
                argument1: "0123456789012345678901"
                argument2: "0123456789012345678901234"
              )
            }
            """)
    }

    @Test(arguments: [
        ("", #""""#),
        ("plain", #""plain""#),
        ("quote \" and \\ backslash", #""quote \" and \\ backslash""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1F}\u{7F}\u{80}\u{9F}\u{A0}", "\"\\u0000\\u001F\\u007F\\u0080\\u009F\u{A0}\""),
        ("é 😀", "\"é 😀\""),
    ])
    func printsStringLiterals(_ value: String, _ expected: String) throws {
        #expect(printString(value) == expected)
        // Round trip: the literal parses back to the value.
        guard case .string(let string) = try Parser.parseValue(expected) else {
            Issue.record("not a string")
            return
        }
        #expect(string.value == value)
    }

    @Test(arguments: [
        ("", #""""""""#),
        ("single line", #""""single line""""#),
        ("  leading space", #""""  leading space""""#),
        ("multi\nline", "\"\"\"\nmulti\nline\n\"\"\""),
        ("trailing quote\"", "\"\"\"\ntrailing quote\"\n\"\"\""),
        ("trailing backslash\\", "\"\"\"\ntrailing backslash\\\n\"\"\""),
        ("triple \"\"\" quotes", #""""triple \""" quotes""""#),
        ("ends with \"\"\"", "\"\"\"\nends with \\\"\"\"\n\"\"\""),
        ("first\n  indented", "\"\"\"\nfirst\n  indented\n\"\"\""),
        (String(repeating: "x", count: 71), "\"\"\"\n" + String(repeating: "x", count: 71) + "\n\"\"\""),
    ])
    func printsBlockStrings(_ value: String, _ expected: String) throws {
        #expect(printBlockString(value) == expected)
        guard case .string(let string) = try Parser.parseValue(expected) else {
            Issue.record("not a string")
            return
        }
        #expect(string.value == value)
        #expect(string.block)
    }

    /// A value whose every line is indented cannot be a block string (the
    /// indentation would be stripped); the printer still matches graphql-js.
    @Test func printsIndentedBlockStringsLikeGraphQLJS() {
        #expect(printBlockString("  first\n  second") == "\"\"\"\n  first\n  second\n\"\"\"")
    }

    @Test func printsValuesAndTypes() throws {
        #expect(printValue(.object(ObjectValueNode(fields: [
            ObjectFieldNode(name: NameNode(value: "a"), value: .list(ListValueNode(values: [
                .int(IntValueNode(value: "1")), .null(NullValueNode()), .enum(EnumValueNode(value: "RED")),
                .variable(VariableNode(name: NameNode(value: "v"))),
            ]))),
            ObjectFieldNode(name: NameNode(value: "b"), value: .string(StringValueNode(value: "x\"y"))),
        ]))) == #"{a: [1, null, RED, $v], b: "x\"y"}"#)
        #expect(printType(.nonNull(NonNullTypeNode(type: .list(ListTypeNode(type: .named(NamedTypeNode(name: NameNode(value: "ID"))))))))
            == "[ID]!")
    }
}
