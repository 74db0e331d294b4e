import GraphQLLanguage

/// A validation rule (spec §5): given the context of one validation, it makes
/// the visitor that checks the document and reports errors to the context.
///
/// The built-in rules are static members (`.knownTypeNames`, …) and
/// ``specifiedRules`` lists those of the spec in graphql-js order. A rule with
/// parameters (a depth limit, say) is a function returning a `ValidationRule`.
/// `visits` names the node kinds the visitor handles: the walk calls each rule
/// only for those, which keeps the cost of many rules low.
public struct ValidationRule: Sendable {
    /// The rule's name, as graphql-js names it (`"KnownTypeNamesRule"`).
    public let name: String
    /// The kinds of node the rule's visitor handles; it is called for no others.
    public let visits: ValidationNodeKinds
    /// Makes the rule's visitor for one validation.
    public let makeVisitor: @Sendable (ValidationContext) -> any ASTVisitor

    public init(
        name: String, visits: ValidationNodeKinds = .all,
        makeVisitor: @escaping @Sendable (ValidationContext) -> any ASTVisitor
    ) {
        self.name = name
        self.visits = visits
        self.makeVisitor = makeVisitor
    }
}
