import GraphQLLanguage
import GraphQLType

/// Required arguments (non-null, without a default) of fields and directives are given
/// ([spec §5.4.2.1](https://spec.graphql.org/October2021/#sec-Required-Arguments)).
///
/// Checked when leaving the field or directive, so errors inside its arguments come first.
struct ProvidedRequiredArgumentsRule: ASTVisitor {
    let context: ValidationContext
    /// Required arguments (name, printed type) of directives the document itself defines.
    private let documentDirectiveRequirements: [String: [(name: String, type: String)]]

    init(context: ValidationContext) {
        self.context = context
        documentDirectiveRequirements = documentDirectiveDefinitions(context.document).mapValues { definition in
            definition.arguments.compactMap { argument in
                guard case .nonNull = argument.type, argument.defaultValue == nil else { return nil }
                return (argument.name.value, printType(argument.type))
            }
        }
    }

    mutating func leave(_ node: FieldNode) {
        guard let field = context.fieldDefinition else { return }
        for argument in field.arguments where argument.isRequired {
            guard !node.arguments.contains(where: { $0.name.value == argument.name }) else { continue }
            context.report(
                "Field \"\(node.name.value)\" argument \"\(argument.name)\" of type "
                    + "\"\(context.schema.typeString(argument.type))\" is required, but it was not provided.",
                nodes: [node])
        }
    }

    mutating func leave(_ node: DirectiveNode, location: DirectiveLocation) {
        let name = node.name.value
        if let defined = documentDirectiveRequirements[name] {
            for argument in defined where !node.arguments.contains(where: { $0.name.value == argument.name }) {
                reportMissing(argument.name, type: argument.type, of: node)
            }
        } else if let directive = context.schema.directive(named: name) {
            for argument in directive.arguments where argument.isRequired {
                guard !node.arguments.contains(where: { $0.name.value == argument.name }) else { continue }
                reportMissing(argument.name, type: context.schema.typeString(argument.type), of: node)
            }
        }
    }

    private func reportMissing(_ argument: String, type: String, of node: DirectiveNode) {
        context.report(
            "Directive \"@\(node.name.value)\" argument \"\(argument)\" of type \"\(type)\" is required, "
                + "but it was not provided.",
            nodes: [node])
    }

}

extension ValidationRule {
    public static let providedRequiredArguments = ValidationRule(
        name: "ProvidedRequiredArgumentsRule",
        visits: [.field, .directive]
    ) {
        ProvidedRequiredArgumentsRule(context: $0)
    }
}
