import GraphQLLanguage
import GraphQLType

/// A fragment is spread only where its type can apply: the parent type and the
/// type condition share a possible object type
/// ([spec §5.5.2.3](https://spec.graphql.org/October2021/#sec-Fragment-spread-is-possible)).
struct PossibleFragmentSpreadsRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: InlineFragmentNode) -> VisitAction {
        let schema = context.schema
        guard let fragmentType = context.type?.namedType, schema[fragmentType].isCompositeType,
            let parentType = context.parentType, schema[parentType].isCompositeType,
            !schema.doTypesOverlap(fragmentType, parentType)
        else { return .continue }
        context.report(
            "Fragment cannot be spread here as objects of type \"\(schema[parentType].name)\" "
                + "can never be of type \"\(schema[fragmentType].name)\".",
            nodes: [node])
        return .continue
    }

    mutating func enter(_ node: FragmentSpreadNode) -> VisitAction {
        let schema = context.schema
        let name = node.name.value
        guard let fragment = context.fragment(named: name),
            let fragmentType = schema.typeID(named: fragment.typeCondition.name.value),
            schema[fragmentType].isCompositeType,
            let parentType = context.parentType,
            !schema.doTypesOverlap(fragmentType, parentType)
        else { return .continue }
        context.report(
            "Fragment \"\(name)\" cannot be spread here as objects of type \"\(schema[parentType].name)\" "
                + "can never be of type \"\(schema[fragmentType].name)\".",
            nodes: [node])
        return .continue
    }

}

extension ValidationRule {
    public static let possibleFragmentSpreads = ValidationRule(
        name: "PossibleFragmentSpreadsRule",
        visits: [.inlineFragment, .fragmentSpread]
    ) {
        PossibleFragmentSpreadsRule(context: $0)
    }
}
