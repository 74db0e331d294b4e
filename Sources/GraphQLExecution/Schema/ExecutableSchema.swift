import GraphQLLanguage
import GraphQLType

/// A schema with its resolvers bound, checked, and laid out for the executor:
/// bindings are found by type index and field position (two array accesses), never
/// by name at request time. Built once at start-up with ``ExecutableSchemaBuilder``
/// and shared by every request.
public final class ExecutableSchema<Context: Sendable>: Sendable {
    public let schema: GraphQLSchema
    let core: ExecutionCore

    init(core: ExecutionCore) {
        self.schema = core.schema
        self.core = core
    }
}

/// Everything bound to one field of an object type, as the builder collects it.
struct FieldBinding<Context: Sendable>: Sendable {
    var resolver: FieldResolver<Context>?
    var subscribe: SubscribeResolver<Context>?
}
