import GraphQLLanguage

/// A schema described by names, before names are resolved to ``TypeID``s.
///
/// Both the SDL builder and the built-in definitions (specified scalars,
/// introspection types, specified directives) produce this form; the
/// ``SchemaAssembler`` turns it into an immutable ``GraphQLSchema``.
struct SchemaDefinitions {
    var description: String?
    var queryTypeName: String?
    var mutationTypeName: String?
    var subscriptionTypeName: String?
    /// Named types in document order.
    var types: [NamedTypeDefinition] = []
    var directives: [DirectiveDefinition] = []
    var schemaDirectives: [AppliedDirectiveDefinition] = []
    var node: SchemaDefinitionNode?
}

/// A type as written: `[Name!]`.
indirect enum TypeExpression: Equatable, Sendable {
    case named(String)
    case list(TypeExpression)
    case nonNull(TypeExpression)

    var namedTypeName: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedTypeName
        }
    }
}

/// A value in a definition, such as a default value or a directive argument.
enum DefinitionValue: Sendable {
    case value(GraphQLValue)
    case literal(ValueNode)
}

/// A directive applied in a definition, with its arguments as written.
struct AppliedDirectiveDefinition: Sendable {
    var name: String
    var arguments: [(name: String, value: DefinitionValue)] = []
    /// Where it was written, for error locations.
    var node: DirectiveNode?
}

struct InputValueDefinition: Sendable {
    var name: String
    var description: String?
    var type: TypeExpression
    var defaultValue: DefinitionValue?
    var directives: [AppliedDirectiveDefinition] = []
    var node: InputValueDefinitionNode?
}

struct FieldDefinition: Sendable {
    var name: String
    var description: String?
    var arguments: [InputValueDefinition] = []
    var type: TypeExpression
    var directives: [AppliedDirectiveDefinition] = []
    var node: FieldDefinitionNode?
}

struct EnumValueDefinition: Sendable {
    var name: String
    var description: String?
    var directives: [AppliedDirectiveDefinition] = []
    var node: EnumValueDefinitionNode?
}

struct NamedTypeDefinition: Sendable {
    enum Kind: Sendable {
        case scalar(SpecifiedScalar?)
        case object(fields: [FieldDefinition], interfaces: [String])
        case interface(fields: [FieldDefinition], interfaces: [String])
        case union(members: [String])
        case enumeration([EnumValueDefinition])
        case inputObject([InputValueDefinition])
    }

    var name: String
    var description: String?
    var kind: Kind
    var directives: [AppliedDirectiveDefinition] = []
    var node: TypeDefinitionNode?
    var extensionNodes: [TypeExtensionNode] = []

    /// Names of the types this definition refers to, in graphql-js's
    /// `collectReferencedTypes` order: interfaces or members, then each field's type
    /// followed by its arguments' types.
    var referencedTypeNames: [String] {
        switch kind {
        case .scalar, .enumeration:
            return []
        case .object(let fields, let interfaces), .interface(let fields, let interfaces):
            var names = interfaces
            for field in fields {
                names.append(field.type.namedTypeName)
                names += field.arguments.map(\.type.namedTypeName)
            }
            return names
        case .union(let members):
            return members
        case .inputObject(let fields):
            return fields.map(\.type.namedTypeName)
        }
    }
}

struct DirectiveDefinition: Sendable {
    var name: String
    var description: String?
    var arguments: [InputValueDefinition] = []
    var isRepeatable = false
    var locations: [DirectiveLocation]
    var node: DirectiveDefinitionNode?
}
