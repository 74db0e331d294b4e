import Foundation
import Postgres

/// One page of one user's screenshots: what `User.screenshots` asks its loader
/// for. `search` is the criteria as the client sent it (`nil` when none).
struct ScreenshotPageKey: Sendable, Hashable {
    let ownerID: UUID
    let search: String?
    let page: PageRequest
}

/// Reads of `screenshots` (db/migrations/0006_screenshots.sql).
enum ScreenshotQueries {
    /// The pages of many users' screenshots in as few statements as there are
    /// different (search, page) pairs among `keys` — one for the usual "each
    /// friend's latest 3" — so a list of users with their screenshots costs the
    /// same number of statements however long it is (DESIGN.md "One round trip
    /// per level"). Each page holds up to ``PageRequest/limit`` rows in the
    /// page's order (the extra row tells ``Connection`` that more follow).
    ///
    /// Each owner's rows are read by a `LATERAL` subquery with its own `LIMIT`,
    /// one range scan of the (owner_id, created_at DESC, id DESC) index per owner,
    /// so the cost follows the rows returned, not all the rows the owners have
    /// (a `row_number()` window over `owner_id = ANY(…)` would number them all).
    static func pages(_ keys: [ScreenshotPageKey], database: PostgresPool) async throws -> [ScreenshotPageKey: [ScreenshotRecord]] {
        var answers: [ScreenshotPageKey: [ScreenshotRecord]] = [:]
        let groups = Dictionary(grouping: keys) { PageGroup(search: $0.search, page: $0.page) }
        for (group, members) in groups {
            let owners = members.map(\.ownerID)
            let rows = try await database.query(statement(for: group, owners: owners))
            var byOwner: [UUID: [ScreenshotRecord]] = [:]
            for row in rows {
                let record = try ScreenshotRecord(row: row)
                byOwner[record.ownerID, default: []].append(record)
            }
            for key in members { answers[key] = byOwner[key.ownerID] ?? [] }
        }
        return answers
    }

    /// The keys that one statement answers.
    private struct PageGroup: Hashable {
        let search: String?
        let page: PageRequest
    }

    private static func statement(for group: PageGroup, owners: [UUID]) -> SQL {
        var conditions: SQL = "s.owner_id = o.owner_id AND " + group.page.condition(time: "s.created_at", id: "s.id")
        if let search = group.search.flatMap({ ScreenshotSearch.condition(column: "s.annotation", query: $0) }) {
            conditions = conditions + " AND " + search
        }
        return """
            SELECT p.* FROM unnest(\(owners)::uuid[]) AS o(owner_id)
            CROSS JOIN LATERAL (
                SELECT \(ScreenshotRecord.columns) FROM screenshots s JOIN media m ON m.id = s.media_id
                WHERE \(conditions)
                ORDER BY \(group.page.ordering(time: "s.created_at", id: "s.id")) LIMIT \(group.page.limit)
            ) p
            ORDER BY p.owner_id, \(group.page.ordering(time: "p.created_at", id: "p.id"))
            """
    }

    /// The screenshot with `id` as `viewer` sees it (``ScreenshotRecord/viewerIsFriend`` set), or `nil`.
    static func screenshot(id: UUID, seenBy viewer: UUID?, database: PostgresPool) async throws -> ScreenshotRecord? {
        try await database.query("""
            SELECT \(ScreenshotRecord.columns(seenBy: viewer)) FROM screenshots s JOIN media m ON m.id = s.media_id
            WHERE s.id = \(id)
            """).first.map(ScreenshotRecord.init(row:))
    }
}
