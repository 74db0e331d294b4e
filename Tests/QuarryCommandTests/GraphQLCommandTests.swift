import GraphQLLanguage
import Testing

@testable import quarry

@Suite("quarry graphql parse | validate | print-schema")
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
}
