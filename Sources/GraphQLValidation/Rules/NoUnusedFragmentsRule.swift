import GraphQLLanguage

/// Every fragment is used by some operation, directly or through other fragments
/// ([spec §5.5.1.4](https://spec.graphql.org/October2021/#sec-Fragments-Must-Be-Used)).
struct NoUnusedFragmentsRule: ASTVisitor {
    let context: ValidationContext

    mutating func leave(_ node: DocumentNode) {
        var used: Set<String> = []
        for definition in node.definitions {
            guard case .operation(let operation) = definition else { continue }
            for fragment in context.recursivelyReferencedFragments(of: operation) {
                used.insert(fragment.name.value)
            }
        }
        for definition in node.definitions {
            guard case .fragment(let fragment) = definition, !used.contains(fragment.name.value) else { continue }
            context.report("Fragment \"\(fragment.name.value)\" is never used.", nodes: [fragment])
        }
    }
}

extension ValidationRule {
    public static let noUnusedFragments = ValidationRule(name: "NoUnusedFragmentsRule", visits: .document) {
        NoUnusedFragmentsRule(context: $0)
    }
}
