/// Runs several visitors in one traversal (graphql-js `visitInParallel`).
///
/// `enter` is called on the visitors in array order and `leave` in reverse
/// order, so a visitor placed first (e.g. one tracking type information)
/// sees a node before all others on the way in and after them on the way out.
/// A visitor returning `.skipChildren` is not called again until the walk has
/// left that node (and not for its `leave`); one returning `.stop` is not
/// called again at all. When every visitor skips, the subtree is not walked.
///
/// ```swift
/// var visitors = ParallelVisitor([RuleA(context), RuleB(context)])
/// visit(document, with: &visitors)
/// ```
public struct ParallelVisitor: ASTVisitor {
    public private(set) var visitors: [any ASTVisitor]
    /// Per visitor: 0 when active, the depth of the node it skipped, or -1 when stopped.
    private var skipping: [Int]
    private var depth = 0

    public init(_ visitors: [any ASTVisitor]) {
        self.visitors = visitors
        self.skipping = Array(repeating: 0, count: visitors.count)
    }

    private mutating func enterAll(_ call: (inout any ASTVisitor) -> VisitAction) -> VisitAction {
        depth += 1
        var anyActive = false
        var anyLive = false
        for index in visitors.indices where skipping[index] == 0 {
            switch call(&visitors[index]) {
            case .continue: anyActive = true
            case .skipChildren: skipping[index] = depth
            case .stop: skipping[index] = -1
            }
        }
        if anyActive { return .continue }
        // Nobody descends: the walker will not call `leave` for this node, so
        // undo the skips that started here now.
        for index in skipping.indices {
            if skipping[index] == depth { skipping[index] = 0 }
            if skipping[index] != -1 { anyLive = true }
        }
        depth -= 1
        return anyLive ? .skipChildren : .stop
    }

    private mutating func leaveAll(_ call: (inout any ASTVisitor) -> Void) {
        for index in visitors.indices.reversed() {
            if skipping[index] == 0 {
                call(&visitors[index])
            } else if skipping[index] == depth {
                skipping[index] = 0
            }
        }
        depth -= 1
    }

    public mutating func enter(_ node: DocumentNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: DocumentNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: OperationDefinitionNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: OperationDefinitionNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: VariableDefinitionNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: VariableDefinitionNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: SelectionSetNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: SelectionSetNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: FieldNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: FieldNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: ArgumentNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: ArgumentNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: FragmentSpreadNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: FragmentSpreadNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: InlineFragmentNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: InlineFragmentNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: FragmentDefinitionNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction {
        enterAll { $0.enter(node, location: location) }
    }
    public mutating func leave(_ node: DirectiveNode, location: DirectiveLocation) {
        leaveAll { $0.leave(node, location: location) }
    }
    public mutating func enter(_ node: NamedTypeNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: NamedTypeNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: ValueNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: ValueNode) { leaveAll { $0.leave(node) } }
    public mutating func enter(_ node: ObjectFieldNode) -> VisitAction { enterAll { $0.enter(node) } }
    public mutating func leave(_ node: ObjectFieldNode) { leaveAll { $0.leave(node) } }
}
