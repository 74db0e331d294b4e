import GraphQLLanguage
import GraphQLType

// The values introspection resolves to (spec §4.2 "Schema Introspection"): one
// immutable object per schema element, computed once per schema by
// ``IntrospectionModel`` so that answering the introspection query is reading
// properties. The executor's default resolver reads their scalar fields through
// ``FieldReadable``; fields that take arguments or lead to another `__Type` are
// bound resolvers (``ExecutableSchemaBuilder/bindIntrospection()``), because these
// values do not hold each other (a type's fields lead back to the type) — only the
// model holds them all.

/// A `__Type`: a named type, or a list or non-null wrapper (spec §4.2.2).
final class IntrospectionType: FieldReadable {
    let ref: GraphQLTypeRef
    let kind: String
    let name: String?
    let description: String?
    let specifiedByURL: String?
    /// `true`/`false` for input objects, `null` for every other kind.
    let isOneOf: Bool?
    /// Fields, enum values, input fields: all of them, and those not deprecated.
    let fields: IncludeDeprecatedLists?
    let enumValues: IncludeDeprecatedLists?
    let inputFields: IncludeDeprecatedLists?
    /// What a list or non-null wraps; wrappers only lead inwards, so they can hold it.
    let ofType: IntrospectionType?

    init(
        ref: GraphQLTypeRef, kind: GraphQLTypeKind, name: String?, description: String?, specifiedByURL: String?,
        isOneOf: Bool?, fields: IncludeDeprecatedLists?, enumValues: IncludeDeprecatedLists?,
        inputFields: IncludeDeprecatedLists?, ofType: IntrospectionType?
    ) {
        self.ref = ref
        self.kind = kind.rawValue
        self.name = name
        self.description = description
        self.specifiedByURL = specifiedByURL
        self.isOneOf = isOneOf
        self.fields = fields
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.ofType = ofType
    }

    func graphQLField(_ field: String) -> (any Sendable)? {
        switch field {
        case "kind": return kind
        case "name": return name
        case "description": return description
        case "specifiedByURL": return specifiedByURL
        case "isOneOf": return isOneOf
        case "ofType": return ofType
        default: return nil
        }
    }
}

/// A `__Field` (spec §4.2.3).
final class IntrospectionField: FieldReadable {
    let name: String
    let description: String?
    let args: IncludeDeprecatedLists
    /// Where the model keeps this field's `__Type`.
    let typeSlot: Int
    let deprecationReason: String?

    init(name: String, description: String?, args: IncludeDeprecatedLists, typeSlot: Int, deprecationReason: String?) {
        self.name = name
        self.description = description
        self.args = args
        self.typeSlot = typeSlot
        self.deprecationReason = deprecationReason
    }

    func graphQLField(_ field: String) -> (any Sendable)? {
        switch field {
        case "name": return name
        case "description": return description
        case "isDeprecated": return deprecationReason != nil
        case "deprecationReason": return deprecationReason
        default: return nil
        }
    }
}

/// An `__InputValue`: an argument or an input field (spec §4.2.4).
final class IntrospectionInputValue: FieldReadable {
    let name: String
    let description: String?
    let typeSlot: Int
    /// The default value printed as a GraphQL literal, as graphql-js prints it.
    let defaultValue: String?
    let deprecationReason: String?

    init(name: String, description: String?, typeSlot: Int, defaultValue: String?, deprecationReason: String?) {
        self.name = name
        self.description = description
        self.typeSlot = typeSlot
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
    }

    func graphQLField(_ field: String) -> (any Sendable)? {
        switch field {
        case "name": return name
        case "description": return description
        case "defaultValue": return defaultValue
        case "isDeprecated": return deprecationReason != nil
        case "deprecationReason": return deprecationReason
        default: return nil
        }
    }
}

/// An `__EnumValue` (spec §4.2.5).
final class IntrospectionEnumValue: FieldReadable {
    let name: String
    let description: String?
    let deprecationReason: String?

    init(name: String, description: String?, deprecationReason: String?) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
    }

    func graphQLField(_ field: String) -> (any Sendable)? {
        switch field {
        case "name": return name
        case "description": return description
        case "isDeprecated": return deprecationReason != nil
        case "deprecationReason": return deprecationReason
        default: return nil
        }
    }
}

/// A `__Directive` (spec §4.2.6).
final class IntrospectionDirective: FieldReadable {
    let name: String
    let description: String?
    /// `__DirectiveLocation` names.
    let locations: [(any Sendable)?]
    let args: IncludeDeprecatedLists
    let isRepeatable: Bool

    init(name: String, description: String?, locations: [DirectiveLocation], args: IncludeDeprecatedLists, isRepeatable: Bool) {
        self.name = name
        self.description = description
        self.locations = locations.map { $0.rawValue }
        self.args = args
        self.isRepeatable = isRepeatable
    }

    func graphQLField(_ field: String) -> (any Sendable)? {
        switch field {
        case "name": return name
        case "description": return description
        case "locations": return locations
        case "isRepeatable": return isRepeatable
        default: return nil
        }
    }
}

/// The `__Schema` (spec §4.2.1); it holds the types, which never lead back to it.
final class IntrospectionSchema: FieldReadable {
    let description: String?
    let types: [(any Sendable)?]
    let queryType: IntrospectionType?
    let mutationType: IntrospectionType?
    let subscriptionType: IntrospectionType?
    let directives: [(any Sendable)?]

    init(
        description: String?, types: [IntrospectionType], queryType: IntrospectionType?,
        mutationType: IntrospectionType?, subscriptionType: IntrospectionType?, directives: [IntrospectionDirective]
    ) {
        self.description = description
        self.types = types
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
        self.directives = directives
    }

    func graphQLField(_ field: String) -> (any Sendable)? {
        switch field {
        case "description": return description
        case "types": return types
        case "queryType": return queryType
        case "mutationType": return mutationType
        case "subscriptionType": return subscriptionType
        case "directives": return directives
        default: return nil
        }
    }
}

/// A list as `includeDeprecated` selects it: every element, or those not deprecated.
/// Both are built once, in the element type the executor completes without copying.
struct IncludeDeprecatedLists: Sendable {
    let all: [(any Sendable)?]
    let active: [(any Sendable)?]

    init(all: [any Sendable], isDeprecated: (Int) -> Bool) {
        self.all = all
        self.active = all.indices.filter { !isDeprecated($0) }.map { all[$0] }
    }

    func select(_ args: GraphQLObjectValue) -> [(any Sendable)?] {
        args["includeDeprecated"] == .bool(true) ? all : active
    }
}
