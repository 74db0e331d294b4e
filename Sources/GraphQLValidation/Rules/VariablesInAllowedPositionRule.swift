import GraphQLLanguage
import GraphQLType

/// A variable is used only where its type fits: the same type or a stricter one
/// (a nullable position also accepts a non-null variable; a non-null position
/// accepts a nullable variable only with a non-null default on either side)
/// ([spec §5.8.5](https://spec.graphql.org/October2021/#sec-All-Variable-Usages-are-Allowed)).
///
/// Checked once the whole document is walked, when the usages of every fragment are known.
struct VariablesInAllowedPositionRule: ASTVisitor {
    let context: ValidationContext

    mutating func leave(_ node: DocumentNode) {
        let schema = context.schema
        for definition in node.definitions {
            guard case .operation(let operation) = definition, !operation.variableDefinitions.isEmpty else {
                continue
            }
            // The last definition of a duplicated name counts, as in graphql-js.
            let definitions = Dictionary(
                operation.variableDefinitions.map { ($0.variable.name.value, $0) }, uniquingKeysWith: { $1 })
            for usage in context.recursiveVariableUsages(of: operation) {
                let name = usage.node.name.value
                guard let locationType = usage.type, let variableDefinition = definitions[name],
                    let variableType = TypeInfo.typeRef(variableDefinition.type, in: schema),
                    !isAllowed(variableType, default: variableDefinition.defaultValue, at: locationType, usage: usage)
                else { continue }
                context.report(
                    "Variable \"$\(name)\" of type \"\(schema.typeString(variableType))\" used in position "
                        + "expecting type \"\(schema.typeString(locationType))\".",
                    nodes: [variableDefinition, usage.node])
            }
        }
    }

    /// graphql-js `allowedVariableUsage`.
    private func isAllowed(
        _ variableType: GraphQLTypeRef, default variableDefault: ValueNode?, at locationType: GraphQLTypeRef,
        usage: VariableUsage
    ) -> Bool {
        let schema = context.schema
        if locationType.isNonNull, !variableType.isNonNull {
            var hasNonNullVariableDefault = false
            if let variableDefault, !isNullLiteral(variableDefault) { hasNonNullVariableDefault = true }
            guard hasNonNullVariableDefault || usage.defaultValue != nil else { return false }
            return schema.isTypeSubTypeOf(variableType, locationType.nullable)
        }
        return schema.isTypeSubTypeOf(variableType, locationType)
    }

    private func isNullLiteral(_ value: ValueNode) -> Bool {
        if case .null = value { return true }
        return false
    }
}

extension ValidationRule {
    public static let variablesInAllowedPosition = ValidationRule(
        name: "VariablesInAllowedPositionRule",
        visits: .document
    ) {
        VariablesInAllowedPositionRule(context: $0)
    }
}
