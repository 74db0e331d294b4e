import CommonTestSupport
import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Testing

/// W3 correctness: the feed and search queries over data.json give graphql-core's
/// responses byte for byte (same key order, same escaping, same numbers).
@Suite struct FeedWorkloadTests {
    @Test func feedQueryMatchesGraphQLCore() async throws {
        let workload = try FeedWorkload.shared.get()
        let document = try Parser.parse(try Workloads.text("queries/feed.graphql"))
        let variables = try Workloads.json("queries/feed.variables.json").objectValue!
        let result = await workload.executable.execute(document: document, variables: variables, context: ())
        #expect(result.errors.isEmpty)
        let expected = try Workloads.bytes("expected_feed.json")
        #expect(result.jsonBytes().count == expected.count)
        #expect(result.jsonBytes() == expected)
    }

    @Test func searchOverUnionMatchesGraphQLCore() async throws {
        let workload = try FeedWorkload.shared.get()
        let document = try Parser.parse(try Workloads.text("queries/search.graphql"))
        let variables = try Workloads.json("queries/search.variables.json").objectValue!
        let result = await workload.executable.execute(document: document, variables: variables, context: ())
        #expect(result.errors.isEmpty)
        #expect(result.jsonText == (try Workloads.text("expected_search.json")))
    }
}
