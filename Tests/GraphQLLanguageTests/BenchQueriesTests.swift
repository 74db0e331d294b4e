import CommonTestSupport
import Testing

@testable import GraphQLLanguage

@Suite struct BenchQueriesTests {
    @Test func parsesTheLargeQuery() throws {
        let text = try Workloads.text("queries/large.graphql")
        let document = try Parser.parse(text)
        #expect(!document.definitions.isEmpty)
        #expect(try tokenize(Source(body: text)).count == 5_329)
    }

    @Test func parsesTheIntrospectionQuery() throws {
        let document = try Parser.parse(try Workloads.text("queries/introspection.graphql"))
        #expect(document.operations.first?.name?.value == "IntrospectionQuery")
        #expect(document.fragments.map(\.name.value) == ["FullType", "InputValue", "TypeRef"])
    }
}
