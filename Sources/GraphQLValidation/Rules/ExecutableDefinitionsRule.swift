import GraphQLLanguage

/// A document to execute holds only operations and fragments
/// ([spec §5.1.1](https://spec.graphql.org/October2021/#sec-Executable-Definitions)).
struct ExecutableDefinitionsRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: DocumentNode) -> VisitAction {
        for definition in node.definitions where !definition.isExecutable {
            let name: String
            switch definition {
            case .type(let type): name = "\"" + type.name.value + "\""
            case .typeExtension(let type): name = "\"" + type.name.value + "\""
            case .directive(let directive): name = "\"" + directive.name.value + "\""
            default: name = "schema"
            }
            context.report("The \(name) definition is not executable.", nodes: [definition])
        }
        return .skipChildren
    }
}

extension ValidationRule {
    public static let executableDefinitions = ValidationRule(name: "ExecutableDefinitionsRule", visits: .document) {
        ExecutableDefinitionsRule(context: $0)
    }
}
