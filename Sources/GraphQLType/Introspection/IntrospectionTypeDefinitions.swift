/// The introspection types (spec §4.2) as definitions; every schema contains them.
/// Descriptions are the spec's and graphql-js's, so introspection answers match theirs.
enum IntrospectionTypeDefinitions {
    static let all: [NamedTypeDefinition] = [
        NamedTypeDefinition(
            name: "__Schema",
            description: "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations.",
            kind: .object(
                fields: [
                    FieldDefinition(
                        name: "description", description: nil,
                        type: .named("String")
                    ),
                    FieldDefinition(
                        name: "types", description: "A list of all types supported by this server.",
                        type: .nonNull(.list(.nonNull(.named("__Type"))))
                    ),
                    FieldDefinition(
                        name: "queryType", description: "The type that query operations will be rooted at.",
                        type: .nonNull(.named("__Type"))
                    ),
                    FieldDefinition(
                        name: "mutationType", description: "If this server supports mutation, the type that mutation operations will be rooted at.",
                        type: .named("__Type")
                    ),
                    FieldDefinition(
                        name: "subscriptionType", description: "If this server supports subscription, the type that subscription operations will be rooted at.",
                        type: .named("__Type")
                    ),
                    FieldDefinition(
                        name: "directives", description: "A list of all directives supported by this server.",
                        type: .nonNull(.list(.nonNull(.named("__Directive"))))
                    ),
                ],
                interfaces: []
            )
        ),
        NamedTypeDefinition(
            name: "__Type",
            description: "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum.\n\nDepending on the kind of a type, certain fields describe information about that type. Scalar types provide no information beyond a name, description and optional `specifiedByURL`, while Enum types provide their values. Object and Interface types provide the fields they describe. Abstract types, Union and Interface, provide the Object types possible at runtime. List and NonNull types compose other types.",
            kind: .object(
                fields: [
                    FieldDefinition(
                        name: "kind", description: nil,
                        type: .nonNull(.named("__TypeKind"))
                    ),
                    FieldDefinition(
                        name: "name", description: nil,
                        type: .named("String")
                    ),
                    FieldDefinition(
                        name: "description", description: nil,
                        type: .named("String")
                    ),
                    FieldDefinition(
                        name: "specifiedByURL", description: nil,
                        type: .named("String")
                    ),
                    FieldDefinition(
                        name: "fields", description: nil,
                        arguments: [
                            InputValueDefinition(name: "includeDeprecated", description: nil, type: .named("Boolean"), defaultValue: .value(.bool(false))),
                        ],
                        type: .list(.nonNull(.named("__Field")))
                    ),
                    FieldDefinition(
                        name: "interfaces", description: nil,
                        type: .list(.nonNull(.named("__Type")))
                    ),
                    FieldDefinition(
                        name: "possibleTypes", description: nil,
                        type: .list(.nonNull(.named("__Type")))
                    ),
                    FieldDefinition(
                        name: "enumValues", description: nil,
                        arguments: [
                            InputValueDefinition(name: "includeDeprecated", description: nil, type: .named("Boolean"), defaultValue: .value(.bool(false))),
                        ],
                        type: .list(.nonNull(.named("__EnumValue")))
                    ),
                    FieldDefinition(
                        name: "inputFields", description: nil,
                        arguments: [
                            InputValueDefinition(name: "includeDeprecated", description: nil, type: .named("Boolean"), defaultValue: .value(.bool(false))),
                        ],
                        type: .list(.nonNull(.named("__InputValue")))
                    ),
                    FieldDefinition(
                        name: "ofType", description: nil,
                        type: .named("__Type")
                    ),
                    FieldDefinition(
                        name: "isOneOf", description: nil,
                        type: .named("Boolean")
                    ),
                ],
                interfaces: []
            )
        ),
        NamedTypeDefinition(
            name: "__TypeKind",
            description: "An enum describing what kind of type a given `__Type` is.",
            kind: .enumeration([
                EnumValueDefinition(name: "SCALAR", description: "Indicates this type is a scalar."),
                EnumValueDefinition(name: "OBJECT", description: "Indicates this type is an object. `fields` and `interfaces` are valid fields."),
                EnumValueDefinition(name: "INTERFACE", description: "Indicates this type is an interface. `fields`, `interfaces`, and `possibleTypes` are valid fields."),
                EnumValueDefinition(name: "UNION", description: "Indicates this type is a union. `possibleTypes` is a valid field."),
                EnumValueDefinition(name: "ENUM", description: "Indicates this type is an enum. `enumValues` is a valid field."),
                EnumValueDefinition(name: "INPUT_OBJECT", description: "Indicates this type is an input object. `inputFields` is a valid field."),
                EnumValueDefinition(name: "LIST", description: "Indicates this type is a list. `ofType` is a valid field."),
                EnumValueDefinition(name: "NON_NULL", description: "Indicates this type is a non-null. `ofType` is a valid field."),
            ])
        ),
        NamedTypeDefinition(
            name: "__Field",
            description: "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type.",
            kind: .object(
                fields: [
                    FieldDefinition(
                        name: "name", description: nil,
                        type: .nonNull(.named("String"))
                    ),
                    FieldDefinition(
                        name: "description", description: nil,
                        type: .named("String")
                    ),
                    FieldDefinition(
                        name: "args", description: nil,
                        arguments: [
                            InputValueDefinition(name: "includeDeprecated", description: nil, type: .named("Boolean"), defaultValue: .value(.bool(false))),
                        ],
                        type: .nonNull(.list(.nonNull(.named("__InputValue"))))
                    ),
                    FieldDefinition(
                        name: "type", description: nil,
                        type: .nonNull(.named("__Type"))
                    ),
                    FieldDefinition(
                        name: "isDeprecated", description: nil,
                        type: .nonNull(.named("Boolean"))
                    ),
                    FieldDefinition(
                        name: "deprecationReason", description: nil,
                        type: .named("String")
                    ),
                ],
                interfaces: []
            )
        ),
        NamedTypeDefinition(
            name: "__InputValue",
            description: "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value.",
            kind: .object(
                fields: [
                    FieldDefinition(
                        name: "name", description: nil,
                        type: .nonNull(.named("String"))
                    ),
                    FieldDefinition(
                        name: "description", description: nil,
                        type: .named("String")
                    ),
                    FieldDefinition(
                        name: "type", description: nil,
                        type: .nonNull(.named("__Type"))
                    ),
                    FieldDefinition(
                        name: "defaultValue", description: "A GraphQL-formatted string representing the default value for this input value.",
                        type: .named("String")
                    ),
                    FieldDefinition(
                        name: "isDeprecated", description: nil,
                        type: .nonNull(.named("Boolean"))
                    ),
                    FieldDefinition(
                        name: "deprecationReason", description: nil,
                        type: .named("String")
                    ),
                ],
                interfaces: []
            )
        ),
        NamedTypeDefinition(
            name: "__EnumValue",
            description: "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string.",
            kind: .object(
                fields: [
                    FieldDefinition(
                        name: "name", description: nil,
                        type: .nonNull(.named("String"))
                    ),
                    FieldDefinition(
                        name: "description", description: nil,
                        type: .named("String")
                    ),
                    FieldDefinition(
                        name: "isDeprecated", description: nil,
                        type: .nonNull(.named("Boolean"))
                    ),
                    FieldDefinition(
                        name: "deprecationReason", description: nil,
                        type: .named("String")
                    ),
                ],
                interfaces: []
            )
        ),
        NamedTypeDefinition(
            name: "__Directive",
            description: "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document.\n\nIn some cases, you need to provide options to alter GraphQL's execution behavior in ways field arguments will not suffice, such as conditionally including or skipping a field. Directives provide this by describing additional information to the executor.",
            kind: .object(
                fields: [
                    FieldDefinition(
                        name: "name", description: nil,
                        type: .nonNull(.named("String"))
                    ),
                    FieldDefinition(
                        name: "description", description: nil,
                        type: .named("String")
                    ),
                    FieldDefinition(
                        name: "isRepeatable", description: nil,
                        type: .nonNull(.named("Boolean"))
                    ),
                    FieldDefinition(
                        name: "locations", description: nil,
                        type: .nonNull(.list(.nonNull(.named("__DirectiveLocation"))))
                    ),
                    FieldDefinition(
                        name: "args", description: nil,
                        arguments: [
                            InputValueDefinition(name: "includeDeprecated", description: nil, type: .named("Boolean"), defaultValue: .value(.bool(false))),
                        ],
                        type: .nonNull(.list(.nonNull(.named("__InputValue"))))
                    ),
                ],
                interfaces: []
            )
        ),
        NamedTypeDefinition(
            name: "__DirectiveLocation",
            description: "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies.",
            kind: .enumeration([
                EnumValueDefinition(name: "QUERY", description: "Location adjacent to a query operation."),
                EnumValueDefinition(name: "MUTATION", description: "Location adjacent to a mutation operation."),
                EnumValueDefinition(name: "SUBSCRIPTION", description: "Location adjacent to a subscription operation."),
                EnumValueDefinition(name: "FIELD", description: "Location adjacent to a field."),
                EnumValueDefinition(name: "FRAGMENT_DEFINITION", description: "Location adjacent to a fragment definition."),
                EnumValueDefinition(name: "FRAGMENT_SPREAD", description: "Location adjacent to a fragment spread."),
                EnumValueDefinition(name: "INLINE_FRAGMENT", description: "Location adjacent to an inline fragment."),
                EnumValueDefinition(name: "VARIABLE_DEFINITION", description: "Location adjacent to a variable definition."),
                EnumValueDefinition(name: "SCHEMA", description: "Location adjacent to a schema definition."),
                EnumValueDefinition(name: "SCALAR", description: "Location adjacent to a scalar definition."),
                EnumValueDefinition(name: "OBJECT", description: "Location adjacent to an object type definition."),
                EnumValueDefinition(name: "FIELD_DEFINITION", description: "Location adjacent to a field definition."),
                EnumValueDefinition(name: "ARGUMENT_DEFINITION", description: "Location adjacent to an argument definition."),
                EnumValueDefinition(name: "INTERFACE", description: "Location adjacent to an interface definition."),
                EnumValueDefinition(name: "UNION", description: "Location adjacent to a union definition."),
                EnumValueDefinition(name: "ENUM", description: "Location adjacent to an enum definition."),
                EnumValueDefinition(name: "ENUM_VALUE", description: "Location adjacent to an enum value definition."),
                EnumValueDefinition(name: "INPUT_OBJECT", description: "Location adjacent to an input object type definition."),
                EnumValueDefinition(name: "INPUT_FIELD_DEFINITION", description: "Location adjacent to an input object field definition."),
            ])
        ),
    ]
}
