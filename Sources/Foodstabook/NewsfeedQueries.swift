import AppCore
import Foundation
import Postgres

/// The newsfeed's reads (issue 16; seed foodstabook.md 2.6.1: "the most recent posts related to the user account
/// by friends, recent posts, and by others closest to the user"). The feed is three tiers, each newest first:
///
/// 1. the posts of the viewer, their friends and the users they follow, however old;
/// 2. other users' posts of the last ``recentDays`` days within ``nearbyMetres`` of the viewer's
///    `homeLocation` (no such tier without one);
/// 3. everyone else's posts of the last ``recentDays`` days.
///
/// A post is in exactly one tier (tier 2 and 3 leave out tier 1's authors, tier 3 leaves out tier 2's
/// places), so paging across a tier boundary shows no post twice; deleted posts are in none. A position is
/// (tier, created_at, id) (``Cursor/tier``).
enum NewsfeedQueries {
    /// How far back tiers 2 and 3 reach: a month of other people's posts is "recent" (the seed gives no
    /// figure; older ones are still on their authors' profiles).
    static let recentDays = 30
    /// How close a post must be to the viewer's `homeLocation` to be "nearby" (issue 16: 50 km).
    static let nearbyMetres = 50_000
    /// The tiers, in feed order.
    static let tiers = 1...3

    /// The authors of tier 1 as a one-column select (`author`): `viewer`, their friends and whom they follow,
    /// each once.
    static func authors(of viewer: UUID) -> SQL {
        """
        SELECT \(viewer)::uuid AS author UNION SELECT friend_id FROM friendships WHERE user_id = \(viewer)
        UNION SELECT followed_id FROM follows WHERE follower_id = \(viewer)
        """
    }

    /// Whether the post aliased `p` is within ``nearbyMetres`` of the viewer's home (the CTE `home`; statement
    /// text): tier 2 joins on it, tier 3 on its negation, so the two never share a post.
    private static let nearby: SQL = "ST_DWithin(p.location, h.point, \(nearbyMetres))"

    /// The ids and times of tier `tier`'s first `page.limit` posts after `page`'s cursor, newest first
    /// (statement text; ``PageRequest/condition(time:id:)``). Tier 1 reads one range of
    /// `posts_author_created_idx` per author, as the image feed does; tier 2 the GiST range of
    /// `posts_location_idx` around the home, sorted; tier 3 a range of `posts_created_idx`. `gate` keeps a
    /// tier from running at all once the tiers before it filled the page (a one-time filter).
    private static func tier(_ tier: Int, page: PageRequest, gate: SQL) -> SQL {
        let keyset = page.condition(time: "p.created_at", id: "p.id")
        let order: SQL = "ORDER BY p.created_at DESC, p.id DESC LIMIT \(page.limit)"
        let others: SQL = """
            \(PostQueries.live) AND p.created_at > now() - \(recentDays) * interval '1 day'
            AND NOT EXISTS (SELECT 1 FROM authors a WHERE a.author = p.author_id)
            """
        switch tier {
        case 1:
            return """
                SELECT 1 AS tier, p.id, p.created_at FROM authors a CROSS JOIN LATERAL (
                    SELECT p.id, p.created_at FROM posts p WHERE p.author_id = a.author AND \(PostQueries.live) AND \(keyset) \(order)
                ) p WHERE \(gate) \(order)
                """
        case 2:
            return """
                SELECT 2 AS tier, p.id, p.created_at FROM home h JOIN posts p ON \(nearby)
                WHERE \(others) AND \(keyset) AND \(gate) \(order)
                """
        default:
            return """
                SELECT 3 AS tier, p.id, p.created_at FROM posts p
                WHERE \(others) AND NOT EXISTS (SELECT 1 FROM home h WHERE \(nearby)) AND \(keyset) AND \(gate) \(order)
                """
        }
    }

    /// One page of `viewer`'s newsfeed in one statement (`page.after`, if any, is in one of ``tiers``): the
    /// tiers from the cursor's on, each at most a page and each read only while the tiers before it hold less
    /// than a page (``tier(_:page:gate:)``), then the page's posts with their columns. The first page of a
    /// feed with a full tier 1 reads tier 1 alone. (A `LIMIT` computed from the earlier tiers' counts would
    /// skip them too, but the planner then guesses a tenth of each tier is read, and the estimated cost of
    /// tier 3's distance checks set off JIT compilation: 40 ms a page on Benchmarks/http/newsfeed-seed.sql.)
    static func page(for viewer: UUID, page: PageRequest, database: PostgresPool) async throws -> Connection<PostRecord> {
        let first = page.after?.tier ?? tiers.lowerBound
        let fromTop = PageRequest(order: .newestFirst, size: page.size)
        var ctes: SQL = """
            authors AS (\(authors(of: viewer))),
            home AS (SELECT home_location AS point FROM users WHERE id = \(viewer) AND home_location IS NOT NULL)
            """
        var before: SQL = "0"
        var names: [SQL] = []
        for number in tiers where number >= first {
            let name = SQL(unsafeSQL: "tier\(number)")
            let part = tier(number, page: number == first ? page : fromTop, gate: "\(before) < \(page.limit)")
            ctes = ctes + ", \(name) AS (\(part))"
            before = before + " + (SELECT count(*) FROM \(name))"
            names.append(name)
        }
        let feed = names.dropFirst().reduce("SELECT * FROM \(names[0])" as SQL) { $0 + " UNION ALL SELECT * FROM \($1)" }
        let rows = try await database.query("""
            WITH \(ctes), feed AS (\(feed))
            SELECT \(PostRecord.columns(seenBy: viewer)), feed.tier FROM feed JOIN \(PostRecord.from) ON p.id = feed.id
            ORDER BY feed.tier, p.created_at DESC, p.id DESC LIMIT \(page.limit)
            """)
        return Connection(
            rows: try rows.map { row in
                let post = try PostRecord(row: row)
                return (post, Cursor(tier: try row.decode("tier", as: Int.self), time: post.createdAt, id: post.id))
            },
            request: page
        )
    }

    /// How many tier 1 posts were created after `since` (the seed's "button to update news feed"): one range
    /// of `posts_author_created_idx` per author.
    static func updates(for viewer: UUID, since: Date, database: PostgresPool) async throws -> Int {
        try await database.query("""
            SELECT count(*) AS n FROM (\(authors(of: viewer))) a
            JOIN posts p ON p.author_id = a.author AND \(PostQueries.live) AND p.created_at > \(since)
            """)[0].decode("n", as: Int.self)
    }
}
