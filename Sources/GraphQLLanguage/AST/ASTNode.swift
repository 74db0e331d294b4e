/// Anything in a parsed document: every node knows where it came from.
///
/// `loc` is nil only for nodes built by code rather than by the parser
/// (for instance a value printed in an error message).
public protocol ASTNode: Sendable {
    var loc: Location? { get }
}

/// A name (spec §2.1.9 "Names"): `/[_A-Za-z][_0-9A-Za-z]*/`.
public struct NameNode: ASTNode, Equatable {
    public var value: String
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }
}

extension NameNode {
    public init(value: String, loc: Location? = nil) {
        self.init(value: value, packedLoc: PackedLocation(loc))
    }
}

/// A whole document (spec §2.2 "Document"): executable definitions, type
/// system definitions and extensions, in source order.
public struct DocumentNode: ASTNode, Equatable {
    public var definitions: [DefinitionNode]
    var packedLoc: PackedLocation
    public var loc: Location? { get { packedLoc.location } set { packedLoc.location = newValue } }

    /// The operations of the document, in source order.
    public var operations: [OperationDefinitionNode] {
        definitions.compactMap { if case .operation(let node) = $0 { node } else { nil } }
    }

    /// The fragment definitions of the document, in source order.
    public var fragments: [FragmentDefinitionNode] {
        definitions.compactMap { if case .fragment(let node) = $0 { node } else { nil } }
    }
}

extension DocumentNode {
    public init(definitions: [DefinitionNode], loc: Location? = nil) {
        self.init(definitions: definitions, packedLoc: PackedLocation(loc))
    }
}

/// One top-level definition (spec §2.2 "Definition").
public enum DefinitionNode: ASTNode, Equatable {
    case operation(OperationDefinitionNode)
    case fragment(FragmentDefinitionNode)
    case schema(SchemaDefinitionNode)
    case type(TypeDefinitionNode)
    case directive(DirectiveDefinitionNode)
    case schemaExtension(SchemaExtensionNode)
    case typeExtension(TypeExtensionNode)

    public var loc: Location? {
        switch self {
        case .operation(let node): node.loc
        case .fragment(let node): node.loc
        case .schema(let node): node.loc
        case .type(let node): node.loc
        case .directive(let node): node.loc
        case .schemaExtension(let node): node.loc
        case .typeExtension(let node): node.loc
        }
    }

    /// True for operations and fragments (spec §2.3 "ExecutableDefinition").
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        default: false
        }
    }
}

/// The kind of an operation (spec §2.3 "OperationType").
public enum OperationType: String, Sendable, Hashable, CaseIterable {
    case query
    case mutation
    case subscription
}
