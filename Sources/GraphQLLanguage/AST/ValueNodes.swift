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
    @PackedLocation public var loc: Location?

    public init(name: NameNode, loc: Location? = nil) {
        self.name = name
        self.loc = loc
    }
}

/// An integer literal, kept as its source text; coercion to a 32-bit Int
/// happens in the type system (spec §2.9.1 "Int Value").
public struct IntValueNode: ASTNode, Equatable {
    public var value: String
    @PackedLocation public var loc: Location?

    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.loc = loc
    }
}

/// A float literal, kept as its source text (spec §2.9.2 "Float Value").
public struct FloatValueNode: ASTNode, Equatable {
    public var value: String
    @PackedLocation public var loc: Location?

    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.loc = loc
    }
}

/// A string literal, escapes resolved (spec §2.9.4 "String Value"); `block` is
/// true for `"""` strings, whose value has had common indentation removed.
public struct StringValueNode: ASTNode, Equatable {
    public var value: String
    public var block: Bool
    @PackedLocation public var loc: Location?

    public init(value: String, block: Bool = false, loc: Location? = nil) {
        self.value = value
        self.block = block
        self.loc = loc
    }
}

/// `true` or `false` (spec §2.9.3 "Boolean Value").
public struct BooleanValueNode: ASTNode, Equatable {
    public var value: Bool
    @PackedLocation public var loc: Location?

    public init(value: Bool, loc: Location? = nil) {
        self.value = value
        self.loc = loc
    }
}

/// `null` (spec §2.9.5 "Null Value").
public struct NullValueNode: ASTNode, Equatable {
    @PackedLocation public var loc: Location?

    public init(loc: Location? = nil) {
        self.loc = loc
    }
}

/// An enum value: a name other than `true`, `false` or `null` (spec §2.9.6).
public struct EnumValueNode: ASTNode, Equatable {
    public var value: String
    @PackedLocation public var loc: Location?

    public init(value: String, loc: Location? = nil) {
        self.value = value
        self.loc = loc
    }
}

/// `[value ...]` (spec §2.9.7 "List Value").
public struct ListValueNode: ASTNode, Equatable {
    public var values: [ValueNode]
    @PackedLocation public var loc: Location?

    public init(values: [ValueNode], loc: Location? = nil) {
        self.values = values
        self.loc = loc
    }
}

/// `{ name: value ... }` (spec §2.9.8 "Input Object Values").
public struct ObjectValueNode: ASTNode, Equatable {
    public var fields: [ObjectFieldNode]
    @PackedLocation public var loc: Location?

    public init(fields: [ObjectFieldNode], loc: Location? = nil) {
        self.fields = fields
        self.loc = loc
    }
}

/// `name: value` inside an input object literal (spec §2.9.8 "ObjectField").
public struct ObjectFieldNode: ASTNode, Equatable {
    public var name: NameNode
    public var value: ValueNode
    @PackedLocation public var loc: Location?

    public init(name: NameNode, value: ValueNode, loc: Location? = nil) {
        self.name = name
        self.value = value
        self.loc = loc
    }
}
