/// The order of a schema's type table: graphql-js's `GraphQLSchema` constructor order,
/// which is the order introspection lists types in.
///
/// Each type of the document in turn, each followed by the not-yet-seen types it
/// references outside the document (built-in scalars) found depth-first; then the
/// types the directives' arguments use; then `__Schema` and the introspection types
/// it reaches. Names that resolve to nothing are reported as unknown.
struct TypeOrder {
    private(set) var names: [String] = []
    private(set) var unknownNames: [String] = []
    private var seen: Set<String> = []
    private let definitions: [String: NamedTypeDefinition]

    init(
        documentTypes: [String],
        directives: [DirectiveDefinition],
        definitions: [String: NamedTypeDefinition]
    ) {
        self.definitions = definitions
        seen = Set(documentTypes)
        for name in documentTypes {
            names.append(name)
            visitReferences(of: name)
        }
        for directive in directives {
            for argument in directive.arguments {
                visit(argument.type.namedTypeName)
            }
        }
        visit("__Schema")
    }

    private mutating func visit(_ name: String) {
        guard !seen.contains(name) else { return }
        seen.insert(name)
        guard definitions[name] != nil else {
            unknownNames.append(name)
            return
        }
        names.append(name)
        visitReferences(of: name)
    }

    private mutating func visitReferences(of name: String) {
        guard let definition = definitions[name] else { return }
        for referenced in definition.referencedTypeNames {
            visit(referenced)
        }
    }
}
