import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `stores` with its issuer, as `Store` reads it (ADMIN's dashboard).
package struct StoreRecord: NodeRecord {
    package let id: UUID
    let name: String
    let address: String
    let location: GeoPoint
    let issuer: IssuerRecord

    package static let objectTypeName = "Store"

    /// The columns ``init(row:)`` reads from ``from``.
    static let columns: SQL = """
        st.id, st.name, st.address, \(GeoPoint.columns("st.location", as: "location")), \(IssuerRecord.joinedColumns)
        """
    /// The stores aliased `st` with their issuers aliased `i`.
    static let from: SQL = "stores st JOIN issuers i ON i.id = st.issuer_id"

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        name = try row.decode("name", as: String.self)
        address = try row.decode("address", as: String.self)
        // NOT NULL in the table, so both degrees are always there.
        location = GeoPoint(
            latitude: try row.decode("location_latitude", as: Double.self), longitude: try row.decode("location_longitude", as: Double.self)
        )
        issuer = try IssuerRecord(joinedIn: row)
    }

    package static let fieldReaders: [String: @Sendable (StoreRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "name": { $0.name }, "address": { $0.address }, "location": { $0.location },
        "issuer": { $0.issuer },
    ]
}
