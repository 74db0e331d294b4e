import App
import GraphQLLanguage

/// What a request asks of the rate limits: the root fields of the mutation it runs.
enum RateLimitedOperation {
    /// The names of the root fields `prepared` selects when it is a mutation (none
    /// otherwise), one per occurrence, through fragments and inline fragments: a
    /// `logIn` inside `...F` or under an alias counts as any other. `@skip` and
    /// `@include` are not evaluated, so a skipped field counts too.
    static func mutationFields(_ prepared: PreparedOperation) -> [String] {
        guard prepared.operationType == .mutation else { return [] }
        let operations = prepared.document.operations
        guard let operation = prepared.operationName.map({ name in operations.first { $0.name?.value == name } })
            ?? (operations.count == 1 ? operations.first : nil) else { return [] }
        let fragments = Dictionary(
            prepared.document.fragments.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first }
        )
        var names: [String] = []
        var entered: Set<String> = []
        func collect(_ selections: SelectionSetNode) {
            for selection in selections.selections {
                switch selection {
                case .field(let field): names.append(field.name.value)
                case .inlineFragment(let fragment): collect(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    // Each fragment once: spread twice, its fields merge and run once (and
                    // validation has refused cycles already).
                    guard entered.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value] else { continue }
                    collect(fragment.selectionSet)
                }
            }
        }
        collect(operation.selectionSet)
        return names
    }
}

extension GraphQLRequestFailure {
    /// `RATE_LIMITED`: the client address has called `mutation` as often as its limit
    /// allows; HTTP answers 429 with `Retry-After`.
    static func rateLimited(_ mutation: String, retryAfterSeconds: Int) -> GraphQLRequestFailure {
        GraphQLRequestFailure(
            status: .rateLimited(retryAfterSeconds: retryAfterSeconds),
            errors: [GraphQLError(
                "Too many \(mutation) requests from this address: try again in \(retryAfterSeconds) s.",
                extensions: ["code": "RATE_LIMITED", "retryAfterSeconds": .int(retryAfterSeconds)]
            )]
        )
    }
}
