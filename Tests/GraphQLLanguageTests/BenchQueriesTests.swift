import Foundation
import Testing

@testable import GraphQLLanguage

/// The benchmark workloads live in `shared/` beside the repository clone.
func benchQuery(_ name: String) throws -> String {
    var path = #filePath
    for _ in 0..<3 {
        path = String(path[..<path.lastIndex(of: "/")!])
    }
    let file = path + "/../shared/bench/workloads/queries/" + name
    return try String(contentsOfFile: file, encoding: .utf8)
}

@Suite struct BenchQueriesTests {
    @Test func parsesTheLargeQuery() throws {
        let text = try benchQuery("large.graphql")
        let document = try Parser.parse(text)
        #expect(!document.definitions.isEmpty)
        #expect(try tokenize(Source(body: text)).count == 5_329)
    }

    @Test func parsesTheIntrospectionQuery() throws {
        let document = try Parser.parse(try benchQuery("introspection.graphql"))
        #expect(document.operations.first?.name?.value == "IntrospectionQuery")
        #expect(document.fragments.map(\.name.value) == ["FullType", "InputValue", "TypeRef"])
    }
}
