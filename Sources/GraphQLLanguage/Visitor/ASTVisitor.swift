/// What a visitor wants after entering a node.
public enum VisitAction: Sendable, Equatable {
    /// Visit the node's children, then call `leave` for it.
    case `continue`
    /// Do not visit the node's children and do not call `leave` for it
    /// (graphql-js: returning `false` from `enter`).
    case skipChildren
    /// End the traversal for this visitor (graphql-js: `BREAK`).
    case stop
}

/// Callbacks for a depth-first walk of an executable document.
///
/// Each method has a default that does nothing (and `enter` returns
/// `.continue`), so a visitor implements only the node kinds it cares about.
/// The node is passed by value, typed: no casts. `ASTWalker` drives one
/// visitor; `ParallelVisitor` runs many in one traversal, each skipping
/// subtrees or stopping on its own (graphql-js `visitInParallel`), which is
/// how validation runs all its rules in a single pass.
///
/// Order of a walk (graphql-js `QueryDocumentKeys`, executable part):
/// - Document → its operations and fragments; type-system definitions and
///   extensions are not descended into.
/// - OperationDefinition → variable definitions, directives, selection set.
/// - VariableDefinition → the NamedType inside its type, default value,
///   directives. Its `$variable` is a declaration, not a value, and is not
///   visited as a `ValueNode` (so every visited `.variable` value is a usage).
/// - SelectionSet → selections; Field → arguments, directives, selection set;
///   FragmentSpread → directives; InlineFragment → type condition,
///   directives, selection set; FragmentDefinition → type condition,
///   directives, selection set.
/// - Argument → value; Directive → arguments (the callback also receives the
///   `DirectiveLocation` the directive is applied at).
/// - Value → list items or object fields; ObjectField → value.
/// Names are not visited as nodes.
public protocol ASTVisitor {
    mutating func enter(_ node: DocumentNode) -> VisitAction
    mutating func leave(_ node: DocumentNode)
    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction
    mutating func leave(_ node: OperationDefinitionNode)
    mutating func enter(_ node: VariableDefinitionNode) -> VisitAction
    mutating func leave(_ node: VariableDefinitionNode)
    mutating func enter(_ node: SelectionSetNode) -> VisitAction
    mutating func leave(_ node: SelectionSetNode)
    mutating func enter(_ node: FieldNode) -> VisitAction
    mutating func leave(_ node: FieldNode)
    mutating func enter(_ node: ArgumentNode) -> VisitAction
    mutating func leave(_ node: ArgumentNode)
    mutating func enter(_ node: FragmentSpreadNode) -> VisitAction
    mutating func leave(_ node: FragmentSpreadNode)
    mutating func enter(_ node: InlineFragmentNode) -> VisitAction
    mutating func leave(_ node: InlineFragmentNode)
    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction
    mutating func leave(_ node: FragmentDefinitionNode)
    mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction
    mutating func leave(_ node: DirectiveNode, location: DirectiveLocation)
    mutating func enter(_ node: NamedTypeNode) -> VisitAction
    mutating func leave(_ node: NamedTypeNode)
    mutating func enter(_ node: ValueNode) -> VisitAction
    mutating func leave(_ node: ValueNode)
    mutating func enter(_ node: ObjectFieldNode) -> VisitAction
    mutating func leave(_ node: ObjectFieldNode)
}

extension ASTVisitor {
    public mutating func enter(_ node: DocumentNode) -> VisitAction { .continue }
    public mutating func leave(_ node: DocumentNode) {}
    public mutating func enter(_ node: OperationDefinitionNode) -> VisitAction { .continue }
    public mutating func leave(_ node: OperationDefinitionNode) {}
    public mutating func enter(_ node: VariableDefinitionNode) -> VisitAction { .continue }
    public mutating func leave(_ node: VariableDefinitionNode) {}
    public mutating func enter(_ node: SelectionSetNode) -> VisitAction { .continue }
    public mutating func leave(_ node: SelectionSetNode) {}
    public mutating func enter(_ node: FieldNode) -> VisitAction { .continue }
    public mutating func leave(_ node: FieldNode) {}
    public mutating func enter(_ node: ArgumentNode) -> VisitAction { .continue }
    public mutating func leave(_ node: ArgumentNode) {}
    public mutating func enter(_ node: FragmentSpreadNode) -> VisitAction { .continue }
    public mutating func leave(_ node: FragmentSpreadNode) {}
    public mutating func enter(_ node: InlineFragmentNode) -> VisitAction { .continue }
    public mutating func leave(_ node: InlineFragmentNode) {}
    public mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction { .continue }
    public mutating func leave(_ node: FragmentDefinitionNode) {}
    public mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction { .continue }
    public mutating func leave(_ node: DirectiveNode, location: DirectiveLocation) {}
    public mutating func enter(_ node: NamedTypeNode) -> VisitAction { .continue }
    public mutating func leave(_ node: NamedTypeNode) {}
    public mutating func enter(_ node: ValueNode) -> VisitAction { .continue }
    public mutating func leave(_ node: ValueNode) {}
    public mutating func enter(_ node: ObjectFieldNode) -> VisitAction { .continue }
    public mutating func leave(_ node: ObjectFieldNode) {}
}

/// Walks `document` depth-first with `visitor`; see `ASTVisitor` for the order.
public func visit<Visitor: ASTVisitor>(_ document: DocumentNode, with visitor: inout Visitor) {
    var walker = ASTWalker(visitor: visitor)
    walker.walk(document)
    visitor = walker.visitor
}
