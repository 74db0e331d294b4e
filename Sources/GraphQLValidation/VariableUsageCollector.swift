import GraphQLLanguage
import GraphQLType

/// Walks one operation or fragment on its own, recording its variable usages;
/// used only when a rule asks for the usages of a definition before the
/// validation walk has finished it.
struct VariableUsageCollector: ASTVisitor {
    var typeInfo: TypeInfo
    var usages: [VariableUsage] = []

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction { typeInfo.enter(node); return .continue }
    mutating func leave(_ node: OperationDefinitionNode) { typeInfo.leave(node) }
    mutating func enter(_ node: VariableDefinitionNode) -> VisitAction { .skipChildren }
    mutating func enter(_ node: SelectionSetNode) -> VisitAction { typeInfo.enter(node); return .continue }
    mutating func leave(_ node: SelectionSetNode) { typeInfo.leave(node) }
    mutating func enter(_ node: FieldNode) -> VisitAction { typeInfo.enter(node); return .continue }
    mutating func leave(_ node: FieldNode) { typeInfo.leave(node) }
    mutating func enter(_ node: ArgumentNode) -> VisitAction { typeInfo.enter(node); return .continue }
    mutating func leave(_ node: ArgumentNode) { typeInfo.leave(node) }
    mutating func enter(_ node: InlineFragmentNode) -> VisitAction { typeInfo.enter(node); return .continue }
    mutating func leave(_ node: InlineFragmentNode) { typeInfo.leave(node) }
    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction { typeInfo.enter(node); return .continue }
    mutating func leave(_ node: FragmentDefinitionNode) { typeInfo.leave(node) }
    mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction {
        typeInfo.enter(node)
        return .continue
    }
    mutating func leave(_ node: DirectiveNode, location: DirectiveLocation) { typeInfo.leave(node) }
    mutating func enter(_ node: ObjectFieldNode) -> VisitAction { typeInfo.enter(node); return .continue }
    mutating func leave(_ node: ObjectFieldNode) { typeInfo.leave(node) }

    mutating func enter(_ node: ValueNode) -> VisitAction {
        if case .variable(let variable) = node {
            usages.append(typeInfo.usage(of: variable))
            return .skipChildren
        }
        typeInfo.enter(node)
        return .continue
    }

    mutating func leave(_ node: ValueNode) { typeInfo.leave(node) }
}

extension TypeInfo {
    /// A usage of `variable` at the current position.
    func usage(of variable: VariableNode) -> VariableUsage {
        VariableUsage(node: variable, type: inputType, defaultValue: defaultValue, parentType: parentInputType)
    }
}
