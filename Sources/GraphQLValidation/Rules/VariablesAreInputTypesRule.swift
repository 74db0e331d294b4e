import GraphQLLanguage
import GraphQLType

/// Variables have input types: scalars, enums, input objects, or lists and
/// non-nulls of those
/// ([spec §5.8.2](https://spec.graphql.org/October2021/#sec-Variables-Are-Input-Types)).
struct VariablesAreInputTypesRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: VariableDefinitionNode) -> VisitAction {
        if let type = context.schema.type(named: node.type.namedType.name.value), !type.isInputType {
            context.report(
                "Variable \"$\(node.variable.name.value)\" cannot be non-input type \"\(printType(node.type))\".",
                nodes: [node.type])
        }
        return .skipChildren
    }

}

extension ValidationRule {
    public static let variablesAreInputTypes = ValidationRule(
        name: "VariablesAreInputTypesRule",
        visits: .variableDefinition
    ) {
        VariablesAreInputTypesRule(context: $0)
    }
}
