import AppCore
import Foundation
import Postgres

/// The stores' reads (ADMIN's dashboard).
package enum StoreQueries {
    /// Issuer `issuer`'s stores alphabetically (then by id); `nil` when there is no such issuer.
    static func stores(ofIssuer issuer: UUID, database: PostgresPool) async throws -> [StoreRecord]? {
        let rows = try await database.query("""
            SELECT \(StoreRecord.columns) FROM \(StoreRecord.from) WHERE st.issuer_id = \(issuer) ORDER BY lower(st.name), st.id
            """)
        if rows.isEmpty, try await database.query("SELECT 1 FROM issuers WHERE id = \(issuer)").isEmpty { return nil }
        return try rows.map(StoreRecord.init(row:))
    }
}
