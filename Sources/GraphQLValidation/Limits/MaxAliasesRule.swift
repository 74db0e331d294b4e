import GraphQLLanguage

/// How many aliased fields an operation selects, counted through fragment
/// spreads: a fragment spread twice counts twice.
///
/// A server limit rather than a spec rule: aliases let one small document ask
/// for the same expensive field many times (`a1: search(...) a2: search(...)`).
/// Each fragment is counted once and its count reused; a spread that closes a
/// fragment cycle counts as nothing; the total saturates at `Int.max`.
public func aliasCount(
    of operation: OperationDefinitionNode, fragments: [String: FragmentDefinitionNode]
) -> Int {
    var evaluation = FragmentSpreadEvaluation<String>(combination: .weightedSum) { name in
        fragments[name].map { aliasSummary(of: $0.selectionSet) }
    }
    return evaluation.value(of: aliasSummary(of: operation.selectionSet))
}

private func aliasSummary(of selectionSet: SelectionSetNode) -> SpreadSummary<String> {
    var summary = SpreadSummary<String>()
    addAliases(in: selectionSet, to: &summary)
    return summary
}

private func addAliases(in selectionSet: SelectionSetNode, to summary: inout SpreadSummary<String>) {
    for selection in selectionSet.selections {
        switch selection {
        case .field(let field):
            if field.alias != nil { summary.local += 1 }
            if let nested = field.selectionSet { addAliases(in: nested, to: &summary) }
        case .fragmentSpread(let spread):
            summary.spreads.append((spread.name.value, 1))
        case .inlineFragment(let inline):
            addAliases(in: inline.selectionSet, to: &summary)
        }
    }
}

/// Rejects each operation whose ``aliasCount(of:fragments:)`` exceeds `maximum`,
/// with `extensions.code` `TOO_MANY_ALIASES`.
struct MaxAliasesRule: ASTVisitor {
    let context: ValidationContext
    let maximum: Int

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        let count = aliasCount(of: node, fragments: context.fragments)
        if count > maximum {
            context.report(
                GraphQLError(
                    "Query alias count \(count) exceeds the maximum of \(maximum).", nodes: [node],
                    extensions: ["code": "TOO_MANY_ALIASES", "aliases": .int(count), "maximumAliases": .int(maximum)]))
        }
        return .skipChildren
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction { .skipChildren }
}

extension ValidationRule {
    /// An optional limit (not in ``specifiedRules``): operations may use at most
    /// `maximum` aliases, fragments included (see ``aliasCount(of:fragments:)``).
    public static func maxAliases(_ maximum: Int) -> ValidationRule {
        ValidationRule(name: "MaxAliasesRule") { MaxAliasesRule(context: $0, maximum: maximum) }
    }
}
