import GraphQLLanguage
import GraphQLType

/// A schema with its resolvers bound, checked, and laid out for the executor:
/// bindings are found by type index and field position (two array accesses), never
/// by name at request time. Built once at start-up with ``ExecutableSchemaBuilder``
/// and shared by every request.
public final class ExecutableSchema<Context: Sendable>: Sendable {
    public let schema: GraphQLSchema
    /// `bindings[type index][field position]` for object types.
    let bindings: [[FieldBinding<Context>]]
    /// Meta-field resolvers (`__schema`, `__type`) on the query type, by field name.
    let metaFieldResolvers: [String: FieldResolver<Context>]
    /// `resolveType` hooks by abstract type index.
    let typeResolvers: [TypeResolver<Context>?]

    init(
        schema: GraphQLSchema, bindings: [[FieldBinding<Context>]], metaFieldResolvers: [String: FieldResolver<Context>],
        typeResolvers: [TypeResolver<Context>?]
    ) {
        self.schema = schema
        self.bindings = bindings
        self.metaFieldResolvers = metaFieldResolvers
        self.typeResolvers = typeResolvers
    }

    /// The binding of a field of an object type; `nil` for meta-fields.
    func binding(type: GraphQLObjectType, field name: String) -> FieldBinding<Context>? {
        guard let position = type.fieldPosition(named: name) else { return nil }
        return bindings[Int(type.id.index)][position]
    }
}

/// Everything bound to one field of an object type.
struct FieldBinding<Context: Sendable>: Sendable {
    var resolver: FieldResolver<Context>?
    var subscribe: SubscribeResolver<Context>?
    var guards: [BoundGuard<Context>] = []
}
