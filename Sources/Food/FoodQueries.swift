import AppCore
import Foundation
import Postgres

/// The food suggestion tool's reads. The catalogue is the same for everyone;
/// what a user was shown, and likes, are theirs alone: every statement here
/// takes the viewer's id.
package enum FoodQueries {
    /// The foods not shown to `viewer` in `round`, each with its affinity to
    /// the user: how many of its words (tags, and the words of its name) are
    /// among the tags of the suggestions they liked and the words of their 20
    /// newest live post captions (`posts`, Foodstabook's photo posts; a range of
    /// `posts_author_created_idx`). The whole catalogue is a few hundred rows.
    static func candidates(for viewer: UUID, round: Int, on connection: PostgresConnection) async throws -> [FoodCandidate] {
        try await connection.query("""
            WITH words AS (
                SELECT t AS word FROM food_likes l JOIN foods lf ON lf.id = l.food_id, unnest(lf.tags) t WHERE l.user_id = \(viewer)
                UNION
                SELECT w FROM (
                    SELECT p.caption FROM posts p
                    WHERE p.author_id = \(viewer) AND p.deleted_at IS NULL AND p.caption IS NOT NULL
                    ORDER BY p.created_at DESC, p.id DESC LIMIT 20
                ) recent, regexp_split_to_table(lower(recent.caption), '[^[:alpha:]]+') w
            )
            SELECT f.id, f.categories, f.tags,
                (SELECT count(*) FROM words WHERE word = ANY (f.tags || regexp_split_to_array(lower(f.name), '[^[:alpha:]]+')))::int
                    AS affinity
            FROM foods f
            WHERE NOT EXISTS (
                SELECT 1 FROM food_suggestions_shown s WHERE s.user_id = \(viewer) AND s.round = \(round) AND s.food_id = f.id
            )
            """).map(FoodCandidate.init(row:))
    }

    /// Food `id` as the source of "more like this" (its affinity is not used); `nil` when there is none.
    static func source(_ id: UUID, on connection: PostgresConnection) async throws -> FoodCandidate? {
        try await connection.query("SELECT f.id, f.categories, f.tags, 0 AS affinity FROM foods f WHERE f.id = \(id)")
            .first.map(FoodCandidate.init(row:))
    }

    /// `viewer`'s favourite categories, each weighted by how many of the
    /// suggestions they liked, or asked more like, are in it.
    static func favourites(of viewer: UUID, on connection: PostgresConnection) async throws -> [String: Int] {
        let rows = try await connection.query("""
            SELECT c AS category, count(*)::int AS weight
            FROM (
                SELECT l.food_id FROM food_likes l WHERE l.user_id = \(viewer)
                UNION ALL
                SELECT DISTINCT s.more_like_id FROM food_suggestions_shown s WHERE s.user_id = \(viewer) AND s.more_like_id IS NOT NULL
            ) chosen JOIN foods f ON f.id = chosen.food_id, unnest(f.categories) c
            GROUP BY c
            """)
        return try Dictionary(uniqueKeysWithValues: rows.map { (try $0.decode("category", as: String.self), try $0.decode("weight", as: Int.self)) })
    }

    /// Foods `ids` as `viewer` sees them, in the order of `ids`.
    static func foods(_ ids: [UUID], seenBy viewer: UUID, on connection: PostgresConnection) async throws -> [FoodRecord] {
        let rows = try await connection.query("SELECT \(FoodRecord.columns(seenBy: viewer)) FROM foods f WHERE f.id = ANY(\(ids))")
        let byID = Dictionary(uniqueKeysWithValues: try rows.map(FoodRecord.init(row:)).map { ($0.id, $0) })
        return ids.compactMap { byID[$0] }
    }

    /// Food `id` as `viewer` sees it; `nil` when there is none.
    static func read(_ id: UUID, seenBy viewer: UUID, database: PostgresPool) async throws -> FoodRecord? {
        try await database.query("SELECT \(FoodRecord.columns(seenBy: viewer)) FROM foods f WHERE f.id = \(id)").first.map(FoodRecord.init(row:))
    }

    /// Food `id` for `Query.node`: `nil` for a guest (the tool is for signed-in users).
    package static func food(_ id: UUID, seenBy viewer: UUID?, database: PostgresPool) async throws -> FoodRecord? {
        guard let viewer else { return nil }
        return try await read(id, seenBy: viewer, database: database)
    }

    /// How `viewer`'s history is read: every suggestion shown to them, newest first (`food_suggestions_shown_history_idx`).
    static func history(of viewer: UUID) -> PageQuery {
        PageQuery(
            columns: FoodHistoryEntryRecord.columns(seenBy: viewer), from: FoodHistoryEntryRecord.from,
            condition: "s.user_id = \(viewer)", time: "s.shown_at", id: "s.id"
        )
    }

    /// A page of `viewer`'s history.
    static func history(of viewer: UUID, page: PageRequest, database: PostgresPool) async throws -> Connection<FoodHistoryEntryRecord> {
        try await ListPages.read(page: page, query: history(of: viewer), database: database, record: FoodHistoryEntryRecord.init(row:))
    }

    /// The colour of food `id`'s picture (`#RRGGBB`); `nil` when there is no such food.
    package static func pictureColour(of id: UUID, database: PostgresPool) async throws -> String? {
        try await database.query("SELECT f.colour FROM foods f WHERE f.id = \(id)").first.map { try $0.decode("colour", as: String.self) }
    }
}
