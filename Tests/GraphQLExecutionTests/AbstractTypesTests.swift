import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// Unions and interfaces built from SDL resolve their runtime type (spec §6.4.3
/// ResolveAbstractType): by a `resolveType` hook or by ``GraphQLTyped``.
@Suite struct AbstractTypesTests {
    let sdl = """
        interface Named { name: String }
        type Dog implements Named { name: String, barks: Boolean }
        type Cat implements Named { name: String, meows: Boolean }
        type Rock { weight: Int }
        union Thing = Dog | Cat
        type Query { named: [Named], things: [Thing], bad: Thing, unknown: Thing, untyped: Named }
        """

    func bindAll(_ b: inout ExecutableSchemaBuilder<Void>) {
        b.readProperties(of: "Dog")
        b.readProperties(of: "Cat")
        b.readProperties(of: "Rock")
        let pets: [Record] = [Record("Dog", ["name": "Rex", "barks": true]), Record("Cat", ["name": "Tom", "meows": false])]
        b.resolve("Query", "named") { _ in pets }
        b.resolve("Query", "things") { _ in pets.map { GraphQLValue.object(["kind": .string($0.typeName), "name": .string("\($0.fields["name"]!)")]) } }
        b.resolve("Query", "bad") { _ in GraphQLValue.object(["kind": "Rock"]) }
        b.resolve("Query", "unknown") { _ in GraphQLValue.object(["kind": "Fish"]) }
        b.resolve("Query", "untyped") { _ in 42 }
        b.resolveType("Thing") { value, _, _ in (value as? GraphQLValue)?["kind"]?.stringValue }
    }

    @Test func interfaceByGraphQLTypedAndUnionByHook() async throws {
        let json = try await run(
            sdl, query: "{ named { __typename name ... on Dog { barks } ... on Cat { meows } } things { __typename ... on Named { name } } }",
            context: (), bind: bindAll)
        #expect(json == #"{"data":{"named":[{"__typename":"Dog","name":"Rex","barks":true},{"__typename":"Cat","name":"Tom","meows":false}],"things":[{"__typename":"Dog","name":"Rex"},{"__typename":"Cat","name":"Tom"}]}}"#)
    }

    @Test func resolutionErrorsReadLikeGraphQLJS() async throws {
        let json = try await run(sdl, query: "{ bad { __typename } unknown { __typename } untyped { name } }", context: (), bind: bindAll)
        #expect(json == #"{"data":{"bad":null,"unknown":null,"untyped":null},"errors":[{"message":"Runtime Object type \"Rock\" is not a possible type for \"Thing\".","locations":[{"line":1,"column":3}],"path":["bad"]},{"message":"Abstract type \"Thing\" was resolved to a type \"Fish\" that does not exist inside the schema.","locations":[{"line":1,"column":22}],"path":["unknown"]},{"message":"Abstract type \"Named\" must resolve to an Object type at runtime for field \"Query.untyped\". Either the \"Named\" type should provide a \"resolveType\" function or each possible type should provide an \"isTypeOf\" function.","locations":[{"line":1,"column":45}],"path":["untyped"]}]}"#)
    }
}
