/// An operation (spec §2.3 "Operations"); the query shorthand `{ ... }` parses
/// to an anonymous query with no variables or directives.
public struct OperationDefinitionNode: ASTNode, Equatable {
    public var operation: OperationType
    public var name: NameNode?
    public var variableDefinitions: [VariableDefinitionNode]
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension OperationDefinitionNode {
    public init(
        operation: OperationType, name: NameNode? = nil, variableDefinitions: [VariableDefinitionNode] = [],
        directives: [DirectiveNode] = [], selectionSet: SelectionSetNode, loc: Location? = nil
    ) {
        self.init(
            operation: operation, name: name, variableDefinitions: variableDefinitions, directives: directives,
            selectionSet: selectionSet, packedLoc: PackedLocation(loc))
    }
}

/// `$name: Type = default @directives` (spec §2.10 "Variables").
public struct VariableDefinitionNode: ASTNode, Equatable {
    public var variable: VariableNode
    public var type: TypeNode
    public var defaultValue: ValueNode?
    public var directives: [DirectiveNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension VariableDefinitionNode {
    public init(
        variable: VariableNode, type: TypeNode, defaultValue: ValueNode? = nil,
        directives: [DirectiveNode] = [], loc: Location? = nil
    ) {
        self.init(
            variable: variable, type: type, defaultValue: defaultValue, directives: directives,
            packedLoc: PackedLocation(loc))
    }
}

/// `{ selection ... }` (spec §2.4 "Selection Sets").
public struct SelectionSetNode: ASTNode, Equatable {
    public var selections: [SelectionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension SelectionSetNode {
    public init(selections: [SelectionNode], loc: Location? = nil) {
        self.init(selections: selections, packedLoc: PackedLocation(loc))
    }
}

/// One entry of a selection set (spec §2.4 "Selection").
public enum SelectionNode: ASTNode, Equatable {
    case field(FieldNode)
    case fragmentSpread(FragmentSpreadNode)
    case inlineFragment(InlineFragmentNode)

    public var loc: Location? {
        switch self {
        case .field(let node): node.loc
        case .fragmentSpread(let node): node.loc
        case .inlineFragment(let node): node.loc
        }
    }

    public var directives: [DirectiveNode] {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

/// `alias: name(arguments) @directives { selections }` (spec §2.5 "Fields").
public struct FieldNode: ASTNode, Equatable {
    public var alias: NameNode?
    public var name: NameNode
    public var arguments: [ArgumentNode]
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode?
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }

    /// The key of this field in the response: its alias, else its name (spec §2.7).
    public var responseKey: String { alias?.value ?? name.value }
}

extension FieldNode {
    public init(
        alias: NameNode? = nil, name: NameNode, arguments: [ArgumentNode] = [], directives: [DirectiveNode] = [],
        selectionSet: SelectionSetNode? = nil, loc: Location? = nil
    ) {
        self.init(
            alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
            packedLoc: PackedLocation(loc))
    }
}

/// `name: value` (spec §2.6 "Arguments").
public struct ArgumentNode: ASTNode, Equatable {
    public var name: NameNode
    public var value: ValueNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension ArgumentNode {
    public init(name: NameNode, value: ValueNode, loc: Location? = nil) {
        self.init(name: name, value: value, packedLoc: PackedLocation(loc))
    }
}

/// `...Name @directives` (spec §2.8 "Fragments").
public struct FragmentSpreadNode: ASTNode, Equatable {
    public var name: NameNode
    public var directives: [DirectiveNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension FragmentSpreadNode {
    public init(name: NameNode, directives: [DirectiveNode] = [], loc: Location? = nil) {
        self.init(name: name, directives: directives, packedLoc: PackedLocation(loc))
    }
}

/// `... on Type @directives { selections }` (spec §2.8.2 "Inline Fragments").
public struct InlineFragmentNode: ASTNode, Equatable {
    public var typeCondition: NamedTypeNode?
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension InlineFragmentNode {
    public init(
        typeCondition: NamedTypeNode? = nil, directives: [DirectiveNode] = [], selectionSet: SelectionSetNode,
        loc: Location? = nil
    ) {
        self.init(
            typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
            packedLoc: PackedLocation(loc))
    }
}

/// `fragment Name on Type @directives { selections }` (spec §2.8 "Fragments").
public struct FragmentDefinitionNode: ASTNode, Equatable {
    public var name: NameNode
    public var typeCondition: NamedTypeNode
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension FragmentDefinitionNode {
    public init(
        name: NameNode, typeCondition: NamedTypeNode, directives: [DirectiveNode] = [],
        selectionSet: SelectionSetNode, loc: Location? = nil
    ) {
        self.init(
            name: name, typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
            packedLoc: PackedLocation(loc))
    }
}

/// `@name(arguments)` (spec §2.12 "Directives").
public struct DirectiveNode: ASTNode, Equatable {
    public var name: NameNode
    public var arguments: [ArgumentNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension DirectiveNode {
    public init(name: NameNode, arguments: [ArgumentNode] = [], loc: Location? = nil) {
        self.init(name: name, arguments: arguments, packedLoc: PackedLocation(loc))
    }
}
