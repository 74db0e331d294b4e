import AppCore
import GraphQLExecution
import Postgres

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Resolvers of schema/system.graphql.
enum SystemResolvers {
    static func bind(into builder: inout ExecutableSchemaBuilder<QuarryContext>) {
        builder.resolve("Query", "ping") { _ in "pong" }
        builder.resolveDomain("Query", "serverTime") { info in
            try await serverTime(database: info.context.database)
        }
    }

    /// The database clock, from exactly one statement.
    static func serverTime(database: PostgresPool) async throws -> Date {
        let rows = try await database.query("SELECT now() AS now")
        return try rows[0].decode("now", as: Date.self)
    }
}
