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

    init(id: UUID, name: String, logoURL: String?, website: String?) {
        self.id = id
        self.name = name
        self.logoURL = logoURL
        self.website = website
    }

    package static let fieldReaders: [String: @Sendable (IssuerRecord) -> (any Sendable)?] = [
        "id": { $0.globalID }, "name": { $0.name }, "logoUrl": { $0.logoURL }, "website": { $0.website },
    ]
}
