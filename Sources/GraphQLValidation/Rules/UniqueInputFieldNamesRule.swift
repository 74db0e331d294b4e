import GraphQLLanguage

/// An input object literal gives each field at most once
/// ([spec §5.6.3](https://spec.graphql.org/October2021/#sec-Input-Object-Field-Uniqueness)).
///
/// Checked as each field is entered (as graphql-js does, so errors in nested
/// values come in document order) against the earlier fields of its object.
struct UniqueInputFieldNamesRule: ASTVisitor {
    let context: ValidationContext
    /// The fields of each enclosing object literal, and how many were entered.
    private var objects: [(fields: [ObjectFieldNode], entered: Int)] = []

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func enter(_ node: ValueNode) -> VisitAction {
        if case .object(let object) = node { objects.append((object.fields, 0)) }
        return .continue
    }

    mutating func leave(_ node: ValueNode) {
        if case .object = node { objects.removeLast() }
    }

    mutating func enter(_ node: ObjectFieldNode) -> VisitAction {
        guard let top = objects.indices.last else { return .continue }
        let entered = objects[top].entered
        objects[top].entered += 1
        let name = node.name.value
        if let first = objects[top].fields[..<entered].first(where: { $0.name.value == name }) {
            context.report("There can be only one input field named \"\(name)\".", nodes: [first.name, node.name])
        }
        return .continue
    }
}

extension ValidationRule {
    public static let uniqueInputFieldNames = ValidationRule(
        name: "UniqueInputFieldNamesRule",
        visits: [.value, .objectField]
    ) {
        UniqueInputFieldNamesRule(context: $0)
    }
}
