import GraphQLLanguage

/// A field of an object or interface type (spec §3.6 `FieldDefinition`).
///
/// A final class with only `let` properties: the executor reaches it once per field
/// per selection, and passing a reference is one retain where a struct of this size
/// would be several.
public final class GraphQLField: Sendable {
    public let name: String
    public let description: String?
    /// Arguments in definition order.
    public let arguments: [GraphQLInputValue]
    public let type: GraphQLTypeRef
    /// The reason from `@deprecated`, `nil` when the field is not deprecated.
    public let deprecationReason: String?
    /// Directives applied to the definition in the SDL (including `@deprecated`).
    public let directives: [GraphQLAppliedDirective]
    /// The SDL definition it was built from (for error locations).
    public let astNode: FieldDefinitionNode?

    public init(
        name: String,
        description: String? = nil,
        arguments: [GraphQLInputValue] = [],
        type: GraphQLTypeRef,
        deprecationReason: String? = nil,
        directives: [GraphQLAppliedDirective] = [],
        astNode: FieldDefinitionNode? = nil
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.astNode = astNode
    }

    public var isDeprecated: Bool { deprecationReason != nil }

    /// The argument named `name`.
    public func argument(named name: String) -> GraphQLInputValue? {
        arguments.first { $0.name == name }
    }
}

/// An argument of a field or directive, or a field of an input object: introspection's
/// `__InputValue` (spec §3.6.1, §3.10, §4.2.5).
public final class GraphQLInputValue: Sendable {
    public let name: String
    public let description: String?
    public let type: GraphQLTypeRef
    /// The default value, already coerced to `type`; `nil` when there is none
    /// (a default of `null` is `.null`).
    public let defaultValue: GraphQLValue?
    public let deprecationReason: String?
    public let directives: [GraphQLAppliedDirective]
    /// The SDL definition it was built from (for error locations).
    public let astNode: InputValueDefinitionNode?

    public init(
        name: String,
        description: String? = nil,
        type: GraphQLTypeRef,
        defaultValue: GraphQLValue? = nil,
        deprecationReason: String? = nil,
        directives: [GraphQLAppliedDirective] = [],
        astNode: InputValueDefinitionNode? = nil
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.astNode = astNode
    }

    public var isDeprecated: Bool { deprecationReason != nil }

    /// Whether a value must be given: non-null and without a default (spec §3.6.1, §3.10).
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }
}

/// A value of an enum type (spec §3.9 `EnumValueDefinition`).
public final class GraphQLEnumValue: Sendable {
    public let name: String
    public let description: String?
    public let deprecationReason: String?
    public let directives: [GraphQLAppliedDirective]
    /// The SDL definition it was built from (for error locations).
    public let astNode: EnumValueDefinitionNode?

    public init(
        name: String,
        description: String? = nil,
        deprecationReason: String? = nil,
        directives: [GraphQLAppliedDirective] = [],
        astNode: EnumValueDefinitionNode? = nil
    ) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.astNode = astNode
    }

    public var isDeprecated: Bool { deprecationReason != nil }
}
