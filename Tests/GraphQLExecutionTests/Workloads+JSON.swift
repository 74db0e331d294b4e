import CommonTestSupport
import GraphQLType

extension Workloads {
    /// A JSON file of the workloads as a value tree.
    static func json(_ name: String) throws -> GraphQLValue {
        TestJSONParser.parse(try bytes(name))
    }
}
