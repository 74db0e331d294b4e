/// A directive applied in the SDL to a type, field, argument, enum value or the schema,
/// kept so that the server can read its own annotations (`@auth(requires: USER)`).
///
/// Arguments are coerced against the directive's definition (defaults filled in,
/// enum values by name as `.string`), in the definition's argument order.
public struct GraphQLAppliedDirective: Sendable, Equatable {
    public let name: String
    public let arguments: GraphQLObjectValue

    public init(name: String, arguments: GraphQLObjectValue = [:]) {
        self.name = name
        self.arguments = arguments
    }
}

extension Array where Element == GraphQLAppliedDirective {
    /// The first applied directive named `name`.
    public func first(named name: String) -> GraphQLAppliedDirective? {
        first { $0.name == name }
    }
}
