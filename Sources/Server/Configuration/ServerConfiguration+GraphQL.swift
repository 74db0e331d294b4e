import App

extension ServerConfiguration {
    /// The GraphQL engine's options from `QUARRY_INTROSPECTION` and the `QUARRY_GRAPHQL_*` limits.
    /// `role` allows introspection: each caller sees what its role may use, and no field is role-restricted yet.
    public var graphQLOptions: GraphQLService.Options {
        GraphQLService.Options(
            introspection: introspection != .off, introspectionByRole: introspection == .role, maxDepth: maxQueryDepth, maxAliases: maxAliases,
            maxCost: maxQueryCost, documentCacheSize: documentCacheSize
        )
    }
}
