import GraphQLLanguage

/// Request errors (spec §7.1.2): problems found before execution starts, all at once.
struct RequestErrors: Error {
    let errors: [GraphQLError]
}
