import CommonTestSupport
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// Introspection (spec §4) checked against graphql-core: the standard introspection
/// query on the benchmark schema must give graphql-core's own answer, and rebuild the
/// same schema there.
@Suite("Introspection against graphql-core")
struct IntrospectionTests {
    struct NoContext: Sendable {}

    /// Executes `query` with no resolvers bound beyond what introspection needs.
    static func introspect(_ sdl: String, _ query: String) async throws -> String {
        let schema = try buildSchema(sdl: sdl)
        var builder = ExecutableSchemaBuilder<NoContext>(schema: schema)
        for type in schema.types {
            guard let object = type.asObject, !object.name.hasPrefix("__") else { continue }
            builder.readProperties(of: object.name)
        }
        let executable = try builder.build()
        let result = await executable.execute(document: try Parser.parse(query), context: NoContext())
        return result.jsonText
    }

    /// Both responses parsed and compared as values (key order aside, as JSON objects).
    static func expectSameResponse(_ sdl: String, _ query: String) async throws {
        let ours = try await introspect(sdl, query)
        let theirs = try GraphQLCoreOracle.execute(sdl: sdl, query: query)
        // Byte for byte: same key order, same string escaping.
        #expect(ours == theirs)
        let ourValue = try JSONReader.read(ours)
        #expect(ourValue["errors"] == nil, "\(ours.prefix(500))")
        let same = try ourValue == JSONReader.read(theirs)
        #expect(same, "ours: \(ours.prefix(2000))\ntheirs: \(theirs.prefix(2000))")
    }

    @Test("the standard introspection query answers as graphql-core does on the benchmark schema")
    func standardQueryMatchesGraphQLCore() async throws {
        try await Self.expectSameResponse(
            try Workloads.text("schema.graphql"), try Workloads.text("queries/introspection.graphql"))
    }

    @Test("graphql-core rebuilds the same schema from our introspection result")
    func clientSchemaRoundTrip() async throws {
        let sdl = try Workloads.text("schema.graphql")
        let ours = try await Self.introspect(sdl, try Workloads.text("queries/introspection.graphql"))
        let printed = try GraphQLCoreOracle.run(
            """
            import json, sys
            from graphql import build_client_schema, build_schema, print_schema
            sdl, result = (open(p, encoding="utf-8").read() for p in sys.argv[1:3])
            rebuilt = print_schema(build_client_schema(json.loads(result)["data"]))
            own = print_schema(build_schema(sdl))
            print("SAME" if rebuilt == own else "DIFFERENT\\n" + rebuilt)
            """, inputs: [sdl, ours])
        #expect(printed == "SAME")
    }

    static let deprecations = """
        "A small schema"
        schema { query: Root }
        type Root {
          "a field"
          current(
            "an arg"
            limit: Int = 10, old: String @deprecated(reason: "Use limit."), filter: Filter = {tags: ["a", "b"], min: 1.5}
          ): [Item!]!
          legacy: Item @deprecated
          lookup(kind: Kind! = B): Shape
        }
        interface Shape { id: ID! }
        interface Named implements Shape { id: ID! name: String }
        type Item implements Shape & Named { id: ID! name: String kind: Kind }
        union Either = Item
        enum Kind { A B @deprecated(reason: "Gone.") C }
        input Filter { tags: [String!] min: Float old: Int @deprecated(reason: "No.") }
        scalar Date @specifiedBy(url: "https://example.com/date")
        directive @tag(name: String!, legacy: Int @deprecated) repeatable on FIELD_DEFINITION | OBJECT
        """

    @Test("includeDeprecated: false (the default) leaves deprecated elements out; true keeps them", arguments: [
        "{ __type(name: \"Root\") { fields { name isDeprecated deprecationReason args { name defaultValue } } } }",
        "{ __type(name: \"Root\") { fields(includeDeprecated: true) { name args(includeDeprecated: true) { name isDeprecated deprecationReason defaultValue } } } }",
        "{ __type(name: \"Kind\") { enumValues { name } all: enumValues(includeDeprecated: true) { name isDeprecated deprecationReason } } }",
        "{ __type(name: \"Filter\") { inputFields { name } all: inputFields(includeDeprecated: true) { name isDeprecated } } }",
        "{ __schema { directives { name isRepeatable locations args { name } all: args(includeDeprecated: true) { name } } } }",
    ])
    func includeDeprecated(query: String) async throws {
        try await Self.expectSameResponse(Self.deprecations, query)
    }

    @Test("wrappers, abstract types, missing types and the schema's own fields", arguments: [
        "{ __type(name: \"Root\") { fields { type { kind name ofType { kind name ofType { kind name ofType { name } } } } } } }",
        "{ __type(name: \"Shape\") { kind possibleTypes { name } interfaces { name } fields { name } } }",
        "{ __type(name: \"Named\") { possibleTypes { name } interfaces { name } } }",
        "{ __type(name: \"Either\") { kind possibleTypes { name } fields { name } interfaces { name } inputFields { name } } }",
        "{ __type(name: \"Date\") { kind specifiedByURL enumValues { name } ofType { name } } }",
        "{ __type(name: \"Nope\") { name } }",
        "{ __schema { description queryType { name } mutationType { name } subscriptionType { name } types { name kind } } }",
        "{ __typename a: __type(name: \"Item\") { __typename name fields { __typename name } } }",
    ])
    func shapes(query: String) async throws {
        try await Self.expectSameResponse(Self.deprecations, query)
    }

    @Test("isOneOf is true for @oneOf input objects, false for other input objects, null otherwise")
    func isOneOf() async throws {
        let sdl = """
            input ByID @oneOf { id: ID, name: String }
            input Plain { id: ID }
            type Query { find(by: ByID, plain: Plain): String }
            """
        let response = try await Self.introspect(
            sdl,
            """
            { oneOf: __type(name: "ByID") { isOneOf inputFields { name type { kind name } } }
              plain: __type(name: "Plain") { isOneOf }
              query: __type(name: "Query") { isOneOf } }
            """)
        #expect(try JSONReader.read(response) == JSONReader.read("""
            {"data":{"oneOf":{"isOneOf":true,"inputFields":[{"name":"id","type":{"kind":"SCALAR","name":"ID"}},\
            {"name":"name","type":{"kind":"SCALAR","name":"String"}}]},\
            "plain":{"isOneOf":false},"query":{"isOneOf":null}}}
            """))
        let directive = try await Self.introspect(sdl, "{ __schema { directives { name locations } } }")
        #expect(directive.contains(#"{"name":"oneOf","locations":["INPUT_OBJECT"]}"#))
    }
}
