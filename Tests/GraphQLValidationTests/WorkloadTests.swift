import CommonTestSupport
import GraphQLLanguage
import GraphQLType
import Testing

@testable import GraphQLValidation

extension Workloads {
    /// The Snapfeed schema of the workloads, built once.
    static let schema: GraphQLSchema = {
        do {
            return try buildSchema(sdl: try text("schema.graphql"))
        } catch {
            preconditionFailure("The workload schema must build: \(error)")
        }
    }()
}

@Suite struct WorkloadTests {
    @Test(arguments: ["introspection.graphql", "feed.graphql", "search.graphql", "large.graphql"])
    func benchQueriesAreValid(name: String) throws {
        let document = try Parser.parse(try Workloads.text("queries/" + name))
        let errors = validate(schema: Workloads.schema, document: document)
        #expect(errors.map(\.description) == [])
    }

    @Test func introspectionQueryIsValidAgainstTheHarnessSchema() throws {
        let document = try Parser.parse(try Workloads.text("queries/introspection.graphql"))
        #expect(validate(schema: harnessSchema, document: document).map(\.description) == [])
    }

    @Test func anInvalidBenchQueryIsReported() throws {
        let text = try Workloads.text("queries/feed.graphql") + "\nfragment Unused on Query { __typename }\n"
        let errors = validate(schema: Workloads.schema, document: try Parser.parse(text))
        #expect(errors.map(\.message) == ["Fragment \"Unused\" is never used."])
    }
}
