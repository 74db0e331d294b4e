import AppCore
import Foundation
import GraphQLExecution
import Postgres

/// A row of `issuers`, as `Issuer` reads it: the public catalogue of who issues loyalty cards.
package struct IssuerRecord: NodeRecord {
    package let id: UUID
    let name: String
    let logoURL: String?
    let website: String?

    package static let objectTypeName = "Issuer"

    /// The columns ``init(row:)`` reads, from `issuers` aliased `i`.
    static let columns: SQL = "i.id, i.name, i.logo_url, i.website"

    init(row: PostgresRow) throws {
        id = try row.decode("id", as: UUID.self)
        name = try row.decode("name", as: String.self)
        logoURL = try row.decode("logo_url", as: String?.self)
        website = try row.decode("website", as: String?.self)
    }

    /// The columns ``init(joinedIn:)`` reads: issuers aliased `i` joined to a card's, store's or offer's row.
    static let joinedColumns: SQL = "i.id AS issuer_id, i.name AS issuer_name, i.logo_url AS issuer_logo_url, i.website AS issuer_website"

    /// The issuer ``joinedColumns`` read into `row` (a left join that found none has a NULL `issuer_id`).
    init(joinedIn row: PostgresRow) throws {
        id = try row.decode("issuer_id", as: UUID.self)
        name = try row.decode("issuer_name", as: String.self)
        logoURL = try row.decode("issuer_logo_url", as: String?.self)
        website = try row.decode("issuer_website", as: String?.self)
    }

    package static let fieldReaders: [String: @Sendable (IssuerRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "name": { $0.name }, "logoUrl": { $0.logoURL }, "website": { $0.website },
    ]
}
