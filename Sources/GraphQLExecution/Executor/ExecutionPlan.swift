import GraphQLLanguage
import GraphQLType

/// One merged field of a selection set for one request (the result of CollectFields,
/// spec §6.3.2), with what the executor learns about it once and reuses for every
/// object it completes: the binding, the coerced arguments (variables are fixed for
/// the request) and the collected subfields per runtime object type.
///
/// Confined to the task that executes the request.
final class FieldPlan<Context: Sendable> {
    let selection: FieldSelection
    let type: GraphQLTypeRef
    let resolver: FieldResolver<Context>?
    let guards: [BoundGuard<Context>]
    let isTypeName: Bool
    var arguments: ArgumentState = .notCoerced
    /// CollectSubfields results by runtime object type (usually one entry).
    var subplans: [(type: TypeID, plan: ObjectPlan<Context>)] = []

    enum ArgumentState {
        case notCoerced
        case coerced(GraphQLObjectValue)
        case failed(GraphQLError)
    }

    init(
        selection: FieldSelection, resolver: FieldResolver<Context>?, guards: [BoundGuard<Context>], isTypeName: Bool
    ) {
        self.selection = selection
        self.type = selection.field.type
        self.resolver = resolver
        self.guards = guards
        self.isTypeName = isTypeName
    }

    var name: String { selection.field.name }

    /// `Parent.field`, as graphql-js names a field in messages.
    var qualifiedName: String { selection.parentType.name + "." + selection.field.name }
}

/// The collected fields of a selection set on one object type.
final class ObjectPlan<Context: Sendable> {
    let type: GraphQLObjectType
    let fields: [FieldPlan<Context>]
    let shape: ResponseShape

    init(type: GraphQLObjectType, fields: [FieldPlan<Context>]) {
        self.type = type
        self.fields = fields
        self.shape = ResponseShape(
            keys: fields.map { ResponseShape.keyBytes($0.selection.responseKey) }, types: fields.map(\.type))
    }
}

/// What the serializer needs of an object in the response: each entry's key, already
/// written as `"key":`, and its type (for null propagation, spec §6.4.4).
final class ResponseShape {
    let keys: [[UInt8]]
    let types: [GraphQLTypeRef]

    init(keys: [[UInt8]], types: [GraphQLTypeRef]) {
        self.keys = keys
        self.types = types
    }

    static func keyBytes(_ key: String) -> [UInt8] {
        var writer = JSONWriter(capacity: key.utf8.count + 3)
        writer.string(key)
        writer.byte(UInt8(ascii: ":"))
        return writer.bytes
    }
}
