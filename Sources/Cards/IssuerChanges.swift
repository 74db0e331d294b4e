import AppCore
import Foundation
import Postgres

/// The issuers' catalogue's writes (ADMIN, by the schema's `@auth`). Names are unique ignoring case.
package enum IssuerChanges {
    static func create(_ form: IssuerForm, database: PostgresPool) async throws -> IssuerRecord {
        try await unique {
            try IssuerRecord(row: try await database.query("""
                INSERT INTO issuers AS i (name, logo_url, website) VALUES (\(form.name), \(form.logoURL), \(form.website))
                RETURNING \(IssuerRecord.columns)
                """)[0])
        }
    }

    static func update(_ id: UUID, with form: IssuerForm, database: PostgresPool) async throws -> IssuerRecord {
        try await unique {
            let rows = try await database.query("""
                UPDATE issuers i SET name = \(form.name), logo_url = \(form.logoURL), website = \(form.website)
                WHERE i.id = \(id) RETURNING \(IssuerRecord.columns)
                """)
            guard let row = rows.first else { throw CardErrors.issuerNotFound }
            return try IssuerRecord(row: row)
        }
    }

    /// Deletes issuer `id`; the cards it issued keep their other fields and lose their issuer.
    static func delete(_ id: UUID, database: PostgresPool) async throws {
        guard try await !database.query("DELETE FROM issuers WHERE id = \(id) RETURNING id").isEmpty else {
            throw CardErrors.issuerNotFound
        }
    }

    /// `write`, with a name another issuer has answered as a field error.
    private static func unique(_ write: () async throws -> IssuerRecord) async throws -> IssuerRecord {
        do {
            return try await write()
        } catch let error as PostgresError where error.sqlState == "23505" {
            throw CardErrors.issuerNameTaken
        }
    }
}
