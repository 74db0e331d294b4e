import GraphQLLanguage

/// No two operations share a name
/// ([spec §5.2.1.1](https://spec.graphql.org/October2021/#sec-Operation-Name-Uniqueness)).
struct UniqueOperationNamesRule: ASTVisitor {
    let context: ValidationContext
    private var known: [String: NameNode] = [:]

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        if let name = node.name {
            if let first = known[name.value] {
                context.report("There can be only one operation named \"\(name.value)\".", nodes: [first, name])
            } else {
                known[name.value] = name
            }
        }
        return .skipChildren
    }

}

extension ValidationRule {
    public static let uniqueOperationNames = ValidationRule(
        name: "UniqueOperationNamesRule",
        visits: .operationDefinition
    ) {
        UniqueOperationNamesRule(context: $0)
    }
}
