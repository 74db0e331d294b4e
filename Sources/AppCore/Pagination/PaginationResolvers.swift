import GraphQLExecution

/// Binds schema/pagination.graphql. Each area binds its own `XConnection` and
/// `XEdge` types with ``Connection/bind(as:edge:into:)``.
package enum PaginationResolvers {
    package static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.readFields(of: PageInfo.self)
    }
}
