import AppCore
import GraphQLExecution

/// Resolvers of schema/system.graphql.
enum SystemResolvers {
    static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolve("Query", "ping") { _ in "pong" }
        builder.resolveDomain("Query", "serverTime") { info in
            try await SystemQueries.serverTime(database: info.context.database)
        }
    }
}
