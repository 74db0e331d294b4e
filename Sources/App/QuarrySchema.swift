import AppCore
import GraphQLLanguage
import GraphQLType

/// Quarry's GraphQL schema: every SDL file of `schema/` merged into one
/// schema, with the custom scalars' coercion.
public enum QuarrySchema {
    /// Coercion of Quarry's custom scalars, by name.
    public static let scalars: [String: GraphQLScalarCoercion] = [
        "DateTime": DateTimeScalar.coercion,
        "Upload": UploadScalar.coercion,
        "UUID": UUIDScalar.coercion,
        "URL": URLScalar.coercion,
    ]

    /// Builds and validates the schema from the SDL files in `directory`.
    public static func build(directory: String) throws -> GraphQLSchema {
        try buildSchema(sources: SchemaFiles.load(directory: directory), scalars: scalars)
    }
}
