import GraphQLLanguage

/// One problem found while coercing an input value (spec §3.10 "Input Coercion",
/// graphql-js `coerceInputValue`'s `onError`): where in the value, the offending
/// part, and graphql-js's message.
///
/// The executor turns it into `Variable "$x" got invalid value … at "x.path"; message`.
public struct InputCoercionError: Error, Sendable, Equatable {
    /// Keys and list indices from the coerced value's root to the problem.
    public let path: [GraphQLError.PathComponent]
    /// The part of the input that could not be coerced (`nil` when absent).
    public let invalidValue: GraphQLValue?
    public let message: String

    public init(path: [GraphQLError.PathComponent], invalidValue: GraphQLValue?, message: String) {
        self.path = path
        self.invalidValue = invalidValue
        self.message = message
    }
}

/// All problems of one coercion, in the order found.
public struct InputCoercionFailure: Error, Sendable, Equatable {
    public let errors: [InputCoercionError]
}
