import GraphQLLanguage

/// An anonymous operation must be the document's only operation
/// ([spec §5.2.2.1](https://spec.graphql.org/October2021/#sec-Lone-Anonymous-Operation)).
struct LoneAnonymousOperationRule: ASTVisitor {
    let context: ValidationContext
    private var operationCount = 0

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func enter(_ node: DocumentNode) -> VisitAction {
        operationCount = 0
        for definition in node.definitions {
            if case .operation = definition { operationCount += 1 }
        }
        return .continue
    }

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        if node.name == nil, operationCount > 1 {
            context.report("This anonymous operation must be the only defined operation.", nodes: [node])
        }
        return .skipChildren
    }

}

extension ValidationRule {
    public static let loneAnonymousOperation = ValidationRule(
        name: "LoneAnonymousOperationRule",
        visits: [.document, .operationDefinition]
    ) {
        LoneAnonymousOperationRule(context: $0)
    }
}
