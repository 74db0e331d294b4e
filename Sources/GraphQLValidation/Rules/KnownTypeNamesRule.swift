import GraphQLLanguage
import GraphQLType

/// Variable types and type conditions name types the schema defines
/// ([spec §5.5.1.2](https://spec.graphql.org/October2021/#sec-Fragment-Spread-Type-Existence),
/// [§5.8.2](https://spec.graphql.org/October2021/#sec-Variables-Are-Input-Types)).
struct KnownTypeNamesRule: ASTVisitor {
    let context: ValidationContext
    /// Types the document itself defines (graphql-js counts them as known).
    private let definedTypes: Set<String>

    init(context: ValidationContext) {
        self.context = context
        var defined: Set<String> = []
        for definition in context.document.definitions {
            if case .type(let type) = definition { defined.insert(type.name.value) }
        }
        definedTypes = defined
    }

    mutating func enter(_ node: NamedTypeNode) -> VisitAction {
        let name = node.name.value
        if context.schema.typeID(named: name) == nil, !definedTypes.contains(name) {
            let options = context.schema.types.map(\.name) + definedTypes.sorted()
            context.report(
                "Unknown type \"\(name)\"." + didYouMean(suggestionList(name, options: options)), nodes: [node])
        }
        return .continue
    }

}

extension ValidationRule {
    public static let knownTypeNames = ValidationRule(name: "KnownTypeNamesRule", visits: .namedType) {
        KnownTypeNamesRule(context: $0)
    }
}
