/// `schema @directives { query: Query ... }` (spec §3.3 "Schema").
public struct SchemaDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var directives: [DirectiveNode]
    public var operationTypes: [OperationTypeDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension SchemaDefinitionNode {
    public init(
        description: StringValueNode? = nil, directives: [DirectiveNode] = [],
        operationTypes: [OperationTypeDefinitionNode], loc: Location? = nil
    ) {
        self.init(
            description: description, directives: directives, operationTypes: operationTypes,
            packedLoc: PackedLocation(loc))
    }
}

/// `extend schema @directives { ... }` (spec §3.3.2 "Schema Extension").
public struct SchemaExtensionNode: ASTNode, Equatable {
    public var directives: [DirectiveNode]
    public var operationTypes: [OperationTypeDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension SchemaExtensionNode {
    public init(
        directives: [DirectiveNode] = [], operationTypes: [OperationTypeDefinitionNode] = [], loc: Location? = nil
    ) {
        self.init(directives: directives, operationTypes: operationTypes, packedLoc: PackedLocation(loc))
    }
}

/// `query: Query` inside a schema definition (spec §3.3 "RootOperationTypeDefinition").
public struct OperationTypeDefinitionNode: ASTNode, Equatable {
    public var operation: OperationType
    public var type: NamedTypeNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension OperationTypeDefinitionNode {
    public init(operation: OperationType, type: NamedTypeNode, loc: Location? = nil) {
        self.init(operation: operation, type: type, packedLoc: PackedLocation(loc))
    }
}

/// `directive @name(args) repeatable on LOCATION | ...` (spec §3.13 "Directives").
///
/// `locations` keeps the names as written; the parser has checked that each
/// is a `DirectiveLocation`, which `DirectiveLocation(rawValue:)` recovers.
public struct DirectiveDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var arguments: [InputValueDefinitionNode]
    public var repeatable: Bool
    public var locations: [NameNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension DirectiveDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, arguments: [InputValueDefinitionNode] = [],
        repeatable: Bool = false, locations: [NameNode], loc: Location? = nil
    ) {
        self.init(
            description: description, name: name, arguments: arguments, repeatable: repeatable, locations: locations,
            packedLoc: PackedLocation(loc))
    }
}

/// `name(args): Type @directives` in an object or interface (spec §3.6 "FieldDefinition").
public struct FieldDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var arguments: [InputValueDefinitionNode]
    public var type: TypeNode
    public var directives: [DirectiveNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension FieldDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, arguments: [InputValueDefinitionNode] = [],
        type: TypeNode, directives: [DirectiveNode] = [], loc: Location? = nil
    ) {
        self.init(
            description: description, name: name, arguments: arguments, type: type, directives: directives,
            packedLoc: PackedLocation(loc))
    }
}

/// `name: Type = default @directives`: an argument definition or an input
/// object field (spec §3.6.1 "InputValueDefinition").
public struct InputValueDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var type: TypeNode
    public var defaultValue: ValueNode?
    public var directives: [DirectiveNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension InputValueDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, type: TypeNode, defaultValue: ValueNode? = nil,
        directives: [DirectiveNode] = [], loc: Location? = nil
    ) {
        self.init(
            description: description, name: name, type: type, defaultValue: defaultValue, directives: directives,
            packedLoc: PackedLocation(loc))
    }
}

/// `VALUE @directives` inside an enum (spec §3.9 "EnumValueDefinition").
public struct EnumValueDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension EnumValueDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [], loc: Location? = nil
    ) {
        self.init(description: description, name: name, directives: directives, packedLoc: PackedLocation(loc))
    }
}

/// Where a directive may appear (spec §3.13 "DirectiveLocations"), spelled as
/// in SDL.
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    // Executable directive locations.
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    // Type system directive locations.
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"

    /// The location of a directive on an operation of this kind.
    public init(operation: OperationType) {
        switch operation {
        case .query: self = .query
        case .mutation: self = .mutation
        case .subscription: self = .subscription
        }
    }
}
