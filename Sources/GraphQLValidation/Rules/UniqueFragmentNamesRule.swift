import GraphQLLanguage

/// No two fragments share a name
/// ([spec §5.5.1.1](https://spec.graphql.org/October2021/#sec-Fragment-Name-Uniqueness)).
struct UniqueFragmentNamesRule: ASTVisitor {
    let context: ValidationContext
    private var known: [String: NameNode] = [:]

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction {
        let name = node.name
        if let first = known[name.value] {
            context.report("There can be only one fragment named \"\(name.value)\".", nodes: [first, name])
        } else {
            known[name.value] = name
        }
        return .skipChildren
    }
}

extension ValidationRule {
    public static let uniqueFragmentNames = ValidationRule(
        name: "UniqueFragmentNamesRule",
        visits: .fragmentDefinition
    ) {
        UniqueFragmentNamesRule(context: $0)
    }
}
