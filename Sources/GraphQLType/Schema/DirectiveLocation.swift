import GraphQLLanguage

extension DirectiveLocation {
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
        case .enum: "Location adjacent to an enum definition."
        case .enumValue: "Location adjacent to an enum value definition."
        case .inputObject: "Location adjacent to an input object type definition."
        case .inputFieldDefinition: "Location adjacent to an input object field definition."
        }
    }
}
