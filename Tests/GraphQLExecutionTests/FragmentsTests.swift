import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// CollectFields (spec §6.3.2): fragments, inline fragments, `@skip`/`@include`,
/// merging of fields with the same response key (§6.4.3 MergeSelectionSets).
@Suite struct FragmentsTests {
    let sdl = "type Query { a: String, b: String, obj: Obj } type Obj { x: String, y: String, z: String }"

    func execute(_ query: String, variables: GraphQLObjectValue = [:]) async throws -> String {
        try await run(sdl, query: query, variables: variables, context: ()) { b in
            b.resolve("Query", "a") { _ in "a" }
            b.resolve("Query", "b") { _ in "b" }
            b.resolve("Query", "obj") { _ in Record("Obj", ["x": "x", "y": "y", "z": "z"]) }
            b.readProperties(of: "Obj")
        }
    }

    @Test func fragmentsMergeInFirstAppearanceOrder() async throws {
        let json = try await execute(
            "{ obj { z ...F } b ... on Query { a obj { x } } } fragment F on Obj { y x ...F }")
        #expect(json == #"{"data":{"obj":{"z":"z","y":"y","x":"x"},"b":"b","a":"a"}}"#)
    }

    @Test func skipAndInclude() async throws {
        let query = "query($yes: Boolean!, $no: Boolean!) { a @skip(if: $yes) b @include(if: $yes) obj @include(if: $no) { x } ... @skip(if: true) { c: a } ...F @include(if: $no) } fragment F on Query { d: a }"
        #expect(try await execute(query, variables: ["yes": true, "no": false]) == #"{"data":{"b":"b"}}"#)
        #expect(
            try await execute(query, variables: ["yes": false, "no": true])
                == #"{"data":{"a":"a","obj":{"x":"x"},"d":"a"}}"#)
        #expect(try await execute("{ a @skip(if: false) @include(if: false) }") == #"{"data":{}}"#)
    }
}
