/// `extend scalar|type|interface|union|enum|input ...` (spec §3.4.3 "Type Extensions").
public enum TypeExtensionNode: ASTNode, Equatable {
    case scalar(ScalarTypeExtensionNode)
    case object(ObjectTypeExtensionNode)
    case interface(InterfaceTypeExtensionNode)
    case union(UnionTypeExtensionNode)
    case `enum`(EnumTypeExtensionNode)
    case inputObject(InputObjectTypeExtensionNode)

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

/// `extend scalar Name @directives` (spec §3.5.1).
public struct ScalarTypeExtensionNode: ASTNode, Equatable {
    public var name: NameNode
    public var directives: [DirectiveNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension ScalarTypeExtensionNode {
    public init(name: NameNode, directives: [DirectiveNode] = [], loc: Location? = nil) {
        self.init(name: name, directives: directives, packedLoc: PackedLocation(loc))
    }
}

/// `extend type Name implements A @directives { fields }` (spec §3.6.3).
public struct ObjectTypeExtensionNode: ASTNode, Equatable {
    public var name: NameNode
    public var interfaces: [NamedTypeNode]
    public var directives: [DirectiveNode]
    public var fields: [FieldDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension ObjectTypeExtensionNode {
    public init(
        name: NameNode, interfaces: [NamedTypeNode] = [], directives: [DirectiveNode] = [],
        fields: [FieldDefinitionNode] = [], loc: Location? = nil
    ) {
        self.init(
            name: name, interfaces: interfaces, directives: directives, fields: fields, packedLoc: PackedLocation(loc))
    }
}

/// `extend interface Name implements A @directives { fields }` (spec §3.7.1).
public struct InterfaceTypeExtensionNode: ASTNode, Equatable {
    public var name: NameNode
    public var interfaces: [NamedTypeNode]
    public var directives: [DirectiveNode]
    public var fields: [FieldDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension InterfaceTypeExtensionNode {
    public init(
        name: NameNode, interfaces: [NamedTypeNode] = [], directives: [DirectiveNode] = [],
        fields: [FieldDefinitionNode] = [], loc: Location? = nil
    ) {
        self.init(
            name: name, interfaces: interfaces, directives: directives, fields: fields, packedLoc: PackedLocation(loc))
    }
}

/// `extend union Name @directives = A | B` (spec §3.8.1).
public struct UnionTypeExtensionNode: ASTNode, Equatable {
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var types: [NamedTypeNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension UnionTypeExtensionNode {
    public init(name: NameNode, directives: [DirectiveNode] = [], types: [NamedTypeNode] = [], loc: Location? = nil) {
        self.init(name: name, directives: directives, types: types, packedLoc: PackedLocation(loc))
    }
}

/// `extend enum Name @directives { VALUES }` (spec §3.9.1).
public struct EnumTypeExtensionNode: ASTNode, Equatable {
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var values: [EnumValueDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension EnumTypeExtensionNode {
    public init(
        name: NameNode, directives: [DirectiveNode] = [], values: [EnumValueDefinitionNode] = [],
        loc: Location? = nil
    ) {
        self.init(name: name, directives: directives, values: values, packedLoc: PackedLocation(loc))
    }
}

/// `extend input Name @directives { fields }` (spec §3.10.1).
public struct InputObjectTypeExtensionNode: ASTNode, Equatable {
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var fields: [InputValueDefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension InputObjectTypeExtensionNode {
    public init(
        name: NameNode, directives: [DirectiveNode] = [], fields: [InputValueDefinitionNode] = [],
        loc: Location? = nil
    ) {
        self.init(name: name, directives: directives, fields: fields, packedLoc: PackedLocation(loc))
    }
}
