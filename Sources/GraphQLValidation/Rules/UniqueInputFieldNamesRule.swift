import GraphQLLanguage

/// An input object literal gives each field at most once
/// ([spec §5.6.3](https://spec.graphql.org/October2021/#sec-Input-Object-Field-Uniqueness)).
///
/// Checked as each field is entered (as graphql-js does, so errors in nested
/// values come in document order) against the earlier fields of its object.
struct UniqueInputFieldNamesRule: ASTVisitor {
    let context: ValidationContext
    /// The fields of each enclosing object literal, the first field of each
    /// field's name, and how many fields were entered.
    private var objects: [(fields: [ObjectFieldNode], first: [Int], entered: Int)] = []

    init(context: ValidationContext) {
        self.context = context
    }

    mutating func enter(_ node: ValueNode) -> VisitAction {
        if case .object(let object) = node {
            let fields = object.fields
            objects.append((fields, firstOccurrences(count: fields.count) { fields[$0].name.value }, 0))
        }
        return .continue
    }

    mutating func leave(_ node: ValueNode) {
        if case .object = node { objects.removeLast() }
    }

    mutating func enter(_ node: ObjectFieldNode) -> VisitAction {
        guard let top = objects.indices.last else { return .continue }
        let entered = objects[top].entered
        objects[top].entered += 1
        let first = objects[top].first[entered]
        if first != entered {
            context.report(
                "There can be only one input field named \"\(node.name.value)\".",
                nodes: [objects[top].fields[first].name, node.name])
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
