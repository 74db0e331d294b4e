import AppCore
import Foundation
import Postgres

/// The food suggestion tool's writes: a call of `foodSuggestions` (which
/// records what it shows), starting over, likes.
enum FoodSuggestionChanges {
    /// The next suggestions for `viewer` (``FoodPicker``), recorded in their
    /// round and history in the same transaction. The transaction first locks
    /// the user's round row, so a second call of the same user waits for this
    /// one to commit and then sees what it showed (READ COMMITTED reads anew at
    /// each statement); the unique (user, round, food) constraint backs it up.
    /// `NO_MORE_SUGGESTIONS` when nothing is left to show.
    static func suggest(category: String?, moreLike: UUID?, for viewer: UUID, database: PostgresPool) async throws -> [FoodRecord] {
        try await database.withTransaction { connection in
            let round = try await connection.query("""
                INSERT INTO food_suggestion_rounds AS r (user_id) VALUES (\(viewer))
                ON CONFLICT (user_id) DO UPDATE SET round = r.round
                RETURNING r.round
                """)[0].decode("round", as: Int.self)
            let candidates = try await FoodQueries.candidates(for: viewer, round: round, on: connection)
            var random = SystemRandomNumberGenerator()
            let picked: [FoodCandidate]
            if let moreLike {
                guard let source = try await FoodQueries.source(moreLike, on: connection) else { throw FoodErrors.foodNotFound }
                let pool = category.map { category in candidates.filter { $0.categories.contains(category) } } ?? candidates
                picked = FoodPicker.similar(to: source, from: pool, using: &random)
            } else {
                let favourites = try await FoodQueries.favourites(of: viewer, on: connection)
                picked = FoodPicker.mix(from: candidates, category: category, favourites: favourites, using: &random)
            }
            guard !picked.isEmpty else { throw FoodErrors.noMoreSuggestions }
            let ids = picked.map(\.id)
            _ = try await connection.execute("""
                INSERT INTO food_suggestions_shown (user_id, round, food_id, more_like_id)
                SELECT \(viewer)::uuid, \(round)::int, shown.id, \(moreLike)::uuid FROM unnest(\(ids)::uuid[]) AS shown (id)
                """)
            return try await FoodQueries.foods(ids, seenBy: viewer, on: connection)
        }
    }

    /// Starts a new round for `viewer`: every food may be suggested again. The history stays.
    static func startOver(for viewer: UUID, database: PostgresPool) async throws {
        _ = try await database.execute("""
            INSERT INTO food_suggestion_rounds AS r (user_id) VALUES (\(viewer))
            ON CONFLICT (user_id) DO UPDATE SET round = r.round + 1, started_at = now()
            """)
    }

    /// `viewer` likes food `id` (liking twice changes nothing); answers the food as they now see it.
    static func like(_ id: UUID, by viewer: UUID, database: PostgresPool) async throws -> FoodRecord {
        _ = try await database.execute("""
            INSERT INTO food_likes (user_id, food_id) SELECT \(viewer), f.id FROM foods f WHERE f.id = \(id) ON CONFLICT DO NOTHING
            """)
        return try await read(id, by: viewer, database: database)
    }

    /// `viewer` takes back their like of food `id` (nothing to do without one).
    static func unlike(_ id: UUID, by viewer: UUID, database: PostgresPool) async throws -> FoodRecord {
        _ = try await database.execute("DELETE FROM food_likes WHERE user_id = \(viewer) AND food_id = \(id)")
        return try await read(id, by: viewer, database: database)
    }

    private static func read(_ id: UUID, by viewer: UUID, database: PostgresPool) async throws -> FoodRecord {
        guard let food = try await FoodQueries.read(id, seenBy: viewer, database: database) else { throw FoodErrors.foodNotFound }
        return food
    }
}
