/// Drives one `ASTVisitor` over a document or any executable subtree
/// (an operation, a fragment, a selection set, a value...).
///
/// Generic over the visitor, so calls are statically dispatched. Once the
/// visitor returns `.stop`, the walker makes no further calls.
public struct ASTWalker<Visitor: ASTVisitor> {
    public var visitor: Visitor
    /// True once the visitor has returned `.stop`.
    public private(set) var stopped = false

    public init(visitor: Visitor) {
        self.visitor = visitor
    }

    /// Whether to descend after `enter` returned `action`.
    private mutating func descend(_ action: VisitAction) -> Bool {
        switch action {
        case .continue: return true
        case .skipChildren: return false
        case .stop:
            stopped = true
            return false
        }
    }

    public mutating func walk(_ node: DocumentNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        for definition in node.definitions {
            switch definition {
            case .operation(let operation): walk(operation)
            case .fragment(let fragment): walk(fragment)
            default: break
            }
            if stopped { return }
        }
        visitor.leave(node)
    }

    public mutating func walk(_ node: OperationDefinitionNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        for variableDefinition in node.variableDefinitions {
            walk(variableDefinition)
            if stopped { return }
        }
        walk(node.directives, at: DirectiveLocation(operation: node.operation))
        walk(node.selectionSet)
        if stopped { return }
        visitor.leave(node)
    }

    public mutating func walk(_ node: VariableDefinitionNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        walk(node.type.namedType)
        if let defaultValue = node.defaultValue { walk(defaultValue) }
        walk(node.directives, at: .variableDefinition)
        if stopped { return }
        visitor.leave(node)
    }

    public mutating func walk(_ node: SelectionSetNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        for selection in node.selections {
            switch selection {
            case .field(let field): walk(field)
            case .fragmentSpread(let spread): walk(spread)
            case .inlineFragment(let fragment): walk(fragment)
            }
            if stopped { return }
        }
        visitor.leave(node)
    }

    public mutating func walk(_ node: FieldNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        for argument in node.arguments {
            walk(argument)
            if stopped { return }
        }
        walk(node.directives, at: .field)
        if let selectionSet = node.selectionSet { walk(selectionSet) }
        if stopped { return }
        visitor.leave(node)
    }

    public mutating func walk(_ node: ArgumentNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        walk(node.value)
        if stopped { return }
        visitor.leave(node)
    }

    public mutating func walk(_ node: FragmentSpreadNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        walk(node.directives, at: .fragmentSpread)
        if stopped { return }
        visitor.leave(node)
    }

    public mutating func walk(_ node: InlineFragmentNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        if let typeCondition = node.typeCondition { walk(typeCondition) }
        walk(node.directives, at: .inlineFragment)
        walk(node.selectionSet)
        if stopped { return }
        visitor.leave(node)
    }

    public mutating func walk(_ node: FragmentDefinitionNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        walk(node.typeCondition)
        walk(node.directives, at: .fragmentDefinition)
        walk(node.selectionSet)
        if stopped { return }
        visitor.leave(node)
    }

    /// Walks directives applied at `location`.
    public mutating func walk(_ directives: [DirectiveNode], at location: DirectiveLocation) {
        for directive in directives {
            guard !stopped else { return }
            guard descend(visitor.enter(directive, location: location)) else { continue }
            for argument in directive.arguments {
                walk(argument)
                if stopped { return }
            }
            visitor.leave(directive, location: location)
        }
    }

    public mutating func walk(_ node: NamedTypeNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        visitor.leave(node)
    }

    public mutating func walk(_ node: ValueNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        switch node {
        case .list(let list):
            for value in list.values {
                walk(value)
                if stopped { return }
            }
        case .object(let object):
            for field in object.fields {
                walk(field)
                if stopped { return }
            }
        default: break
        }
        visitor.leave(node)
    }

    public mutating func walk(_ node: ObjectFieldNode) {
        guard !stopped, descend(visitor.enter(node)) else { return }
        walk(node.value)
        if stopped { return }
        visitor.leave(node)
    }
}
