import GraphQLLanguage

/// The directives the spec defines (§3.13): `@include`, `@skip`, `@deprecated`,
/// `@specifiedBy` and `@oneOf`, in graphql-js's `specifiedDirectives` order.
enum SpecifiedDirectiveDefinitions {
    static let all: [DirectiveDefinition] = [
        DirectiveDefinition(
            name: "include",
            description: "Directs the executor to include this field or fragment only when the `if` argument is true.",
            arguments: [
                InputValueDefinition(name: "if", description: "Included when true.", type: .nonNull(.named("Boolean"))),
            ],
            locations: [.field, .fragmentSpread, .inlineFragment]
        ),
        DirectiveDefinition(
            name: "skip",
            description: "Directs the executor to skip this field or fragment when the `if` argument is true.",
            arguments: [
                InputValueDefinition(name: "if", description: "Skipped when true.", type: .nonNull(.named("Boolean"))),
            ],
            locations: [.field, .fragmentSpread, .inlineFragment]
        ),
        DirectiveDefinition(
            name: "deprecated",
            description: "Marks an element of a GraphQL schema as no longer supported.",
            arguments: [
                InputValueDefinition(name: "reason", description: "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).", type: .named("String"), defaultValue: .value(.string("No longer supported"))),
            ],
            locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue]
        ),
        DirectiveDefinition(
            name: "specifiedBy",
            description: "Exposes a URL that specifies the behavior of this scalar.",
            arguments: [
                InputValueDefinition(name: "url", description: "The URL that specifies the behavior of this scalar.", type: .nonNull(.named("String"))),
            ],
            locations: [.scalar]
        ),
        DirectiveDefinition(
            name: "oneOf",
            description: "Indicates an Input Object is a OneOf Input Object.",
            locations: [.inputObject]
        ),
    ]
}
