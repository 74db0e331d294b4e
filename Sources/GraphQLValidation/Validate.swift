import GraphQLLanguage
import GraphQLType

/// graphql-js's default limit on the errors one validation reports.
public let defaultMaxValidationErrors = 100

/// Validates an executable document against a schema (spec §5 "Validation",
/// graphql-js `validate`): runs every rule in one walk of the document and
/// returns the errors in the order found, empty when the document is valid.
///
/// After `maxErrors` errors the walk stops and one more error says so ("Too
/// many validation errors, error limit reached. Validation aborted."), which
/// bounds the work a hostile document can cause. Type-system definitions in the
/// document are reported by ExecutableDefinitions, not validated.
public func validate(
    schema: GraphQLSchema,
    document: DocumentNode,
    rules: [ValidationRule] = specifiedRules,
    maxErrors: Int = defaultMaxValidationErrors
) -> [GraphQLError] {
    let context = ValidationContext(schema: schema, document: document, maxErrors: maxErrors)
    var visitors: [any ASTVisitor] = []
    visitors.reserveCapacity(rules.count)
    for rule in rules { visitors.append(rule.makeVisitor(context)) }
    let dispatcher = RuleDispatcher(visitors: visitors, kinds: rules.map(\.visits))
    var walker = ASTWalker(visitor: ValidationWalk(context: context, rules: dispatcher))
    walker.walk(document)
    return context.errors
}
