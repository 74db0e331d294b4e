import GraphQLLanguage

/// An object type (spec §3.6): named fields, and the interfaces it implements.
public final class GraphQLObjectType: Sendable {
    public let id: TypeID
    public let name: String
    public let description: String?
    /// Fields in definition order (extensions' fields after the definition's).
    public let fields: [GraphQLField]
    /// The interfaces it implements, in declaration order.
    public let interfaces: [TypeID]
    public let directives: [GraphQLAppliedDirective]
    /// The SDL definition and extensions it was built from (for error locations).
    public let astNode: TypeDefinitionNode?
    public let extensionASTNodes: [TypeExtensionNode]
    let fieldIndex: [String: Int]

    init(
        id: TypeID, name: String, description: String?, fields: [GraphQLField], interfaces: [TypeID],
        directives: [GraphQLAppliedDirective], astNode: TypeDefinitionNode? = nil,
        extensionASTNodes: [TypeExtensionNode] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.fields = fields
        self.interfaces = interfaces
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
        self.fieldIndex = indexByName(fields.map(\.name))
    }

    /// The field named `name`, in one hash lookup.
    @inlinable public func field(named name: String) -> GraphQLField? {
        fieldPosition(named: name).map { fields[$0] }
    }

    /// The position of the field named `name` in ``fields``.
    public func fieldPosition(named name: String) -> Int? {
        fieldIndex[name]
    }
}

/// An interface type (spec §3.7): fields that implementing types must provide.
public final class GraphQLInterfaceType: Sendable {
    public let id: TypeID
    public let name: String
    public let description: String?
    public let fields: [GraphQLField]
    /// The interfaces this interface implements (spec §3.7, "Interfaces Implementing Interfaces").
    public let interfaces: [TypeID]
    public let directives: [GraphQLAppliedDirective]
    /// The SDL definition and extensions it was built from (for error locations).
    public let astNode: TypeDefinitionNode?
    public let extensionASTNodes: [TypeExtensionNode]
    let fieldIndex: [String: Int]

    init(
        id: TypeID, name: String, description: String?, fields: [GraphQLField], interfaces: [TypeID],
        directives: [GraphQLAppliedDirective], astNode: TypeDefinitionNode? = nil,
        extensionASTNodes: [TypeExtensionNode] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.fields = fields
        self.interfaces = interfaces
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
        self.fieldIndex = indexByName(fields.map(\.name))
    }

    /// The field named `name`, in one hash lookup.
    @inlinable public func field(named name: String) -> GraphQLField? {
        fieldPosition(named: name).map { fields[$0] }
    }

    /// The position of the field named `name` in ``fields``.
    public func fieldPosition(named name: String) -> Int? {
        fieldIndex[name]
    }
}

/// A union type (spec §3.8): one of several object types.
public final class GraphQLUnionType: Sendable {
    public let id: TypeID
    public let name: String
    public let description: String?
    /// Member object types, in declaration order.
    public let members: [TypeID]
    public let directives: [GraphQLAppliedDirective]
    /// The SDL definition and extensions it was built from (for error locations).
    public let astNode: TypeDefinitionNode?
    public let extensionASTNodes: [TypeExtensionNode]

    init(id: TypeID, name: String, description: String?, members: [TypeID], directives: [GraphQLAppliedDirective],
        astNode: TypeDefinitionNode? = nil, extensionASTNodes: [TypeExtensionNode] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.members = members
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }
}

/// An enum type (spec §3.9): a closed set of names.
public final class GraphQLEnumType: Sendable {
    public let id: TypeID
    public let name: String
    public let description: String?
    public let values: [GraphQLEnumValue]
    public let directives: [GraphQLAppliedDirective]
    /// The SDL definition and extensions it was built from (for error locations).
    public let astNode: TypeDefinitionNode?
    public let extensionASTNodes: [TypeExtensionNode]
    let valueIndex: [String: Int]

    init(id: TypeID, name: String, description: String?, values: [GraphQLEnumValue], directives: [GraphQLAppliedDirective],
        astNode: TypeDefinitionNode? = nil, extensionASTNodes: [TypeExtensionNode] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.values = values
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
        self.valueIndex = indexByName(values.map(\.name))
    }

    /// The value named `name`.
    public func value(named name: String) -> GraphQLEnumValue? {
        valueIndex[name].map { values[$0] }
    }
}

/// An input object type (spec §3.10), possibly a OneOf input object (`@oneOf`).
public final class GraphQLInputObjectType: Sendable {
    public let id: TypeID
    public let name: String
    public let description: String?
    public let fields: [GraphQLInputValue]
    /// Whether exactly one field must be given (`@oneOf`, spec §3.10.1 in the OneOf RFC).
    public let isOneOf: Bool
    public let directives: [GraphQLAppliedDirective]
    /// The SDL definition and extensions it was built from (for error locations).
    public let astNode: TypeDefinitionNode?
    public let extensionASTNodes: [TypeExtensionNode]
    let fieldIndex: [String: Int]

    init(
        id: TypeID, name: String, description: String?, fields: [GraphQLInputValue], isOneOf: Bool,
        directives: [GraphQLAppliedDirective], astNode: TypeDefinitionNode? = nil,
        extensionASTNodes: [TypeExtensionNode] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.fields = fields
        self.isOneOf = isOneOf
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
        self.fieldIndex = indexByName(fields.map(\.name))
    }

    /// The field named `name`.
    public func field(named name: String) -> GraphQLInputValue? {
        fieldIndex[name].map { fields[$0] }
    }
}

/// A name → position table; the first definition wins for duplicated names (which
/// schema validation reports).
func indexByName(_ names: [String]) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(names.count)
    for (position, name) in names.enumerated() where index[name] == nil {
        index[name] = position
    }
    return index
}
