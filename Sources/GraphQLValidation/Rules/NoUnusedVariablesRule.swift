import GraphQLLanguage

/// Every variable an operation defines is used, directly or in its fragments
/// ([spec §5.8.4](https://spec.graphql.org/October2021/#sec-All-Variables-Used)).
///
/// Checked once the whole document is walked, when the usages of every fragment are known.
struct NoUnusedVariablesRule: ASTVisitor {
    let context: ValidationContext

    mutating func leave(_ node: DocumentNode) {
        for definition in node.definitions {
            guard case .operation(let operation) = definition, !operation.variableDefinitions.isEmpty else {
                continue
            }
            let used = Set(context.recursiveVariableUsages(of: operation).map(\.node.name.value))
            for variableDefinition in operation.variableDefinitions {
                let name = variableDefinition.variable.name.value
                guard !used.contains(name) else { continue }
                let message =
                    if let operationName = operation.name {
                        "Variable \"$\(name)\" is never used in operation \"\(operationName.value)\"."
                    } else {
                        "Variable \"$\(name)\" is never used."
                    }
                context.report(message, nodes: [variableDefinition])
            }
        }
    }
}

extension ValidationRule {
    public static let noUnusedVariables = ValidationRule(name: "NoUnusedVariablesRule", visits: .document) {
        NoUnusedVariablesRule(context: $0)
    }
}
