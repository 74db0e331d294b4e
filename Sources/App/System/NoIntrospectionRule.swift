import GraphQLLanguage
import GraphQLValidation

/// Refuses the introspection meta-fields `__schema` and `__type` (spec §4.2)
/// when `QUARRY_INTROSPECTION=off`; `__typename` stays allowed, clients need it
/// to read unions and interfaces.
struct NoIntrospectionRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: FieldNode) -> VisitAction {
        let name = node.name.value
        if name == "__schema" || name == "__type" {
            context.report(GraphQLError(
                "GraphQL introspection is disabled on this server, but the query asked for \"\(name)\".",
                nodes: [node], extensions: ["code": "INTROSPECTION_DISABLED"]
            ))
        }
        return .continue
    }
}

extension ValidationRule {
    static let noIntrospection = ValidationRule(name: "NoIntrospectionRule") { NoIntrospectionRule(context: $0) }
}
