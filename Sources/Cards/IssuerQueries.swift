import AppCore
import Foundation
import Postgres

/// The issuers' catalogue: public, alphabetical.
package enum IssuerQueries {
    /// The issuers whose name contains `search` (ignoring case; all without one), alphabetically. The
    /// catalogue is small (the brands whose cards people carry), so it is one list, not pages.
    static func issuers(search: SubstringFilter?, database: PostgresPool) async throws -> [IssuerRecord] {
        let condition: SQL = search.map { $0.matches("i.name") } ?? "TRUE"
        return try await database.query("""
            SELECT \(IssuerRecord.columns) FROM issuers i WHERE \(condition) ORDER BY lower(i.name), i.id
            """).map(IssuerRecord.init(row:))
    }
}
