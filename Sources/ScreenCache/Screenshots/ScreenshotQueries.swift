import AppCore
import Foundation
import Postgres

/// One page of one user's screenshots: what `User.screenshots` asks its loader
/// for. `search` is the criteria as the client sent it (`nil` when none).
package struct ScreenshotPageKey: ChildPageKey {
    let ownerID: UUID
    let search: String?
    package let page: PageRequest

    package var parent: UUID { ownerID }
    package var shape: String? { search }
}

/// Reads of `screenshots` (db/migrations/0006_screenshots.sql).
package enum ScreenshotQueries {
    /// The pages of many users' screenshots (``ChildPages``): one statement per
    /// different (search, page) pair among `keys`, each owner's page one range
    /// scan of the (owner_id, created_at DESC, id DESC) index.
    static func pages(
        _ keys: [ScreenshotPageKey], database: PostgresPool
    ) async throws -> [ScreenshotPageKey: Connection<ScreenshotRecord>] {
        try await ChildPages.read(keys, database: database, query: { search in
            var condition: SQL = "s.owner_id = k.parent"
            if let search = search.flatMap({ ScreenshotSearch.condition(column: "s.annotation", query: $0) }) {
                condition = condition + " AND " + search
            }
            return PageQuery(
                columns: ScreenshotRecord.columns, from: "screenshots s JOIN media m ON m.id = s.media_id",
                condition: condition, time: "s.created_at", id: "s.id"
            )
        }, record: ScreenshotRecord.init(row:))
    }

    /// The screenshot with `id` as `viewer` sees it (``ScreenshotRecord/viewerIsFriend`` set), or `nil`.
    package static func screenshot(id: UUID, seenBy viewer: UUID?, database: PostgresPool) async throws -> ScreenshotRecord? {
        try await database.query("""
            SELECT \(ScreenshotRecord.columns(seenBy: viewer)) FROM screenshots s JOIN media m ON m.id = s.media_id
            WHERE s.id = \(id)
            """).first.map(ScreenshotRecord.init(row:))
    }
}
