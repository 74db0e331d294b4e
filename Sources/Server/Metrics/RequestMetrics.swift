import CoreMetrics

/// The metrics ``QuarryMetrics`` records on every request, kept by their label
/// values once made, so that a request finds its counter with one dictionary
/// lookup instead of asking the factory (and the registry's lock) anew.
struct RequestMetrics {
    /// `quarry_http_requests_total` by method and status.
    var httpRequests: [HTTPSeries: Counter] = [:]
    /// `quarry_graphql_requests_total` by operation label and outcome.
    var graphQLRequests: [GraphQLSeries: Counter] = [:]
    /// `quarry_graphql_request_duration_seconds` by outcome.
    var durations: [QuarryMetrics.Outcome: Timer] = [:]
    /// `quarry_graphql_sql_statements`, made with the first GraphQL request.
    var statements: Recorder?
    /// The operation names given their own label value so far.
    private var operationNames: Set<String> = []

    struct HTTPSeries: Hashable {
        let method: String
        let status: Int
    }

    struct GraphQLSeries: Hashable {
        let operation: String
        let outcome: QuarryMetrics.Outcome
    }

    /// The `operation` label of a request: its operation's name, `anonymous`
    /// without one, and `other` once ``QuarryMetrics/maxOperationNames`` names
    /// have been seen, so a client inventing names cannot blow up the registry.
    mutating func operationLabel(_ name: String?) -> String {
        guard let name else { return "anonymous" }
        if operationNames.contains(name) { return name }
        guard operationNames.count < QuarryMetrics.maxOperationNames else { return "other" }
        operationNames.insert(name)
        return name
    }
}

extension Dictionary {
    /// The value for `key`, made by `make` and kept the first time it is asked for.
    mutating func value(for key: Key, madeBy make: () -> Value) -> Value {
        if let value = self[key] { return value }
        let value = make()
        self[key] = value
        return value
    }
}
