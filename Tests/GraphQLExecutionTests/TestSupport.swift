import GraphQLExecution
import GraphQLLanguage
import GraphQLType
import Synchronization
import Testing

/// Builds a schema from SDL, binds resolvers with `bind`, executes `query` and returns
/// the whole response as JSON text.
func run<Context: Sendable>(
    _ sdl: String, query: String, variables: GraphQLObjectValue = [:], operationName: String? = nil,
    context: Context, rootValue: (any Sendable)? = nil,
    bind: (inout ExecutableSchemaBuilder<Context>) -> Void
) async throws -> String {
    let schema = try buildSchema(sdl: sdl)
    var builder = ExecutableSchemaBuilder<Context>(schema: schema)
    bind(&builder)
    let executable = try builder.build()
    let document = try Parser.parse(query)
    let result = await executable.execute(
        document: document, operationName: operationName, variables: variables, context: context, rootValue: rootValue)
    return result.jsonText
}

/// A record type for tests: reads its fields by name and declares its object type.
struct Record: FieldReadable, GraphQLTyped {
    let typeName: String
    let fields: [String: any Sendable]

    init(_ typeName: String, _ fields: [String: any Sendable]) {
        self.typeName = typeName
        self.fields = fields
    }

    var graphQLTypeName: String { typeName }

    func graphQLField(_ name: String) -> (any Sendable)? { fields[name] }
}

/// A value shared with resolvers, behind a lock.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        mutex.withLock { body(&$0) }
    }
}
