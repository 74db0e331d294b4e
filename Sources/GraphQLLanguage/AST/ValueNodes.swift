/// An input value literal (spec §2.9 "Input Values").
///
/// Constant positions (default values, directive arguments in SDL) use the
/// same type; the parser rejects variables there (spec's `Value[Const]`).
public enum ValueNode: ASTNode, Equatable {
    case variable(VariableNode)
    case int(IntValueNode)
    case float(FloatValueNode)
    case string(StringValueNode)
    case boolean(BooleanValueNode)
    case null(NullValueNode)
    case `enum`(EnumValueNode)
    case list(ListValueNode)
    case object(ObjectValueNode)

    public var loc: Location? {
        switch self {
        case .variable(let node): node.loc
        case .int(let node): node.loc
        case .float(let node): node.loc
        case .string(let node): node.loc
        case .boolean(let node): node.loc
        case .null(let node): node.loc
        case .enum(let node): node.loc
        case .list(let node): node.loc
        case .object(let node): node.loc
        }
    }
}

/// `$name` (spec §2.10 "Variables").
public struct VariableNode: ASTNode, Equatable {
    public var name: NameNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension VariableNode {
    public init(name: NameNode, loc: Location? = nil) {
        self.init(name: name, packedLoc: PackedLocation(loc))
    }
}

/// An integer literal, kept as its source text; coercion to a 32-bit Int
/// happens in the type system (spec §2.9.1 "Int Value").
public struct IntValueNode: ASTNode, Equatable {
    public var value: String
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension IntValueNode {
    public init(value: String, loc: Location? = nil) {
        self.init(value: value, packedLoc: PackedLocation(loc))
    }
}

/// A float literal, kept as its source text (spec §2.9.2 "Float Value").
public struct FloatValueNode: ASTNode, Equatable {
    public var value: String
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension FloatValueNode {
    public init(value: String, loc: Location? = nil) {
        self.init(value: value, packedLoc: PackedLocation(loc))
    }
}

/// A string literal, escapes resolved (spec §2.9.4 "String Value"); `block` is
/// true for `"""` strings, whose value has had common indentation removed.
public struct StringValueNode: ASTNode, Equatable {
    public var value: String
    public var block: Bool
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension StringValueNode {
    public init(value: String, block: Bool = false, loc: Location? = nil) {
        self.init(value: value, block: block, packedLoc: PackedLocation(loc))
    }
}

/// `true` or `false` (spec §2.9.3 "Boolean Value").
public struct BooleanValueNode: ASTNode, Equatable {
    public var value: Bool
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension BooleanValueNode {
    public init(value: Bool, loc: Location? = nil) {
        self.init(value: value, packedLoc: PackedLocation(loc))
    }
}

/// `null` (spec §2.9.5 "Null Value").
public struct NullValueNode: ASTNode, Equatable {
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension NullValueNode {
    public init(loc: Location? = nil) {
        self.init(packedLoc: PackedLocation(loc))
    }
}

/// An enum value: a name other than `true`, `false` or `null` (spec §2.9.6).
public struct EnumValueNode: ASTNode, Equatable {
    public var value: String
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension EnumValueNode {
    public init(value: String, loc: Location? = nil) {
        self.init(value: value, packedLoc: PackedLocation(loc))
    }
}

/// `[value ...]` (spec §2.9.7 "List Value").
public struct ListValueNode: ASTNode, Equatable {
    public var values: [ValueNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension ListValueNode {
    public init(values: [ValueNode], loc: Location? = nil) {
        self.init(values: values, packedLoc: PackedLocation(loc))
    }
}

/// `{ name: value ... }` (spec §2.9.8 "Input Object Values").
public struct ObjectValueNode: ASTNode, Equatable {
    public var fields: [ObjectFieldNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension ObjectValueNode {
    public init(fields: [ObjectFieldNode], loc: Location? = nil) {
        self.init(fields: fields, packedLoc: PackedLocation(loc))
    }
}

/// `name: value` inside an input object literal (spec §2.9.8 "ObjectField").
public struct ObjectFieldNode: ASTNode, Equatable {
    public var name: NameNode
    public var value: ValueNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension ObjectFieldNode {
    public init(name: NameNode, value: ValueNode, loc: Location? = nil) {
        self.init(name: name, value: value, packedLoc: PackedLocation(loc))
    }
}
