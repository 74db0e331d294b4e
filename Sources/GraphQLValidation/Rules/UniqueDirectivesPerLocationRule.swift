import GraphQLLanguage
import GraphQLType

/// A non-repeatable directive appears at most once on a node
/// ([spec §5.7.3](https://spec.graphql.org/October2021/#sec-Directives-Are-Unique-Per-Location)).
struct UniqueDirectivesPerLocationRule: ASTVisitor {
    let context: ValidationContext
    /// Repeatability of directives the document itself defines.
    private let documentRepeatable: [String: Bool]

    init(context: ValidationContext) {
        self.context = context
        documentRepeatable = documentDirectiveDefinitions(context.document).mapValues(\.repeatable)
    }

    /// Whether `name` is a known directive that may appear only once.
    private func isUnique(_ name: String) -> Bool {
        if let repeatable = documentRepeatable[name] { return !repeatable }
        guard let directive = context.schema.directive(named: name) else { return false }
        return !directive.isRepeatable
    }

    private func check(_ directives: [DirectiveNode]) {
        guard directives.count > 1 else { return }
        for (index, directive) in directives.enumerated() {
            let name = directive.name.value
            guard let first = directives[..<index].first(where: { $0.name.value == name }), isUnique(name)
            else { continue }
            context.report(
                "The directive \"@\(name)\" can only be used once at this location.", nodes: [first, directive])
        }
    }

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        check(node.directives)
        return .continue
    }

    mutating func enter(_ node: VariableDefinitionNode) -> VisitAction {
        check(node.directives)
        return .continue
    }

    mutating func enter(_ node: FieldNode) -> VisitAction {
        check(node.directives)
        return .continue
    }

    mutating func enter(_ node: FragmentSpreadNode) -> VisitAction {
        check(node.directives)
        return .continue
    }

    mutating func enter(_ node: InlineFragmentNode) -> VisitAction {
        check(node.directives)
        return .continue
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction {
        check(node.directives)
        return .continue
    }

}

extension ValidationRule {
    public static let uniqueDirectivesPerLocation = ValidationRule(
        name: "UniqueDirectivesPerLocationRule",
        visits: [
            .operationDefinition, .variableDefinition, .field, .fragmentSpread, .inlineFragment, .fragmentDefinition,
        ]
    ) {
        UniqueDirectivesPerLocationRule(context: $0)
    }
}
