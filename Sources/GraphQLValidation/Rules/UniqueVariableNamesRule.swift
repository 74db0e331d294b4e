import GraphQLLanguage

/// No two variables of an operation share a name
/// ([spec §5.8.1](https://spec.graphql.org/October2021/#sec-Variable-Uniqueness)).
struct UniqueVariableNamesRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        let definitions = node.variableDefinitions
        guard definitions.count > 1 else { return .skipChildren }
        let first = firstOccurrences(count: definitions.count) { definitions[$0].variable.name.value }
        // Each duplicated name is reported once, at its first definition, with all of its definitions.
        var duplicates: [Int: [NameNode]] = [:]
        for (index, firstIndex) in first.enumerated() where firstIndex != index {
            duplicates[firstIndex, default: [definitions[firstIndex].variable.name]].append(
                definitions[index].variable.name)
        }
        for (index, definition) in definitions.enumerated() {
            guard let names = duplicates[index] else { continue }
            context.report("There can be only one variable named \"$\(definition.variable.name.value)\".", nodes: names)
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
