/// A named type definition (spec §3.4 "TypeDefinition").
public enum TypeDefinitionNode: ASTNode, Equatable {
    case scalar(ScalarTypeDefinitionNode)
    case object(ObjectTypeDefinitionNode)
    case interface(InterfaceTypeDefinitionNode)
    case union(UnionTypeDefinitionNode)
    case `enum`(EnumTypeDefinitionNode)
    case inputObject(InputObjectTypeDefinitionNode)

    public var loc: Location? {
        switch self {
        case .scalar(let node): node.loc
        case .object(let node): node.loc
        case .interface(let node): node.loc
        case .union(let node): node.loc
        case .enum(let node): node.loc
        case .inputObject(let node): node.loc
        }
    }

    public var name: NameNode {
        switch self {
        case .scalar(let node): node.name
        case .object(let node): node.name
        case .interface(let node): node.name
        case .union(let node): node.name
        case .enum(let node): node.name
        case .inputObject(let node): node.name
        }
    }

    public var description: StringValueNode? {
        switch self {
        case .scalar(let node): node.description
        case .object(let node): node.description
        case .interface(let node): node.description
        case .union(let node): node.description
        case .enum(let node): node.description
        case .inputObject(let node): node.description
        }
    }

    public var directives: [DirectiveNode] {
        switch self {
        case .scalar(let node): node.directives
        case .object(let node): node.directives
        case .interface(let node): node.directives
        case .union(let node): node.directives
        case .enum(let node): node.directives
        case .inputObject(let node): node.directives
        }
    }
}

/// `scalar Name @directives` (spec §3.5 "Scalars").
public struct ScalarTypeDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension ScalarTypeDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [], loc: Location? = nil
    ) {
        self.init(description: description, name: name, directives: directives, packedLoc: PackedLocation(loc))
    }
}

/// `type Name implements A & B @directives { fields }` (spec §3.6 "Objects").
public struct ObjectTypeDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var interfaces: [NamedTypeNode]
    public var directives: [DirectiveNode]
    public var fields: [FieldDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension ObjectTypeDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, interfaces: [NamedTypeNode] = [],
        directives: [DirectiveNode] = [], fields: [FieldDefinitionNode] = [], loc: Location? = nil
    ) {
        self.init(
            description: description, name: name, interfaces: interfaces, directives: directives, fields: fields,
            packedLoc: PackedLocation(loc))
    }
}

/// `interface Name implements A @directives { fields }` (spec §3.7 "Interfaces").
public struct InterfaceTypeDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var interfaces: [NamedTypeNode]
    public var directives: [DirectiveNode]
    public var fields: [FieldDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension InterfaceTypeDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, interfaces: [NamedTypeNode] = [],
        directives: [DirectiveNode] = [], fields: [FieldDefinitionNode] = [], loc: Location? = nil
    ) {
        self.init(
            description: description, name: name, interfaces: interfaces, directives: directives, fields: fields,
            packedLoc: PackedLocation(loc))
    }
}

/// `union Name @directives = A | B` (spec §3.8 "Unions").
public struct UnionTypeDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var types: [NamedTypeNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension UnionTypeDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [],
        types: [NamedTypeNode] = [], loc: Location? = nil
    ) {
        self.init(
            description: description, name: name, directives: directives, types: types, packedLoc: PackedLocation(loc))
    }
}

/// `enum Name @directives { VALUES }` (spec §3.9 "Enums").
public struct EnumTypeDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var values: [EnumValueDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension EnumTypeDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [],
        values: [EnumValueDefinitionNode] = [], loc: Location? = nil
    ) {
        self.init(
            description: description, name: name, directives: directives, values: values,
            packedLoc: PackedLocation(loc))
    }
}

/// `input Name @directives { fields }` (spec §3.10 "Input Objects").
public struct InputObjectTypeDefinitionNode: ASTNode, Equatable {
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var fields: [InputValueDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension InputObjectTypeDefinitionNode {
    public init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [],
        fields: [InputValueDefinitionNode] = [], loc: Location? = nil
    ) {
        self.init(
            description: description, name: name, directives: directives, fields: fields,
            packedLoc: PackedLocation(loc))
    }
}
