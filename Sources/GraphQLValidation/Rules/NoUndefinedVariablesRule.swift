import GraphQLLanguage

/// Every variable an operation uses, directly or in its fragments, is defined by it
/// ([spec §5.8.3](https://spec.graphql.org/October2021/#sec-All-Variable-Uses-Defined)).
///
/// Checked once the whole document is walked, when the usages of every fragment are known.
struct NoUndefinedVariablesRule: ASTVisitor {
    let context: ValidationContext

    mutating func leave(_ node: DocumentNode) {
        for definition in node.definitions {
            guard case .operation(let operation) = definition else { continue }
            let usages = context.recursiveVariableUsages(of: operation)
            guard !usages.isEmpty else { continue }
            let defined = Set(operation.variableDefinitions.map(\.variable.name.value))
            for usage in usages {
                let name = usage.node.name.value
                guard !defined.contains(name) else { continue }
                let message =
                    if let operationName = operation.name {
                        "Variable \"$\(name)\" is not defined by operation \"\(operationName.value)\"."
                    } else {
                        "Variable \"$\(name)\" is not defined."
                    }
                context.report(message, nodes: [usage.node, operation])
            }
        }
    }
}

extension ValidationRule {
    public static let noUndefinedVariables = ValidationRule(name: "NoUndefinedVariablesRule", visits: .document) {
        NoUndefinedVariablesRule(context: $0)
    }
}
