import GraphQLLanguage

/// A field or directive is given each argument at most once
/// ([spec §5.4.2](https://spec.graphql.org/October2021/#sec-Argument-Uniqueness)).
struct UniqueArgumentNamesRule: ASTVisitor {
    let context: ValidationContext

    private func check(_ arguments: [ArgumentNode]) {
        guard arguments.count > 1 else { return }
        for (index, argument) in arguments.enumerated() {
            let name = argument.name.value
            // Report each name once, at its first occurrence, with all of its occurrences.
            guard arguments[(index + 1)...].contains(where: { $0.name.value == name }),
                !arguments[..<index].contains(where: { $0.name.value == name })
            else { continue }
            let same = arguments[index...].filter { $0.name.value == name }
            context.report("There can be only one argument named \"\(name)\".", nodes: same.map(\.name))
        }
    }

    mutating func enter(_ node: FieldNode) -> VisitAction {
        check(node.arguments)
        return .continue
    }

    mutating func enter(_ node: DirectiveNode, location: DirectiveLocation) -> VisitAction {
        check(node.arguments)
        return .continue
    }

}

extension ValidationRule {
    public static let uniqueArgumentNames = ValidationRule(
        name: "UniqueArgumentNamesRule",
        visits: [.field, .directive]
    ) {
        UniqueArgumentNamesRule(context: $0)
    }
}
