import GraphQLLanguage
import GraphQLType

/// One merged field of a selection set for one request (the result of CollectFields,
/// spec §6.3.2), with what the executor learns about it once and reuses for every
/// object it completes: the binding, the coerced arguments (variables are fixed for
/// the request) and the collected subfields per runtime object type.
///
/// Confined to the task that executes the request.
final class FieldPlan {
    let selection: FieldSelection
    let type: GraphQLTypeRef
    let resolver: ErasedResolver?
    let guards: [BoundGuard]
    let isTypeName: Bool
    /// The built-in leaf the field's named type is, for completion's inline paths.
    let leafKind: LeafKind
    var arguments: ArgumentState = .notCoerced
    /// CollectSubfields results by runtime object type (usually one entry).
    var subplans: [(type: TypeID, plan: ObjectPlan)] = []

    enum LeafKind: Equatable {
        case string, int, float, boolean
        case enumeration(GraphQLEnumType)
        case other

        static func == (lhs: LeafKind, rhs: LeafKind) -> Bool {
            switch (lhs, rhs) {
            case (.string, .string), (.int, .int), (.float, .float), (.boolean, .boolean), (.other, .other): true
            case (.enumeration(let left), .enumeration(let right)): left === right
            default: false
            }
        }
    }

    enum ArgumentState {
        case notCoerced
        case coerced(GraphQLObjectValue)
        case failed(GraphQLError)
    }

    init(
        selection: FieldSelection, resolver: ErasedResolver?, guards: [BoundGuard], isTypeName: Bool,
        schema: GraphQLSchema
    ) {
        switch schema[selection.field.type.namedType] {
        case .scalar(let scalar):
            switch scalar.specified {
            case .string?, .id?: leafKind = .string
            case .int?: leafKind = .int
            case .float?: leafKind = .float
            case .boolean?: leafKind = .boolean
            case nil: leafKind = .other
            }
        case .enumeration(let enumType): leafKind = .enumeration(enumType)
        default: leafKind = .other
        }
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
final class ObjectPlan {
    let type: GraphQLObjectType
    let fields: [FieldPlan]
    let shape: ResponseShape
    /// Whether a field has no bound resolver, so the source is read as a ``FieldReadable``: the
    /// cast is then made once per object, and not at all for objects whose fields all have one.
    let readsByDefault: Bool

    init(type: GraphQLObjectType, fields: [FieldPlan]) {
        self.type = type
        self.fields = fields
        readsByDefault = fields.contains { !$0.isTypeName && $0.resolver == nil }
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
