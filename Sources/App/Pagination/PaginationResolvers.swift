import GraphQLExecution

/// Binds schema/pagination.graphql. Each area binds its own `XConnection` and
/// `XEdge` types with `readProperties(of:)`: ``Connection`` answers them.
enum PaginationResolvers {
    static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readProperties(of: "PageInfo")
    }
}
