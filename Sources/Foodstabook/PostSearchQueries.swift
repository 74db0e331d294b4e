import AppCore
import Foundation
import Postgres

/// `searchPosts`' one statement (seed foodstabook.md 2.7.1: "posts with keywords included in description, or
/// matching username or user email … ordered by best match to keywords, friends posts, and user location nearest
/// to user's location"). A live post matches when
/// - its author's e-mail address is the keywords (ignoring case; `users_email_key`),
/// - its author's nickname contains them (ignoring case; `users_nickname_trgm_idx`), or
/// - its caption holds every keyword, stemmed as English (`posts_caption_search_idx`,
///   db/migrations/0019_post_search.sql).
///
/// The list is ordered by, in turn:
/// 1. match quality, a tier: 0 the author's exact e-mail address, 1 the author's exact nickname, 2 the caption,
///    3 a nickname starting with the keywords, 4 a nickname containing them. An exact address or nickname names
///    one person, so it beats any caption; a caption that holds the words beats a nickname that merely contains
///    them ("pizza" finds pizza photos before every post by "pizzalover"). A post matching several ways takes its
///    best tier;
/// 2. within a tier, the caption's `ts_rank` (how often the words occur), highest first (0 without a caption match);
/// 3. posts of the viewer's friends first;
/// 4. distance from `near`, or from the viewer's `homeLocation` when `near` is absent, nearest first (measured on a
///    sphere, `use_spheroid` false: only the order counts, and the sphere is PostGIS's cheaper formula); posts
///    without a location, or every post when there is no point, come after those with one and tie;
/// 5. newest first, then by id, so that the order is total and a ``PostSearchCursor`` holding the key is exact.
///
/// The matching authors are found first (a BitmapOr of the two users indexes); their posts are a range of
/// `posts_author_created_idx` each, and the caption's matches by other authors a bitmap of the GIN index, so each
/// matching post is read once and its key computed once. The key cannot come from an index (the rank is
/// computed), so every match is keyed and the page is a top-N sort: the cost grows with the number of matches
/// (Benchmarks/README.md, "Post search").
enum PostSearchQueries {
    /// The key of the list's order, all ascending (statement text): rank and time are negated to read highest and
    /// newest first, `stranger` is false for a friend's post.
    private static let key: SQL = "k.tier, k.rank_key, k.stranger, k.distance, k.age_key, k.id"

    /// One page of the matches of `request`'s keywords as `viewer` sees them, and the cursor of each.
    static func page(_ request: PostSearchRequest, viewer: UUID, database: PostgresPool) async throws -> PostSearchResult {
        let keywords = request.keywords
        // Not nil: the keywords are never blank (PostSearchInput.keywords).
        let nickname = SubstringFilter(keywords)!
        let origin: SQL = request.near?.geography ?? "(SELECT u.home_location FROM users u WHERE u.id = \(viewer))"
        var after: SQL = "TRUE"
        if let cursor = request.after {
            after = """
                (\(key)) > (\(cursor.tier), \(cursor.rank), \(cursor.stranger), \(cursor.distance), \(cursor.age), \(cursor.id))
                """
        }
        let rows = try await database.query("""
            WITH q AS (
                SELECT plainto_tsquery('english', \(keywords)) AS query
            ), authors AS (
                SELECT u.id, CASE WHEN lower(u.email) = lower(\(keywords)) THEN 0 WHEN lower(u.nickname) = lower(\(keywords)) THEN 1
                    WHEN \(nickname.isPrefix(of: "u.nickname")) THEN 3 ELSE 4 END AS tier
                FROM users u WHERE lower(u.email) = lower(\(keywords)) OR \(nickname.matches("u.nickname"))
            ), matches AS (
                SELECT p.id, p.author_id, p.location, p.created_at,
                    CASE WHEN a.tier > 2 AND p.caption_search @@ q.query THEN 2 ELSE a.tier END AS tier,
                    CASE WHEN p.caption_search @@ q.query THEN ts_rank(p.caption_search, q.query) ELSE 0 END AS rank
                FROM authors a JOIN posts p ON p.author_id = a.id AND \(PostQueries.live), q
                UNION ALL
                SELECT p.id, p.author_id, p.location, p.created_at, 2, ts_rank(p.caption_search, q.query)
                FROM posts p, q
                WHERE p.caption_search @@ q.query AND \(PostQueries.live) AND p.author_id NOT IN (SELECT a.id FROM authors a)
            ), keyed AS (
                SELECT m.id, m.tier, -m.rank::float8 AS rank_key,
                    NOT EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = \(viewer) AND f.friend_id = m.author_id) AS stranger,
                    coalesce(ST_Distance(m.location, \(origin), false), 'Infinity') AS distance,
                    -(extract(epoch FROM m.created_at) * 1000000)::int8 AS age_key
                FROM matches m
            ), page AS (
                SELECT * FROM keyed k WHERE \(after) ORDER BY \(key) LIMIT \(request.size + 1)
            )
            SELECT \(PostRecord.columns(seenBy: viewer)), k.tier, k.rank_key, k.stranger, k.distance, k.age_key
            FROM page k JOIN \(PostRecord.from) ON p.id = k.id
            ORDER BY \(key)
            """)
        return PostSearchResult(
            rows: try rows.map { row in
                let post = try PostRecord(row: row)
                let cursor = PostSearchCursor(
                    tier: try row.decode("tier", as: Int.self), rank: try row.decode("rank_key", as: Double.self),
                    stranger: try row.decode("stranger", as: Bool.self), distance: try row.decode("distance", as: Double.self),
                    age: try row.decode("age_key", as: Int64.self), id: post.id
                )
                return (node: post, cursor: cursor.text)
            },
            request: request
        )
    }
}
