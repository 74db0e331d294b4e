import GraphQLLanguage

/// Every fragment spread names a fragment of the document
/// ([spec §5.5.2.1](https://spec.graphql.org/October2021/#sec-Fragment-spread-target-defined)).
struct KnownFragmentNamesRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: FragmentSpreadNode) -> VisitAction {
        if context.fragment(named: node.name.value) == nil {
            context.report("Unknown fragment \"\(node.name.value)\".", nodes: [node.name])
        }
        return .continue
    }

}

extension ValidationRule {
    public static let knownFragmentNames = ValidationRule(name: "KnownFragmentNamesRule", visits: .fragmentSpread) {
        KnownFragmentNamesRule(context: $0)
    }
}
