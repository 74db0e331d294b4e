import App
import AppCore
import GraphQLType
import Postgres

extension ServerConfiguration {
    /// The GraphQL engine's options from `QUARRY_INTROSPECTION`, the `QUARRY_GRAPHQL_*` limits and persisted documents.
    /// `role` allows introspection: each caller sees what its role may use, and no field is role-restricted yet.
    public var graphQLOptions: GraphQLService.Options {
        GraphQLService.Options(
            introspection: introspection != .off, introspectionByRole: introspection == .role, maxDepth: maxQueryDepth, maxAliases: maxAliases,
            maxCost: maxQueryCost, documentCacheSize: documentCacheSize,
            persistedQueriesMax: persistedDocuments.persistedQueriesMax,
            trustedDocuments: persistedDocuments.trustedDocuments, offersRadiusMeters: Double(offersRadiusKilometers) * 1_000
        )
    }

    /// The GraphQL service of this configuration. A trusted document that does
    /// not parse or validate stops start-up with a ``ConfigurationError`` naming
    /// `QUARRY_TRUSTED_DOCUMENTS_MANIFEST`. Masked errors go to `errorReporter`.
    public func makeGraphQLService(
        schema: GraphQLSchema, database: PostgresPool, accounts: AccountServices, media: MediaServices? = nil,
        errorReporter: ErrorReporter = .discarding
    ) throws -> GraphQLService {
        do {
            return try GraphQLService(
                schema: schema, database: database, accounts: accounts, options: graphQLOptions, media: media,
                errorReporter: errorReporter
            )
        } catch let invalid as InvalidTrustedDocument {
            throw ConfigurationError(
                variable: PersistedDocumentsConfiguration.manifestVariable,
                value: persistedDocuments.manifestPath ?? "",
                expected: "documents that parse and validate against the schema; \(invalid)"
            )
        }
    }
}
