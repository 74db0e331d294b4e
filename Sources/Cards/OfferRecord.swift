import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// An offer valid in a store, with the store's name and issuer, as `Offer` reads it; `distanceMeters` is the
/// distance from the point the statement measured from (``OfferArea``), `nil` without one.
package struct OfferRecord: NodeRecord {
    package let id: UUID
    let storeName: String
    let details: String
    let thumbnailMediaID: UUID?
    let validFrom: Date
    let validTo: Date
    let issuer: IssuerRecord
    let distanceMeters: Double?

    package static let objectTypeName = "Offer"

    /// The columns ``init(row:)`` reads from offers aliased `n` (with a `distance` column), their stores `s`
    /// and issuers `i`.
    static let columns: SQL = """
        n.id, n.details, n.thumbnail_media_id, n.valid_from, n.valid_to, n.distance, s.name AS store_name,
        \(IssuerRecord.joinedColumns)
        """

    /// `rows` (offers with a `distance` column) aliased `n`, joined to their stores and issuers.
    static func from(_ rows: SQL) -> SQL {
        "(\(rows)) n JOIN stores s ON s.id = n.store_id JOIN issuers i ON i.id = n.issuer_id"
    }

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        details = try row.decode("details", as: String.self)
        thumbnailMediaID = try row.decode("thumbnail_media_id", as: UUID?.self)
        validFrom = try row.decode("valid_from", as: Date.self)
        validTo = try row.decode("valid_to", as: Date.self)
        distanceMeters = try row.decode("distance", as: Double?.self)
        storeName = try row.decode("store_name", as: String.self)
        issuer = try IssuerRecord(joinedIn: row)
    }

    package static let fieldReaders: [String: @Sendable (OfferRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "storeName": { $0.storeName }, "details": { $0.details }, "validFrom": { $0.validFrom },
        "validTo": { $0.validTo }, "issuer": { $0.issuer }, "distanceMeters": { $0.distanceMeters },
    ]
}
