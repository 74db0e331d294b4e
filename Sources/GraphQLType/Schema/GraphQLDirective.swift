import GraphQLLanguage

/// A directive definition (spec §3.13): the built-ins and those the SDL declares.
public final class GraphQLDirective: Sendable {
    public let name: String
    public let description: String?
    public let locations: [DirectiveLocation]
    public let arguments: [GraphQLInputValue]
    public let isRepeatable: Bool
    /// The SDL definition it was built from (for error locations).
    public let astNode: DirectiveDefinitionNode?

    public init(
        name: String,
        description: String? = nil,
        locations: [DirectiveLocation],
        arguments: [GraphQLInputValue] = [],
        isRepeatable: Bool = false,
        astNode: DirectiveDefinitionNode? = nil
    ) {
        self.name = name
        self.description = description
        self.locations = locations
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.astNode = astNode
    }

    /// The argument named `name`.
    public func argument(named name: String) -> GraphQLInputValue? {
        arguments.first { $0.name == name }
    }

    /// Whether this is one of the directives the spec defines (`@include`, `@skip`,
    /// `@deprecated`, `@specifiedBy`, `@oneOf`).
    public var isSpecified: Bool {
        GraphQLDirective.specifiedNames.contains(name)
    }

    static let specifiedNames: Set<String> = ["include", "skip", "deprecated", "specifiedBy", "oneOf"]
}
