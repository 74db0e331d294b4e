import GraphQLLanguage
import GraphQLType

/// Leaf fields (scalars, enums) have no selection set; other fields must have one
/// ([spec §5.3.3](https://spec.graphql.org/October2021/#sec-Leaf-Field-Selections)).
struct ScalarLeafsRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: FieldNode) -> VisitAction {
        guard let type = context.type else { return .continue }
        let name = node.name.value
        if context.schema[type].isLeafType {
            if let selectionSet = node.selectionSet {
                context.report(
                    "Field \"\(name)\" must not have a selection since type \"\(context.schema.typeString(type))\" "
                        + "has no subfields.",
                    nodes: [selectionSet])
            }
        } else if node.selectionSet == nil {
            context.report(
                "Field \"\(name)\" of type \"\(context.schema.typeString(type))\" must have a selection of subfields. "
                    + "Did you mean \"\(name) { ... }\"?",
                nodes: [node])
        }
        return .continue
    }

}

extension ValidationRule {
    public static let scalarLeafs = ValidationRule(name: "ScalarLeafsRule", visits: .field) {
        ScalarLeafsRule(context: $0)
    }
}
