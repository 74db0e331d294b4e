import GraphQLLanguage
import GraphQLType

/// Every argument given to a field or directive is one it defines
/// ([spec §5.4.1](https://spec.graphql.org/October2021/#sec-Argument-Names)).
struct KnownArgumentNamesRule: ASTVisitor {
    let context: ValidationContext
    /// Argument names of directives the document itself defines.
    private let documentDirectiveArguments: [String: [String]]

    init(context: ValidationContext) {
        self.context = context
        documentDirectiveArguments = documentDirectiveDefinitions(context.document).mapValues {
            $0.arguments.map(\.name.value)
        }
    }

    /// Checks a directive's arguments here; its arguments are then skipped, so the
    /// field check below never sees them.
    mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction {
        guard !node.arguments.isEmpty else { return .skipChildren }
        let name = node.name.value
        let known: [String]
        if let defined = documentDirectiveArguments[name] {
            known = defined
        } else if let directive = context.schema.directive(named: name) {
            // The common case, all arguments known, needs no list of names.
            guard node.arguments.contains(where: { directive.argument(named: $0.name.value) == nil }) else {
                return .skipChildren
            }
            known = directive.arguments.map(\.name)
        } else {
            return .skipChildren
        }
        for argument in node.arguments where !known.contains(argument.name.value) {
            let suggestions = suggestionList(argument.name.value, options: known)
            context.report(
                "Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"." + didYouMean(suggestions),
                nodes: [argument])
        }
        return .skipChildren
    }

    mutating func enter(_ node: ArgumentNode) -> VisitAction {
        guard context.argument == nil, let field = context.fieldDefinition, let parentType = context.parentType
        else { return .skipChildren }
        let suggestions = suggestionList(node.name.value, options: field.arguments.map(\.name))
        context.report(
            "Unknown argument \"\(node.name.value)\" on field \"\(context.schema[parentType].name).\(field.name)\"."
                + didYouMean(suggestions),
            nodes: [node])
        return .skipChildren
    }
}

extension ValidationRule {
    public static let knownArgumentNames = ValidationRule(
        name: "KnownArgumentNamesRule",
        visits: [.directive, .argument]
    ) {
        KnownArgumentNamesRule(context: $0)
    }
}
