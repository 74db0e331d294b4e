import GraphQLLanguage

/// Rejects each operation whose ``estimatedCost(of:fragments:schema:options:)`` exceeds
/// `maximum`, with `extensions.code` `QUERY_TOO_COMPLEX`.
struct QueryCostRule: ASTVisitor {
    let context: ValidationContext
    let maximum: Int
    let options: QueryCostOptions

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        let cost = estimatedCost(of: node, fragments: context.fragments, schema: context.schema, options: options)
        if cost > maximum {
            context.report(
                GraphQLError(
                    "Query cost \(cost) exceeds the maximum of \(maximum).", nodes: [node],
                    extensions: ["code": "QUERY_TOO_COMPLEX", "cost": .int(cost), "maximumCost": .int(maximum)]))
        }
        return .skipChildren
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction { .skipChildren }
}

extension ValidationRule {
    /// An optional limit (not in ``specifiedRules``): an operation's estimated cost
    /// (see ``estimatedCost(of:fragments:schema:options:)``) may be at most `maximum`.
    /// Pass the request's variables in `options` to size lists by their values.
    public static func maxCost(_ maximum: Int, options: QueryCostOptions = QueryCostOptions()) -> ValidationRule {
        ValidationRule(name: "QueryCostRule") { QueryCostRule(context: $0, maximum: maximum, options: options) }
    }
}
