import GraphQLLanguage

/// No two variables of an operation share a name
/// ([spec §5.8.1](https://spec.graphql.org/October2021/#sec-Variable-Uniqueness)).
struct UniqueVariableNamesRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        let definitions = node.variableDefinitions
        for (index, definition) in definitions.enumerated() {
            let name = definition.variable.name.value
            // Report each name once, at its first definition, with all of its definitions.
            guard definitions[(index + 1)...].contains(where: { $0.variable.name.value == name }),
                !definitions[..<index].contains(where: { $0.variable.name.value == name })
            else { continue }
            let same = definitions[index...].filter { $0.variable.name.value == name }
            context.report("There can be only one variable named \"$\(name)\".", nodes: same.map(\.variable.name))
        }
        return .skipChildren
    }

}

extension ValidationRule {
    public static let uniqueVariableNames = ValidationRule(
        name: "UniqueVariableNamesRule",
        visits: .operationDefinition
    ) {
        UniqueVariableNamesRule(context: $0)
    }
}
