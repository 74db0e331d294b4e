/// A type reference (spec §2.11 "Type References"): `Name`, `[Type]`, `Type!`.
///
/// The grammar never nests non-null directly (`Type!!`); the parser keeps that
/// invariant, so a `nonNull` wraps a `named` or a `list`.
public indirect enum TypeNode: ASTNode, Equatable {
    case named(NamedTypeNode)
    case list(ListTypeNode)
    case nonNull(NonNullTypeNode)

    public var loc: Location? {
        switch self {
        case .named(let node): node.loc
        case .list(let node): node.loc
        case .nonNull(let node): node.loc
        }
    }

    /// The named type at the core of the reference: `User` for `[User!]!`.
    public var namedType: NamedTypeNode {
        switch self {
        case .named(let node): node
        case .list(let node): node.type.namedType
        case .nonNull(let node): node.type.namedType
        }
    }
}

/// `Name` (spec §2.11 "NamedType").
public struct NamedTypeNode: ASTNode, Equatable {
    public var name: NameNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension NamedTypeNode {
    public init(name: NameNode, loc: Location? = nil) {
        self.init(name: name, packedLoc: PackedLocation(loc))
    }
}

/// `[Type]` (spec §2.11 "ListType").
public struct ListTypeNode: ASTNode, Equatable {
    public var type: TypeNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension ListTypeNode {
    public init(type: TypeNode, loc: Location? = nil) {
        self.init(type: type, packedLoc: PackedLocation(loc))
    }
}

/// `Type!` (spec §2.11 "NonNullType").
public struct NonNullTypeNode: ASTNode, Equatable {
    public var type: TypeNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension NonNullTypeNode {
    public init(type: TypeNode, loc: Location? = nil) {
        self.init(type: type, packedLoc: PackedLocation(loc))
    }
}
