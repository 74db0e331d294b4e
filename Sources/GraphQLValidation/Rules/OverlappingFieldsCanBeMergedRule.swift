import GraphQLLanguage

/// Fields that share a response name in one selection set, fragments included,
/// can be merged: they select the same field with the same arguments (unless
/// their parent types are distinct object types) and return values of the same
/// shape, subselections included
/// ([spec §5.3.2](https://spec.graphql.org/October2021/#sec-Field-Selection-Merging)).
///
/// Every selection set is checked as the walk enters it (an inline fragment's
/// with the set it is in, as newer graphql-js does); the field maps and the
/// fragment pairs already compared are shared by the whole document (see
/// ``OverlappingFieldsComparator``), so the work stays polynomial however the
/// fragments are spread. Subselections nested more than
/// ``OverlappingFieldsComparator/maximumNesting`` levels deep (only fragments can
/// nest them so) are reported once as too deep (`QUERY_TOO_DEEP`), not compared.
/// Messages and locations are graphql-js's, e.g. `Fields "x" conflict because "a" and "b" are different fields. Use different
/// aliases on the fields to fetch both if this was intentional.`
struct OverlappingFieldsCanBeMergedRule: ASTVisitor {
    let context: ValidationContext
    private var comparator: OverlappingFieldsComparator
    /// The fragment definition just entered, until the walk enters its selection set.
    private var enteredFragment: FragmentDefinitionNode?
    /// Whether the next selection set is an inline fragment's.
    private var enteredInlineFragment = false
    private var reportedTooDeep = false

    init(context: ValidationContext) {
        self.context = context
        self.comparator = OverlappingFieldsComparator(schema: context.schema, fragments: context.fragments)
    }

    mutating func enter(_ node: FragmentDefinitionNode) -> VisitAction {
        enteredFragment = node
        return .continue
    }

    mutating func enter(_ node: InlineFragmentNode) -> VisitAction {
        enteredInlineFragment = true
        return .continue
    }

    mutating func enter(_ node: SelectionSetNode) -> VisitAction {
        let fragment = enteredFragment
        enteredFragment = nil
        // An inline fragment's fields belong to the enclosing selection set, which
        // has compared them already: checking them again would repeat its errors.
        if enteredInlineFragment {
            enteredInlineFragment = false
            return .continue
        }
        for conflict in comparator.conflictsWithin(node, parentType: context.parentType, fragment: fragment) {
            context.report(conflict.error)
        }
        if !reportedTooDeep, let (field1, field2) = comparator.tooDeep {
            reportedTooDeep = true
            let limit = OverlappingFieldsComparator.maximumNesting
            context.report(
                GraphQLError(
                    "Fields \"\(field1.responseKey)\" nest selections more than \(limit) levels deep through fragments,"
                        + " too deep to check that they can be merged.",
                    nodes: [field1, field2], extensions: ["code": "QUERY_TOO_DEEP"]))
        }
        return .continue
    }
}

extension ValidationRule {
    public static let overlappingFieldsCanBeMerged = ValidationRule(name: "OverlappingFieldsCanBeMergedRule") {
        OverlappingFieldsCanBeMergedRule(context: $0)
    }
}
