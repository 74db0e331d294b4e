import GraphQLLanguage

/// A field or directive is given each argument at most once
/// ([spec §5.4.2](https://spec.graphql.org/October2021/#sec-Argument-Uniqueness)).
struct UniqueArgumentNamesRule: ASTVisitor {
    let context: ValidationContext

    private func check(_ arguments: [ArgumentNode]) {
        guard arguments.count > 1 else { return }
        let first = firstOccurrences(count: arguments.count) { arguments[$0].name.value }
        // Each duplicated name is reported once, at its first occurrence, with all of its occurrences.
        var duplicates: [Int: [NameNode]] = [:]
        for (index, firstIndex) in first.enumerated() where firstIndex != index {
            duplicates[firstIndex, default: [arguments[firstIndex].name]].append(arguments[index].name)
        }
        guard !duplicates.isEmpty else { return }
        for (index, argument) in arguments.enumerated() {
            guard let names = duplicates[index] else { continue }
            context.report("There can be only one argument named \"\(argument.name.value)\".", nodes: names)
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
