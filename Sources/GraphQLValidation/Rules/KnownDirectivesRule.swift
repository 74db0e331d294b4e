import GraphQLLanguage
import GraphQLType

/// Directives are defined by the schema and used only where their definition allows
/// ([spec §5.7.1](https://spec.graphql.org/October2021/#sec-Directives-Are-Defined),
/// [§5.7.2](https://spec.graphql.org/October2021/#sec-Directives-Are-In-Valid-Locations)).
struct KnownDirectivesRule: ASTVisitor {
    let context: ValidationContext
    /// Locations of directives the document itself defines (graphql-js counts them as known).
    private let documentDirectives: [String: [DirectiveLocation]]

    init(context: ValidationContext) {
        self.context = context
        documentDirectives = documentDirectiveDefinitions(context.document).mapValues { definition in
            definition.locations.compactMap { DirectiveLocation(rawValue: $0.value) }
        }
    }

    mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction {
        let name = node.name.value
        let locations: [DirectiveLocation]
        if let defined = documentDirectives[name] {
            locations = defined
        } else if let directive = context.schema.directive(named: name) {
            locations = directive.locations
        } else {
            context.report("Unknown directive \"@\(name)\".", nodes: [node])
            return .continue
        }
        if !locations.contains(location) {
            context.report("Directive \"@\(name)\" may not be used on \(location.rawValue).", nodes: [node])
        }
        return .continue
    }

}

/// The directive definitions of a document by name, the last of a name winning
/// (graphql-js rules count them alongside the schema's).
func documentDirectiveDefinitions(_ document: DocumentNode) -> [String: DirectiveDefinitionNode] {
    var definitions: [String: DirectiveDefinitionNode] = [:]
    for definition in document.definitions {
        if case .directive(let directive) = definition { definitions[directive.name.value] = directive }
    }
    return definitions
}

extension ValidationRule {
    public static let knownDirectives = ValidationRule(name: "KnownDirectivesRule", visits: .directive) {
        KnownDirectivesRule(context: $0)
    }
}
