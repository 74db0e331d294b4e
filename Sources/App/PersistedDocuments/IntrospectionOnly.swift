import GraphQLLanguage

extension DocumentNode {
    /// Whether every operation selects only introspection at its root:
    /// `__schema`, `__type` and `__typename` (spec §4 "Introspection"), directly
    /// or through fragments. Trusted-documents `only` mode still answers these
    /// (while introspection is on) so that GraphiQL and code generators work.
    var isIntrospectionOnly: Bool {
        let definitions = Dictionary(self.fragments.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        func introspective(_ selections: SelectionSetNode, seen: Set<String>) -> Bool {
            selections.selections.allSatisfy { selection in
                switch selection {
                case .field(let field):
                    return ["__schema", "__type", "__typename"].contains(field.name.value)
                case .inlineFragment(let inline):
                    return introspective(inline.selectionSet, seen: seen)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard !seen.contains(name), let fragment = definitions[name] else { return false }
                    return introspective(fragment.selectionSet, seen: seen.union([name]))
                }
            }
        }
        let operations = self.operations
        return !operations.isEmpty && operations.allSatisfy { introspective($0.selectionSet, seen: []) }
    }
}
