import GraphQLLanguage
import GraphQLType

/// What a resolver is given (graphql-js passes `source, args, context, info`; here
/// they travel in one value so that adding a property breaks no resolver).
public struct ResolveInfo<Context: Sendable>: Sendable {
    /// The parent object's value (the root value for root fields).
    public let source: any Sendable
    /// The field's coerced arguments (spec §6.4.1 "CoerceArgumentValues"), defaults applied.
    public let args: GraphQLObjectValue
    /// The request's context.
    public let context: Context
    /// The response path of this field.
    public let path: [GraphQLError.PathComponent]
    /// The selection this field comes from: definition, parent type, field nodes.
    public let selection: FieldSelection
    /// The request: schema, operation, fragments, coerced variables.
    public let request: ExecutionRequest

    @usableFromInline init(
        source: any Sendable, args: GraphQLObjectValue, context: Context, path: [GraphQLError.PathComponent],
        selection: FieldSelection, request: ExecutionRequest
    ) {
        self.source = source
        self.args = args
        self.context = context
        self.path = path
        self.selection = selection
        self.request = request
    }

    public var fieldName: String { selection.field.name }
    public var field: GraphQLField { selection.field }
    public var parentType: GraphQLObjectType { selection.parentType }
    public var fieldNodes: [FieldNode] { selection.fieldNodes }
    public var schema: GraphQLSchema { request.schema }
    public var variables: GraphQLObjectValue { request.variables }

    /// The source as the type the resolver expects, or a clear error.
    @inlinable public func source<Source>(as type: Source.Type) throws(GraphQLError) -> Source {
        guard let typed = source as? Source else {
            throw GraphQLError(
                "Expected the source of \(parentType.name).\(fieldName) to be \(Source.self), got \(Swift.type(of: source)).")
        }
        return typed
    }
}

/// One merged field of a selection set after CollectFields (spec §6.3.2): the
/// response key, the field nodes that share it, the field definition and its
/// parent object type. Immutable and shared by every resolver call of the field.
public final class FieldSelection: Sendable {
    public let responseKey: String
    public let fieldNodes: [FieldNode]
    public let field: GraphQLField
    public let parentType: GraphQLObjectType

    init(responseKey: String, fieldNodes: [FieldNode], field: GraphQLField, parentType: GraphQLObjectType) {
        self.responseKey = responseKey
        self.fieldNodes = fieldNodes
        self.field = field
        self.parentType = parentType
    }
}

/// The parts of a request every resolver may need, shared by reference.
public final class ExecutionRequest: Sendable {
    public let schema: GraphQLSchema
    public let operation: OperationDefinitionNode
    public let fragments: [String: FragmentDefinitionNode]
    /// Variables after coercion (spec §6.1.2), defaults applied.
    public let variables: GraphQLObjectValue
    public let rootValue: any Sendable

    init(
        schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: [String: FragmentDefinitionNode],
        variables: GraphQLObjectValue, rootValue: any Sendable
    ) {
        self.schema = schema
        self.operation = operation
        self.fragments = fragments
        self.variables = variables
        self.rootValue = rootValue
    }
}
