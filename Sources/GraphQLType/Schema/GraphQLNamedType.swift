import GraphQLLanguage

/// The kinds of type (spec §4.2.2, `__TypeKind`); raw values are introspection's names.
public enum GraphQLTypeKind: String, Sendable, CaseIterable {
    case scalar = "SCALAR"
    case object = "OBJECT"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumeration = "ENUM"
    case inputObject = "INPUT_OBJECT"
    case list = "LIST"
    case nonNull = "NON_NULL"
}

/// A named type of a schema (spec §3.4).
public enum GraphQLNamedType: Sendable {
    case scalar(GraphQLScalarType)
    case object(GraphQLObjectType)
    case interface(GraphQLInterfaceType)
    case union(GraphQLUnionType)
    case enumeration(GraphQLEnumType)
    case inputObject(GraphQLInputObjectType)
}

extension GraphQLNamedType {
    public var id: TypeID {
        switch self {
        case .scalar(let type): type.id
        case .object(let type): type.id
        case .interface(let type): type.id
        case .union(let type): type.id
        case .enumeration(let type): type.id
        case .inputObject(let type): type.id
        }
    }

    public var name: String {
        switch self {
        case .scalar(let type): type.name
        case .object(let type): type.name
        case .interface(let type): type.name
        case .union(let type): type.name
        case .enumeration(let type): type.name
        case .inputObject(let type): type.name
        }
    }

    public var description: String? {
        switch self {
        case .scalar(let type): type.description
        case .object(let type): type.description
        case .interface(let type): type.description
        case .union(let type): type.description
        case .enumeration(let type): type.description
        case .inputObject(let type): type.description
        }
    }

    /// Directives applied to the definition in the SDL.
    public var directives: [GraphQLAppliedDirective] {
        switch self {
        case .scalar(let type): type.directives
        case .object(let type): type.directives
        case .interface(let type): type.directives
        case .union(let type): type.directives
        case .enumeration(let type): type.directives
        case .inputObject(let type): type.directives
        }
    }

    /// The SDL definition the type was built from; `nil` for built-in types.
    public var astNode: TypeDefinitionNode? {
        switch self {
        case .scalar(let type): type.astNode
        case .object(let type): type.astNode
        case .interface(let type): type.astNode
        case .union(let type): type.astNode
        case .enumeration(let type): type.astNode
        case .inputObject(let type): type.astNode
        }
    }

    /// The SDL extensions applied to the type.
    public var extensionASTNodes: [TypeExtensionNode] {
        switch self {
        case .scalar(let type): type.extensionASTNodes
        case .object(let type): type.extensionASTNodes
        case .interface(let type): type.extensionASTNodes
        case .union(let type): type.extensionASTNodes
        case .enumeration(let type): type.extensionASTNodes
        case .inputObject(let type): type.extensionASTNodes
        }
    }

    public var kind: GraphQLTypeKind {
        switch self {
        case .scalar: .scalar
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enumeration: .enumeration
        case .inputObject: .inputObject
        }
    }

    /// Output fields of an object or interface; `nil` for other kinds.
    public var fields: [GraphQLField]? {
        switch self {
        case .object(let type): type.fields
        case .interface(let type): type.fields
        default: nil
        }
    }

    /// The output field named `name` of an object or interface.
    public func field(named name: String) -> GraphQLField? {
        switch self {
        case .object(let type): type.field(named: name)
        case .interface(let type): type.field(named: name)
        default: nil
        }
    }

    /// Interfaces an object or interface implements; empty for other kinds.
    public var interfaces: [TypeID] {
        switch self {
        case .object(let type): type.interfaces
        case .interface(let type): type.interfaces
        default: []
        }
    }

    /// One of the introspection types of spec §4.2 (`__Schema`, `__Type`, …).
    public var isIntrospectionType: Bool {
        introspectionTypeNames.contains(name)
    }

    /// One of the scalars of spec §3.5 (`Int`, `Float`, `String`, `Boolean`, `ID`).
    public var isSpecifiedScalar: Bool {
        asScalar?.specified != nil
    }

    /// Scalars, enums and input objects may be used as inputs (spec §3.4.2).
    public var isInputType: Bool {
        switch self {
        case .scalar, .enumeration, .inputObject: true
        default: false
        }
    }

    /// Everything but input objects may be used as outputs (spec §3.4.2).
    public var isOutputType: Bool {
        if case .inputObject = self { return false }
        return true
    }

    /// Scalars and enums: the leaves of a response.
    public var isLeafType: Bool {
        switch self {
        case .scalar, .enumeration: true
        default: false
        }
    }

    /// Objects, interfaces and unions: types with selection sets.
    public var isCompositeType: Bool {
        switch self {
        case .object, .interface, .union: true
        default: false
        }
    }

    /// Interfaces and unions.
    public var isAbstractType: Bool {
        switch self {
        case .interface, .union: true
        default: false
        }
    }

    public var asObject: GraphQLObjectType? {
        if case .object(let type) = self { return type }
        return nil
    }

    public var asInterface: GraphQLInterfaceType? {
        if case .interface(let type) = self { return type }
        return nil
    }

    public var asUnion: GraphQLUnionType? {
        if case .union(let type) = self { return type }
        return nil
    }

    public var asScalar: GraphQLScalarType? {
        if case .scalar(let type) = self { return type }
        return nil
    }

    public var asEnum: GraphQLEnumType? {
        if case .enumeration(let type) = self { return type }
        return nil
    }

    public var asInputObject: GraphQLInputObjectType? {
        if case .inputObject(let type) = self { return type }
        return nil
    }
}

/// The names of the introspection types (spec §4.2).
let introspectionTypeNames = Set(IntrospectionTypeDefinitions.all.map(\.name))
