import Foundation
import Postgres

/// The one way to read a page of a root list (the admin dashboard's users,
/// pending selfies, event logs, error reports and job runs; the image feed):
/// one keyset range of the list's (time, id) index with `LIMIT` one more
/// than the page, in one statement, as a ``Connection``. Children of many parents are ``ChildPages``' part.
package enum ListPages {
    package static func read<Record: Sendable>(
        page: PageRequest, query: PageQuery, database: PostgresPool, record: (PostgresRow) throws -> Record
    ) async throws -> Connection<Record> {
        let rows = try await database.query("""
            SELECT \(query.columns), \(query.time) AS page_time, \(query.id) AS page_id FROM \(query.from)
            WHERE \(query.condition) AND \(page.condition(time: query.time, id: query.id))
            ORDER BY \(page.ordering(time: query.time, id: query.id)) LIMIT \(page.limit)
            """)
        return Connection(
            rows: try rows.map { row in
                (try record(row), Cursor(time: try row.decode("page_time", as: Date.self), id: try row.decode("page_id", as: UUID.self)))
            },
            request: page
        )
    }
}
