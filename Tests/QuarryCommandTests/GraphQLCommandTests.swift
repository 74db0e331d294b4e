import ArgumentParser
import GraphQLLanguage
import Testing

@testable import quarry

@Suite("quarry graphql parse | validate | print-schema | hash")
struct GraphQLCommandTests {
    static let sdl = Source(
        body: """
            type Query { dog(name: String!): Dog }
            type Dog { name: String barks: Boolean }
            """, name: "schema.graphql")
    static let extensionSDL = Source(body: "extend type Dog { age: Int }", name: "more.graphql")

    @Test("parse prints the canonical form")
    func parsePrints() {
        let outcome = GraphQLTool.parse(Source(body: "query Q($n:String!){dog(name:$n){...F}} fragment F on Dog{name}"))
        #expect(outcome == GraphQLTool.Outcome(output: """
            query Q($n: String!) {
              dog(name: $n) {
                ...F
              }
            }

            fragment F on Dog {
              name
            }
            """, exitCode: 0))
    }

    @Test("parse reports a syntax error as JSON with exit status 1")
    func parseSyntaxError() {
        let outcome = GraphQLTool.parse(Source(body: "{ dog(name: \"x\") {\n  name\n", name: "q.graphql"))
        #expect(outcome == GraphQLTool.Outcome(
            output: #"{"message":"Syntax Error: Expected Name, found <EOF>.","locations":[{"line":3,"column":1}]}"#,
            exitCode: 1))
    }

    @Test("validate prints [] for a valid document, over several SDL files")
    func validateValid() {
        let outcome = GraphQLTool.validate(
            schema: [Self.sdl, Self.extensionSDL], document: Source(body: "{ dog(name: \"Rex\") { name age } }"))
        #expect(outcome == GraphQLTool.Outcome(output: "[]", exitCode: 0))
    }

    @Test("validate prints every error with its locations, exit status 1")
    func validateInvalid() {
        let outcome = GraphQLTool.validate(
            schema: [Self.sdl], document: Source(body: "query Q($x: String) {\n  dog { nam }\n}"))
        #expect(outcome.exitCode == 1)
        #expect(outcome.output == """
            [{"message":"Cannot query field \\"nam\\" on type \\"Dog\\". Did you mean \\"name\\"?",\
            "locations":[{"line":2,"column":9}]},\
            {"message":"Field \\"dog\\" argument \\"name\\" of type \\"String!\\" is required, but it was not provided.",\
            "locations":[{"line":2,"column":3}]},\
            {"message":"Variable \\"$x\\" is never used in operation \\"Q\\".","locations":[{"line":1,"column":9}]}]
            """)
    }

    @Test("validate reports a syntax error in the document as a one-error array")
    func validateSyntaxError() {
        let outcome = GraphQLTool.validate(schema: [Self.sdl], document: Source(body: "{ dog("))
        #expect(outcome == GraphQLTool.Outcome(
            output: #"[{"message":"Syntax Error: Expected Name, found <EOF>.","locations":[{"line":1,"column":7}]}]"#,
            exitCode: 1))
    }

    @Test("an invalid schema is reported on standard error with exit status 2")
    func invalidSchema() {
        let broken = Source(body: "type Query { a: Missing }", name: "broken.graphql")
        for outcome in [
            GraphQLTool.validate(schema: [broken], document: Source(body: "{ a }")), GraphQLTool.printSchema([broken]),
        ] {
            #expect(outcome == GraphQLTool.Outcome(
                output: #"Invalid schema: [{"message":"Unknown type \"Missing\".","locations":[{"line":1,"column":17}]}]"#,
                exitCode: 2, toStandardError: true))
        }
    }

    @Test("print-schema merges the SDL files and prints them as graphql-js does")
    func printSchemaMerges() {
        #expect(GraphQLTool.printSchema([Self.sdl, Self.extensionSDL]) == GraphQLTool.Outcome(output: """
            type Query {
              dog(name: String!): Dog
            }

            type Dog {
              name: String
              barks: Boolean
              age: Int
            }
            """, exitCode: 0))
    }

    @Test("hash prints the manifest: keys sorted, each file's exact text (trailing newline kept), duplicates once")
    func hashPrintsManifest() {
        // The hashes are Python's hashlib.sha256 of the same texts.
        let outcome = GraphQLTool.hash([
            (path: "b.graphql", bytes: Array("query B { b }\n".utf8)),
            (path: "a.graphql", bytes: Array("{ a }".utf8)),
            (path: "a-again.graphql", bytes: Array("{ a }".utf8)),
            (path: "q.graphql", bytes: Array("query Q {\n  dog(name: \"Rex\") { name }\n}\n".utf8)),
        ])
        #expect(outcome == GraphQLTool.Outcome(output: #"""
            {
              "1c7e1e347f726166b5b1c55afd61f278cc9b45e00c108ec33d540a566379811b": "{ a }",
              "b074bb74d3f4976d9ee3b778140f53311db370026dd2630eeba683fb432fd124": "query B { b }\n",
              "deb79c08296c36d3d686b0b658c3471aab5ad05e2b04c9589debae3cfb2177b5": "query Q {\n  dog(name: \"Rex\") { name }\n}\n"
            }
            """#, exitCode: 0))
    }

    @Test("hash names a file that does not parse, or is not UTF-8, on standard error with exit status 1")
    func hashRefusesBadFiles() {
        #expect(GraphQLTool.hash([
            (path: "ok.graphql", bytes: Array("{ a }".utf8)), (path: "broken.graphql", bytes: Array("{ a\n".utf8)),
        ]) == GraphQLTool.Outcome(
            output: "broken.graphql: Syntax Error: Expected Name, found <EOF>. (line 2, column 1)", exitCode: 1,
            toStandardError: true))
        #expect(GraphQLTool.hash([(path: "bin.graphql", bytes: [0x7B, 0xFF, 0x7D])]) == GraphQLTool.Outcome(
            output: "bin.graphql: not UTF-8 text", exitCode: 1, toStandardError: true))
    }

    @Test("hash refuses a file that cannot be read, naming it")
    func hashUnreadable() throws {
        let command = try GraphQLCommand.HashDocuments.parse(["/nonexistent/query.graphql"])
        let error = #expect(throws: ValidationError.self) { try command.run() }
        #expect(error?.message == "Cannot read /nonexistent/query.graphql.")
    }
}
