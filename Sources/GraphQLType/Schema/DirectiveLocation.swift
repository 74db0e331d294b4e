/// Where a directive may appear (spec §3.13, `DirectiveLocations`).
///
/// Raw values are the spec's names, as SDL and introspection (`__DirectiveLocation`) spell them.
public enum DirectiveLocation: String, Sendable, CaseIterable {
    // Executable directive locations.
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    // Type system directive locations.
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumeration = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"

    /// Whether the location is in an executable document rather than in the type system.
    public var isExecutable: Bool {
        switch self {
        case .query, .mutation, .subscription, .field, .fragmentDefinition, .fragmentSpread,
            .inlineFragment, .variableDefinition:
            true
        default:
            false
        }
    }

    /// The description introspection gives each location (graphql-js wording).
    public var descriptionText: String {
        switch self {
        case .query: "Location adjacent to a query operation."
        case .mutation: "Location adjacent to a mutation operation."
        case .subscription: "Location adjacent to a subscription operation."
        case .field: "Location adjacent to a field."
        case .fragmentDefinition: "Location adjacent to a fragment definition."
        case .fragmentSpread: "Location adjacent to a fragment spread."
        case .inlineFragment: "Location adjacent to an inline fragment."
        case .variableDefinition: "Location adjacent to a variable definition."
        case .schema: "Location adjacent to a schema definition."
        case .scalar: "Location adjacent to a scalar definition."
        case .object: "Location adjacent to an object type definition."
        case .fieldDefinition: "Location adjacent to a field definition."
        case .argumentDefinition: "Location adjacent to an argument definition."
        case .interface: "Location adjacent to an interface definition."
        case .union: "Location adjacent to a union definition."
        case .enumeration: "Location adjacent to an enum definition."
        case .enumValue: "Location adjacent to an enum value definition."
        case .inputObject: "Location adjacent to an input object type definition."
        case .inputFieldDefinition: "Location adjacent to an input object field definition."
        }
    }
}
