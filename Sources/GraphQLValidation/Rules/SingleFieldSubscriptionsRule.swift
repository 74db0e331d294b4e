import GraphQLLanguage
import GraphQLType

/// A subscription selects exactly one root field, and not an introspection field
/// ([spec §5.2.3.1](https://spec.graphql.org/October2021/#sec-Single-root-field)).
///
/// The root fields are collected as execution would (spec §6.3.2
/// "CollectFields"), without variable values: `@skip`/`@include` with a literal
/// condition apply, a variable condition keeps the selection.
struct SingleFieldSubscriptionsRule: ASTVisitor {
    let context: ValidationContext

    mutating func enter(_ node: OperationDefinitionNode) -> VisitAction {
        guard node.operation == .subscription, let subscriptionType = context.schema.subscriptionType else {
            return .skipChildren
        }
        var collector = RootFieldCollector(context: context, rootType: subscriptionType.id)
        collector.collect(node.selectionSet)
        let groups = collector.groups
        let subject = node.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
        if groups.count > 1 {
            context.report(
                subject + " must select only one top level field.", nodes: groups.dropFirst().flatMap(\.fields))
        }
        for group in groups where group.fields[0].name.value.hasPrefix("__") {
            context.report(subject + " must not select an introspection top level field.", nodes: group.fields)
        }
        return .skipChildren
    }

}

/// graphql-js `collectFields` for one object type, without variable values.
private struct RootFieldCollector {
    let context: ValidationContext
    let rootType: TypeID
    /// Fields by response key, in order of first appearance.
    var groups: [(key: String, fields: [FieldNode])] = []
    private var groupIndex: [String: Int] = [:]
    private var visitedFragments: Set<String> = []

    init(context: ValidationContext, rootType: TypeID) {
        self.context = context
        self.rootType = rootType
    }

    /// Collects in document order, fragments expanded in place, with an explicit
    /// stack (a long chain of fragments must not exhaust the thread's stack).
    mutating func collect(_ selectionSet: SelectionSetNode) {
        var stack: [(selections: [SelectionNode], next: Int)] = [(selectionSet.selections, 0)]
        while let top = stack.last {
            guard top.next < top.selections.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let selection = top.selections[top.next]
            guard isIncluded(selection.directives) else { continue }
            switch selection {
            case .field(let field):
                let key = field.responseKey
                if let index = groupIndex[key] {
                    groups[index].fields.append(field)
                } else {
                    groupIndex[key] = groups.count
                    groups.append((key, [field]))
                }
            case .inlineFragment(let inline):
                guard conditionMatches(inline.typeCondition) else { continue }
                stack.append((inline.selectionSet.selections, 0))
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard visitedFragments.insert(name).inserted, let fragment = context.fragment(named: name),
                    conditionMatches(fragment.typeCondition)
                else { continue }
                stack.append((fragment.selectionSet.selections, 0))
            }
        }
    }

    /// `@skip(if: true)` and `@include(if: false)` exclude a selection.
    private func isIncluded(_ directives: [DirectiveNode]) -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "skip" || name == "include",
                let condition = directive.arguments.first(where: { $0.name.value == "if" }),
                case .boolean(let literal) = condition.value
            else { continue }
            if literal.value == (name == "skip") { return false }
        }
        return true
    }

    private func conditionMatches(_ condition: NamedTypeNode?) -> Bool {
        guard let condition else { return true }
        guard let type = context.schema.typeID(named: condition.name.value) else { return false }
        if type == rootType { return true }
        return context.schema[type].isAbstractType && context.schema.isSubType(abstract: type, maybeSub: rootType)
    }
}

extension ValidationRule {
    public static let singleFieldSubscriptions = ValidationRule(
        name: "SingleFieldSubscriptionsRule",
        visits: .operationDefinition
    ) {
        SingleFieldSubscriptionsRule(context: $0)
    }
}
