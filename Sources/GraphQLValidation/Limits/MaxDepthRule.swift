import GraphQLLanguage
import GraphQLType

/// How deeply an operation's fields nest, counted through fragment spreads:
/// `{ a }` is 1, `{ a { b } }` is 2; inline fragments and spreads add no level.
///
/// A server limit rather than a spec rule (the spec leaves resource limits to
/// implementations, §5 "Validation"): a deep query is cheap to write and
/// expensive to execute. Each fragment is measured once; a spread that closes a
/// fragment cycle counts as nothing, so a cyclic document cannot hang it.
public func selectionDepth(
    of operation: OperationDefinitionNode, fragments: [String: FragmentDefinitionNode]
) -> Int {
    var evaluation = FragmentSpreadEvaluation<String>(combination: .maximumOfOffsets) { name in
        fragments[name].map { depthSummary(of: $0.selectionSet) }
    }
    return evaluation.value(of: depthSummary(of: operation.selectionSet))
}

/// The deepest field level in a selection set, and the level at which each fragment is spread.
private func depthSummary(of selectionSet: SelectionSetNode) -> SpreadSummary<String> {
    var summary = SpreadSummary<String>()
    addDepth(of: selectionSet, level: 0, to: &summary)
    return summary
}

private func addDepth(of selectionSet: SelectionSetNode, level: Int, to summary: inout SpreadSummary<String>) {
    for selection in selectionSet.selections {
        switch selection {
        case .field(let field):
            summary.local = max(summary.local, level + 1)
            if let nested = field.selectionSet { addDepth(of: nested, level: level + 1, to: &summary) }
        case .fragmentSpread(let spread):
            summary.spreads.append((spread.name.value, level))
        case .inlineFragment(let inline):
            addDepth(of: inline.selectionSet, level: level, to: &summary)
        }
    }
}

/// Rejects each operation whose ``selectionDepth(of:fragments:)`` exceeds `maximum`,
/// with `extensions.code` `QUERY_TOO_DEEP`.
struct MaxDepthRule: ASTVisitor {
    let context: ValidationContext
    let maximum: Int

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        let depth = selectionDepth(of: node, fragments: context.fragments)
        if depth > maximum {
            context.report(
                GraphQLError(
                    "Query depth \(depth) exceeds the maximum of \(maximum).", nodes: [node],
                    extensions: ["code": "QUERY_TOO_DEEP", "depth": .int(depth), "maximumDepth": .int(maximum)]))
        }
        return .skipChildren
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction { .skipChildren }
}

extension ValidationRule {
    /// An optional limit (not in ``specifiedRules``): operations may nest fields at most
    /// `maximum` levels deep, fragments included (see ``selectionDepth(of:fragments:)``).
    public static func maxDepth(_ maximum: Int) -> ValidationRule {
        ValidationRule(name: "MaxDepthRule") { MaxDepthRule(context: $0, maximum: maximum) }
    }
}
