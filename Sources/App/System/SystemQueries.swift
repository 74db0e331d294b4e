import Postgres

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The reads of schema/system.graphql.
enum SystemQueries {
    /// The database clock, from exactly one statement.
    static func serverTime(database: PostgresPool) async throws -> Date {
        let rows = try await database.query("SELECT now() AS now")
        return try rows[0].decode("now", as: Date.self)
    }
}
