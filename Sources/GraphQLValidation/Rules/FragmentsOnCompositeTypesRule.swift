import GraphQLLanguage
import GraphQLType

/// Fragments condition only on objects, interfaces and unions
/// ([spec §5.5.1.3](https://spec.graphql.org/October2021/#sec-Fragments-On-Composite-Types)).
struct FragmentsOnCompositeTypesRule: ASTVisitor {
    let context: ValidationContext

    private func isNonComposite(_ condition: NamedTypeNode) -> Bool {
        guard let type = context.schema.type(named: condition.name.value) else { return false }
        return !type.isCompositeType
    }

    mutating func enter(_ node: InlineFragmentNode) -> VisitAction {
        if let condition = node.typeCondition, isNonComposite(condition) {
            context.report(
                "Fragment cannot condition on non composite type \"\(condition.name.value)\".", nodes: [condition])
        }
        return .continue
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction {
        if isNonComposite(node.typeCondition) {
            context.report(
                "Fragment \"\(node.name.value)\" cannot condition on non composite type "
                    + "\"\(node.typeCondition.name.value)\".",
                nodes: [node.typeCondition])
        }
        return .continue
    }

}

extension ValidationRule {
    public static let fragmentsOnCompositeTypes = ValidationRule(
        name: "FragmentsOnCompositeTypesRule",
        visits: [.inlineFragment, .fragmentDefinition]
    ) {
        FragmentsOnCompositeTypesRule(context: $0)
    }
}
